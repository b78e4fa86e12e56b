import ExerciseEngine
import ExerciseModel
import Foundation

extension ExerciseChecker {
  /// The build folder of the lesson's mutants: apart from the exercises', so building them never
  /// undoes a learner's build (their module has the exercise's own module name).
  var mutantScratch: URL { work.appendingPathComponent("mutants-scratch") }

  /// Runs the learner's tests (`keys`, all passing against the feature) against each mutant the
  /// lesson names (``ManifestMutant/inLesson``), and gives one line per mutant: passed when a
  /// test caught it, failed with what to check when none did. The tests are linked once
  /// against the feature as a library of its own, and run beside each mutant's library
  /// (``MutantLinker``), which is built once (``MutantLibraries``).
  ///
  /// - Parameter linked: where the learner writes only tests, the link of their tests against
  ///   the feature (``linkLessonTests(_:manifest:package:scratch:runs:)``), made while the
  ///   visible tests ran.
  func lessonMutants(
    _ id: String, manifest: ExerciseManifest, package: URL, scratch: URL, keys: [String],
    runs: URL, linked: BackgroundJob<LessonLink>?, progress: @escaping (Progress) -> Void
  ) throws -> [ExerciseReport.Line] {
    let lesson = manifest.mutants.filter(\.inLesson)
    guard !lesson.isEmpty else { return [] }
    try prepareLibrary(in: mutantScratch)
    let sources = try ExerciseSources(id: id, layout: layout)
    // Where the learner writes sources too, their tests are built again in an assembled package
    // (``suiteMutants``); else the learner's own test objects, built as their package says
    // (without library evolution), are linked against the mutants, which must be built the same
    // way.
    let libraries = MutantLibraries(
      sources: sources, package: work.appendingPathComponent("mutants/\(id)"),
      scratch: mutantScratch, logs: runs.appendingPathComponent("mutants"), buildTurns: nil,
      shape: manifest.gradesSources ? .assembled : .learner)
    if manifest.gradesSources {
      return try suiteMutants(
        sources, lesson: lesson, package: package, libraries: libraries, runs: runs,
        progress: progress)
    }
    let link =
      try linked?.value()
      ?? linkLessonTests(id, manifest: manifest, package: package, scratch: scratch, runs: runs)
    let (tests, feature) = (link.tests, link.library)
    if !FileManager.default.fileExists(
      atPath: mutantScratch.appendingPathComponent("workshop-mutants/\(id)").path)
    {
      progress(.building(first: true, detail: "the lesson's mutants (once)"))
    }
    // The mutants' symbols were checked against this very library, unless it or one of them
    // was made again since.
    let checked = link.folder.appendingPathComponent("symbols-checked")
    let rebuilt = try libraries.builtAny(of: lesson.map(\.name))
    if link.libraryLinked || rebuilt || !FileManager.default.fileExists(atPath: checked.path) {
      try? FileManager.default.removeItem(at: checked)
      try libraries.check(lesson.map(\.name), against: feature)
      try Data().write(to: checked)
    }
    let binaries = try lesson.enumerated().map { index, mutant in
      try MutantLinker.stage(
        tests: tests, library: try libraries.library(for: mutant.name),
        into: runs.appendingPathComponent("mutant-\(index + 1)/products"))
    }
    progress(.testing)
    // One test process per mutant, side by side: each mostly starts and waits.
    let caught = WorkQueue(width: 2 * ProcessInfo.processInfo.activeProcessorCount).map(
      Array(binaries.enumerated())
    ) { index, binary in
      Result {
        let results = try TestRunner(
          testModule: manifest.testModule, testIDs: keys,
          timeLimitSeconds: manifest.timeLimitSeconds, budgetSeconds: manifest.budgetSeconds,
          products: .binary(binary),
          work: runs.appendingPathComponent("mutant-\(index + 1)/tests")
        ).runAll()
        return keys.contains { results.outcomes[$0]?.status != .passed }
      }
    }
    return try zip(lesson, caught).map { mutant, caught in
      line(mutant, caught: try caught.get(), manifest: manifest)
    }
  }

  /// The learner's tests linked against the feature as a library of its own: what runs beside
  /// each lesson mutant's library.
  struct LessonLink: Sendable {
    var tests: URL
    var library: URL
    /// Whether the library was linked anew (rather than kept from the last check).
    var libraryLinked: Bool
    /// Kept from one check to the next.
    var folder: URL
  }

  /// Links the learner's tests, as this check built them, against the feature as a library of
  /// its own; the library is linked again only when the feature changed
  /// (``MutantLinker/linkFeatureAndTests(into:logs:keepingInputsIn:)``).
  func linkLessonTests(
    _ id: String, manifest: ExerciseManifest, package: URL, scratch: URL, runs: URL
  ) throws -> LessonLink {
    let linker = try MutantLinker(
      package: package, scratch: scratch, packageName: id, module: manifest.module,
      recordFolder: work.appendingPathComponent("direct/\(id)"))
    let folder = work.appendingPathComponent("linked/\(id)")
    let (tests, library, libraryLinked) = try linker.linkFeatureAndTests(
      into: folder.appendingPathComponent("products"), logs: runs,
      keepingInputsIn: folder.appendingPathComponent("inputs"))
    return LessonLink(
      tests: tests, library: library, libraryLinked: libraryLinked, folder: folder)
  }

  /// Where the learner writes the feature too, their tests are built again with the reference
  /// feature (their own module need not declare what the mutants declare) and graded against
  /// the lesson's mutants as the grader does (``SuiteGrading``, unsandboxed): one line per
  /// mutant. Verdicts are kept while the tests stay the same (``LessonVerdicts``): a save of the
  /// feature alone does not grade them again.
  private func suiteMutants(
    _ sources: ExerciseSources, lesson: [ManifestMutant], package: URL,
    libraries: MutantLibraries,
    runs: URL, progress: @escaping (Progress) -> Void
  ) throws -> [ExerciseReport.Line] {
    let manifest = sources.manifest
    var tests = try SourceTree.read(
      package.appendingPathComponent("Tests/\(manifest.testModule)"))
    for name in manifest.visibleTestFiles { tests.files[name] = nil }
    // The verdicts never depend on the learner's own feature: a check whose tests, reference
    // feature, mutants and library are the same as the last one's keeps its verdicts.
    let record = work.appendingPathComponent("suites/\(manifest.id).lesson-verdicts.json")
    let key = try LessonVerdicts.key(
      sources, tests: tests, mutants: lesson,
      library: LibraryFingerprint.recorded(in: mutantScratch))
    if let kept = LessonVerdicts.read(record), kept.key == key,
      lesson.allSatisfy({ kept.caught[$0.name] != nil })
    {
      return lesson.map { line($0, caught: kept.caught[$0.name] == true, manifest: manifest) }
    }
    try? FileManager.default.removeItem(at: record)
    progress(.building(first: false, detail: "your tests, with the reference feature"))
    var grading = SuiteGrading(
      sources: sources, package: work.appendingPathComponent("suites/\(manifest.id)"),
      scratch: mutantScratch, work: runs.appendingPathComponent("suite"),
      mutantLibraries: libraries, mutants: lesson)
    grading.compilesTestsIncrementally = true
    progress(.testing)
    let problem: String
    switch try grading.grade(.learner(tests)) {
    case .graded(let report) where report.wrongTests.isEmpty:
      try LessonVerdicts(
        key: key,
        caught: Dictionary(
          report.verdicts.map { ($0.mutant.name, $0.isCaught) }, uniquingKeysWith: { $1 })
      ).write(to: record)
      return report.verdicts.map { verdict in
        line(verdict.mutant, caught: verdict.isCaught, manifest: manifest)
      }
    case .graded(let report):
      problem =
        "These of your tests pass against your feature but not against the reference one, "
        + "so grading counts them as wrong: "
        + report.wrongTests.map { "\($0.test) (\($0.message))" }.joined(separator: "; ")
    case .compileError(let message):
      problem =
        "Your tests do not compile with the reference feature, which declares only what the "
        + "lesson gives:\n" + message
    case .loadFailure(let message):
      problem = message
    }
    let test = ListedTest(
      key: "mutant tests-with-the-reference-feature",
      name: "your tests, with the reference feature", steps: [],
      suite: "Your tests, run against the reference code")
    return [
      ExerciseReport.Line(test: test, outcome: .init(status: .failed, explanation: problem))
    ]
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
