import ExerciseEngine
import ExerciseModel
import Foundation

extension LearnerCheck {
  /// Runs the learner's tests (`tests`, all passing against the feature) against each mutant
  /// the lesson names (``ManifestMutant/inLesson``), and gives one line per mutant: passed when
  /// a test caught it, failed with what to check when none did.
  ///
  /// - Parameters:
  ///   - linked: the link of their tests against the feature
  ///     (``Engine/linkLessonTests(_:module:package:scratch:logs:sharingFor:duringBuild:)``),
  ///     started as soon as the build had compiled them.
  ///   - early: whether the visible tests are still running (``check(_:progress:shouldStop:)``
  ///     starts this beside them when the last check reached the mutants): then only what is
  ///     quick is done, and nil is returned rather than building the mutants or compiling the
  ///     tests again.
  func lessonMutants(
    _ id: String, manifest: ExerciseManifest, package: URL, scratch: URL, tests: [ListedTest],
    runs: URL, linked: DeferredJob<Engine.LessonLink>?, early: Bool = false,
    progress: @escaping (Progress) -> Void
  ) throws -> [ExerciseReport.Line]? {
    let lesson = manifest.mutants.filter(\.inLesson)
    guard !lesson.isEmpty else { return [] }
    let sources = try ExerciseSources(id: id, layout: layout)
    let keys = tests.map(\.key)
    if manifest.gradesSources {
      // The learner's own tests: the lesson's test files are the feature's, not theirs.
      let own = tests.filter { !manifest.visibleTestFiles.contains($0.file) }.map(\.key)
      return try suiteMutants(
        sources, lesson: lesson, package: package, tests: own, runs: runs, linked: linked,
        early: early, progress: progress)
    }
    if early, !engine.lessonMutantsBuilt(of: id) { return nil }
    // The learner's own test objects, built as their package says, run against each mutant.
    let link =
      try linked?.value()
      ?? engine.linkLessonTests(
        id, module: manifest.module, package: package, scratch: scratch, logs: runs)
    let caught = try engine.lessonMutantsCaught(
      sources, mutants: lesson, link: link, tests: keys, logs: runs,
      building: { progress(.building(first: true, detail: "the lesson's mutants (once)")) })
    progress(.testing)
    return zip(lesson, caught).map { mutant, caught in
      line(mutant, caught: caught, manifest: manifest)
    }
  }

  /// Where the learner writes the feature too, their tests run against the reference feature
  /// and the lesson's mutants as the grader runs them (unsandboxed): as they were compiled for
  /// the visible tests, linked against those builds, when nothing can tell the builds apart
  /// (``Engine/lessonSuiteVerdicts(_:mutants:link:tests:package:logs:building:)``), else built
  /// again with the reference feature. One line per mutant. Verdicts are kept while the tests
  /// stay the same (``LessonVerdicts``): a save of the feature alone does not grade them again.
  private func suiteMutants(
    _ sources: ExerciseSources, lesson: [ManifestMutant], package: URL, tests keys: [String],
    runs: URL, linked: DeferredJob<Engine.LessonLink>?, early: Bool,
    progress: @escaping (Progress) -> Void
  ) throws -> [ExerciseReport.Line]? {
    let manifest = sources.manifest
    var tests = try SourceTree.read(
      package.appendingPathComponent("Tests/\(manifest.testModule)"))
    for name in manifest.visibleTestFiles { tests.files[name] = nil }
    // The verdicts never depend on the learner's own feature: a check whose tests, reference
    // feature, mutants and library are the same as the last one's keeps its verdicts.
    let record = work.appendingPathComponent("suites/\(manifest.id).lesson-verdicts.json")
    let key = try LessonVerdicts.key(
      sources, tests: tests, mutants: lesson, library: engine.suiteLibraryRecord)
    if let kept = LessonVerdicts.read(record), kept.key == key,
      lesson.allSatisfy({ kept.caught[$0.name] != nil })
    {
      return lesson.map { line($0, caught: kept.caught[$0.name] == true, manifest: manifest) }
    }
    try? FileManager.default.removeItem(at: record)
    func verdicts(_ caught: [Bool]) throws -> [ExerciseReport.Line] {
      try LessonVerdicts(
        key: key,
        caught: Dictionary(
          zip(lesson, caught).map { ($0.name, $1) }, uniquingKeysWith: { $1 })
      ).write(to: record)
      return zip(lesson, caught).map { line($0, caught: $1, manifest: manifest) }
    }
    func wrong(_ tests: [SuiteReport.WrongTest]) -> String {
      "These of your tests pass against your feature but not against the reference one, "
        + "so grading counts them as wrong: "
        + tests.map { "\($0.test) (\($0.message))" }.joined(separator: "; ")
    }
    if early, !engine.lessonMutantsBuilt(of: manifest.id) { return nil }
    // Their tests as the visible tests ran them, linked against the reference feature and the
    // mutants, when those objects can serve another build of the feature; else compiled again.
    if let link = try linked?.value(),
      let shared = try engine.lessonSuiteVerdicts(
        sources, mutants: lesson, link: link, tests: keys, package: package, logs: runs,
        building: { progress(.building(first: true, detail: "the lesson's mutants (once)")) })
    {
      progress(.testing)
      guard !shared.wrongTests.isEmpty else { return try verdicts(shared.caught) }
      return [problemLine(wrong(shared.wrongTests))]
    }
    if early { return nil }
    progress(.building(first: false, detail: "your tests, with the reference feature"))
    let graded = try engine.gradeSuite(
      .learner(tests), of: sources, in: runs.appendingPathComponent("suite"), mutants: lesson,
      generatedMutants: false, incrementalTests: true)[0]
    progress(.testing)
    let problem: String
    switch graded {
    case .graded(let report) where report.wrongTests.isEmpty:
      return try verdicts(
        lesson.map { mutant in
          report.verdicts.first { $0.mutant.name == mutant.name }?.isCaught ?? false
        })
    case .graded(let report):
      problem = wrong(report.wrongTests)
    case .compileError(let message):
      problem =
        "Your tests do not compile with the reference feature, which declares only what the "
        + "lesson gives:\n" + message
    case .loadFailure(let message):
      problem = message
    }
    return [problemLine(problem)]
  }

  /// The one line of a check whose tests could not meet the lesson's mutants: `problem` says
  /// why.
  private func problemLine(_ problem: String) -> ExerciseReport.Line {
    let test = ListedTest(
      key: "mutant tests-with-the-reference-feature",
      name: "your tests, with the reference feature", steps: [],
      suite: "Your tests, run against the reference code")
    return ExerciseReport.Line(test: test, outcome: .init(status: .failed, explanation: problem))
  }

  /// The line of a lesson mutant: passed when caught, else failed with what to check.
  func line(_ mutant: ManifestMutant, caught: Bool, manifest: ExerciseManifest)
    -> ExerciseReport.Line
  {
    let step =
      manifest.steps.indices.contains(mutant.step - 1) ? manifest.steps[mutant.step - 1] : nil
    let test = ListedTest(
      key: "mutant \(mutant.name)",
      name: "catches a feature where this goes wrong: " + mutant.behaviour,
      steps: [mutant.step], suite: step)
    guard !caught else { return ExerciseReport.Line(test: test, outcome: .init(status: .passed)) }
    return ExerciseReport.Line(
      test: test,
      outcome: .init(
        status: .failed,
        explanation:
          "Every one of your tests passes against a feature that gets this wrong: "
          + "\(mutant.behaviour). Write a test that checks it, and fails on such a feature."))
  }
}
