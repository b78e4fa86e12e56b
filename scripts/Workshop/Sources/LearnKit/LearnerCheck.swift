import ExerciseEngine
import ExerciseModel
import Foundation
import Mutation
import Synchronization

/// Checks a learner's exercise as it is on disk: builds `Exercises/<id>/` (``Engine``), lists
/// its visible tests, runs them with the grader's ``TestRunner`` and sorts the outcomes into the
/// lesson's steps.
///
/// On Linux every exercise builds in one folder, `.build-learn/scratch`, so the library is
/// compiled once for the whole course (the first build takes a minute or two; after an edit of
/// one file, a build recompiles that module only). Results come from the Swift Testing event
/// stream: the test binary lists its tests and suites (display names included) without
/// running them, then the runner watches the stream while they run, so a crash or a hang costs
/// only the test that caused it, and is named. (Elsewhere each exercise has a build folder of
/// its own: see ``buildFolder(for:)``.)
///
/// ```swift
/// let checker = LearnerCheck(layout: WorkspaceLayout(root: root))
/// let report = try checker.check("05-context-forcing")
/// print(report.statusText)  // "step 3 of 7"
/// ```
public final class LearnerCheck: Sendable {
  /// The learner's workspace.
  public let layout: WorkspaceLayout
  /// The learner tool's own folder, `.build-learn/` at the workspace root.
  public let work: URL
  private let preparedFolders = LockedSet()
  /// Builds and runs everything the checks need, in `work`.
  let engine: Engine

  public init(layout: WorkspaceLayout, work: URL? = nil) {
    self.layout = layout
    self.work = (work ?? layout.root.appendingPathComponent(".build-learn")).standardizedFileURL
    engine = Engine(layout: layout, work: self.work)
  }

  /// The build folder every exercise shares (on Linux).
  public var scratch: URL { work.appendingPathComponent("scratch") }

  /// Where exercise `id` builds: the shared folder on Linux, where the tests run from their
  /// binary. Elsewhere tests run through `swift test --skip-build`, which runs the tests of the
  /// package built last in its build folder, so each exercise has a folder of its own.
  public func buildFolder(for id: String) -> URL {
    #if os(Linux)
      scratch
    #else
      work.appendingPathComponent("scratch-\(id)")
    #endif
  }

  /// What a check is doing, for a progress line.
  public enum Progress: Sendable, Equatable {
    /// Building; `first` when nothing of this exercise was built yet (the library may be
    /// compiled too), with SwiftPM's latest `[n/m] Compiling …` line when there is one.
    case building(first: Bool, detail: String?)
    /// Running the tests.
    case testing
  }

  /// The check was stopped by the caller (`shouldStop` returned true).
  public struct Cancelled: Error {}

  /// Builds exercise `id`, runs its visible tests, and reports them by step.
  ///
  /// - Parameters:
  ///   - progress: called as the check moves on, and with build progress while it builds.
  ///   - shouldStop: consulted about every twentieth of a second while building; returning
  ///     true stops the build and throws ``Cancelled``.
  public func check(
    _ id: String,
    progress: @escaping (Progress) -> Void = { _ in },
    shouldStop: @escaping () -> Bool = { false }
  ) throws -> ExerciseReport {
    let manifest = try layout.manifest(id)
    let package = layout.exercise(id)
    guard
      FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path)
    else {
      throw WorkshopError(
        "Exercises/\(id)/Package.swift is missing, so the exercise cannot be built. "
          + "`scripts/learn reset \(id)` restores the starter (your files are backed up first).")
    }
    let runs = work.appendingPathComponent("runs/\(id)")
    try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
    let scratch = buildFolder(for: id)
    try prepareLibrary(in: scratch)
    let lesson = LessonParagraphs.read(package.appendingPathComponent("README.md"))

    // Build.
    let started = Date()
    let testBinary = scratch.appendingPathComponent("debug/\(id)PackageTests.xctest")
    let first = !FileManager.default.fileExists(atPath: testBinary.path)
    progress(.building(first: first, detail: nil))
    let log = runs.appendingPathComponent("build.log")
    let tail = BuildLogTail(log: log)
    // Where the learner writes tests, the lesson's mutants run them linked against the feature
    // as a library of its own: linked as soon as the build has compiled them, beside the
    // build's own link of the tests (it is used only if the visible tests all pass), and waited
    // for before the check ends, so no build starts beside it.
    var lessonLink: DeferredJob<Engine.LessonLink>?
    let duringBuild = Atomic(false)
    #if os(Linux)
      if manifest.gradesTests, manifest.mutants.contains(where: \.inLesson) {
        lessonLink = DeferredJob { [self] in
          try engine.linkLessonTests(
            id, module: manifest.module, package: package, scratch: scratch, logs: runs,
            sharingFor: manifest.gradesSources ? manifest : nil,
            duringBuild: duringBuild.load(ordering: .sequentiallyConsistent))
        }
      }
    #endif
    defer { lessonLink?.finish() }
    // What the learner's tests expect is read while they compile (their files are read again
    // afterwards: a save meanwhile is read anew).
    var reading: BackgroundJob<(SourceTree, TestExpectations)>?
    if manifest.gradesTests {
      let folder = package.appendingPathComponent("Tests/\(manifest.testModule)")
      reading = BackgroundJob {
        let tests = try SourceTree.read(folder)
        return (tests, Self.expectations(of: tests))
      }
    }
    var compiled: (@Sendable () -> Void)?
    if let job = lessonLink {
      compiled = {
        duringBuild.store(true, ordering: .sequentiallyConsistent)
        job.start()
      }
    }
    // Where the learner writes the feature and tests it, the feature is compiled as the grader
    // compiles it, with library evolution: their tests then run against the lesson's mutants
    // as they were compiled (``LearnerCheck/lessonMutants``).
    let build = try engine.buildLearnerPackage(
      id, package: package, scratch: scratch, log: log,
      resilientModule: manifest.gradesTests && manifest.gradesSources ? manifest.module : nil,
      compiled: compiled,
      monitor: {
        if let line = tail.newProgressLine() { progress(.building(first: first, detail: line)) }
        return shouldStop()
      },
      progress: { progress(.building(first: false, detail: $0)) })
    let buildSeconds = Date().timeIntervalSince(started)
    if build.stoppedByMonitor { throw Cancelled() }
    guard build.status == 0, !build.wasSignalled, !build.timedOut else {
      let text = CompilerOutput.errors(in: log, module: manifest.module, package: package)
      var errors = text.split(separator: "\n").map(String.init)
      if errors.first?.hasPrefix("The code does not compile") == true { errors.removeFirst() }
      if build.timedOut { errors = ["The build did not finish within 30 minutes."] }
      if errors.first?.hasPrefix("The build failed without") == true {
        errors = ["The build failed without a compiler error: see \(log.path)."]
      }
      var report = ExerciseReport(
        id: id, title: manifest.title, result: .compileError(errors), lesson: lesson,
        buildSeconds: buildSeconds)
      report.sourceExcerpt = LearnerScreen.sourceExcerpt(for: errors.first, in: package) ?? []
      return report
    }

    // List the visible tests, then run them.
    progress(.testing)
    let testsStarted = Date()
    #if os(Linux)
      let products = TestProducts.binary(testBinary)
    #else
      let products = TestProducts.swiftTest(package: package, scratch: scratch)
    #endif
    // Linked while the visible tests run, if the build did not start it.
    lessonLink?.start()
    let listed: [ListedTest]
    switch try list(products, manifest: manifest, in: runs) {
    case .success(let tests): listed = tests
    case .failure(let problem):
      return ExerciseReport(
        id: id, title: manifest.title, result: .failedToStart(problem.description),
        lesson: lesson, buildSeconds: buildSeconds,
        testSeconds: Date().timeIntervalSince(testsStarted))
    }
    // Where the last check's tests all passed and met the lesson's mutants, this check's tests
    // meet them beside the visible tests' run, as far as that is quick (the mutants built, the
    // tests not compiled again), and the result is used only if the visible tests all pass
    // again. Speed measure (`scripts/bench --learn`, scripts/Bench/HISTORY.md): while a learner
    // writes tests, the mutants' runs no longer wait for the visible run; a check whose visible
    // tests fail waits for them.
    let reached = runs.appendingPathComponent("lesson-mutants-reached")
    var early: BackgroundJob<[ExerciseReport.Line]?>?
    if let lessonLink, !listed.isEmpty, FileManager.default.fileExists(atPath: reached.path) {
      early = BackgroundJob { [self] in
        try lessonMutants(
          id, manifest: manifest, package: package, scratch: scratch, tests: listed,
          runs: runs, linked: lessonLink, early: true, progress: { _ in })
      }
    }
    var outcomes: [String: TestRunner.Outcome] = [:]
    if !listed.isEmpty {
      outcomes = try TestRunner(
        testModule: manifest.testModule, testIDs: listed.map(\.key),
        timeLimitSeconds: manifest.timeLimitSeconds, budgetSeconds: manifest.budgetSeconds,
        products: products, work: runs.appendingPathComponent("tests")
      ).run()
    }
    var lines = listed.map {
      ExerciseReport.Line(test: $0, outcome: outcomes[$0.key] ?? .init(status: .notRun))
    }
    // A learner's test that passes without an expectation proves nothing: not done yet.
    var checkingNothing: Set<String> = []
    if manifest.gradesTests {
      let expectations = try learnersExpectations(in: package, manifest: manifest, read: reading)
      for index in lines.indices where lines[index].passed {
        let test = lines[index].test
        guard !(manifest.gradesSources && manifest.visibleTestFiles.contains(test.file)),
          expectations.checksSomething(file: test.file, line: test.line) == false
        else { continue }
        checkingNothing.insert(test.key)
        lines[index].outcome = .init(
          status: .failed,
          explanation:
            "This test checks nothing yet: it holds no #expect or #require (and calls no "
            + "function of your tests that does), so it passes whatever the feature does. Give "
            + "it an expectation about what this step's behaviour promises.")
      }
    }
    // Where the learner writes tests, tests that pass against the feature meet the lesson's
    // mutants next.
    if manifest.gradesTests, !lines.isEmpty, lines.allSatisfy(\.passed),
      case .binary = products
    {
      progress(.testing)
      try? Data().write(to: reached)
      if let quick = (try? early?.value()) ?? nil {
        lines += quick
      } else {
        lines +=
          try lessonMutants(
            id, manifest: manifest, package: package, scratch: scratch, tests: listed,
            runs: runs, linked: lessonLink, progress: progress) ?? []
      }
    } else {
      try? FileManager.default.removeItem(at: reached)
      _ = try? early?.value()
    }
    var report = ExerciseReport(
      id: id, title: manifest.title, result: .tested(lines), lesson: lesson,
      buildSeconds: buildSeconds, testSeconds: Date().timeIntervalSince(testsStarted))
    report.judgedByMutants = manifest.gradesTests
    report.checkingNothing = checkingNothing
    report.inLearnerEdition = layout.isLearnerEdition
    if manifest.gradesTests {
      report.featureIsGiven = !manifest.gradesSources
      report.gradedMutantCount = manifest.mutants.count
      report.generatedBugCount = Self.generatedBugCount(manifest, layout: layout)
      if manifest.gradesSources { report.lessonTestFiles = Set(manifest.visibleTestFiles) }
    }
    return report
  }

  /// How many generated mutants grade `manifest`'s learners' tests: those `suite-mutation.json`
  /// records as killed, but the ones the manifest leaves ungraded; 0 without the record.
  static func generatedBugCount(_ manifest: ExerciseManifest, layout: WorkspaceLayout) -> Int {
    guard
      let report = try? MutationReport.load(for: manifest.id, in: layout, subject: .feature)
    else { return 0 }
    let ungraded = Set(manifest.suiteUngradedMutants.map(\.id))
    return report.mutants.filter { $0.result == .killed && !ungraded.contains($0.id) }.count
  }

  /// What the test files of the learner's package expect (``TestExpectations``): `read`'s,
  /// when its files are still the ones on disk.
  private func learnersExpectations(
    in package: URL, manifest: ExerciseManifest,
    read: BackgroundJob<(SourceTree, TestExpectations)>?
  ) throws -> TestExpectations {
    let tests = try SourceTree.read(
      package.appendingPathComponent("Tests/\(manifest.testModule)"))
    if let (files, expectations) = try? read?.value(), files == tests { return expectations }
    return Self.expectations(of: tests)
  }

  /// What the test files `tests` expect.
  static func expectations(of tests: SourceTree) -> TestExpectations {
    TestExpectations(
      files: Dictionary(
        tests.files.filter { $0.key.hasSuffix(".swift") }.map {
          (
            URL(fileURLWithPath: $0.key).lastPathComponent,
            String(decoding: $0.value, as: UTF8.self)
          )
        },
        uniquingKeysWith: { first, _ in first }))
  }

  /// Empties a build folder when the library has changed since it was filled (once per folder
  /// and checker: hashing the library takes a moment, and it does not change while a learner
  /// works).
  func prepareLibrary(in folder: URL) throws {
    guard preparedFolders.insert(folder.path) else { return }
    try engine.prepare(folder)
  }

  /// Asks the built test binary for its tests (it runs none): the event stream declares every
  /// test and suite with its display name.
  private func list(_ products: TestProducts, manifest: ExerciseManifest, in runs: URL) throws
    -> Result<[ListedTest], WorkshopError>
  {
    let events = runs.appendingPathComponent("list.jsonl")
    try? FileManager.default.removeItem(at: events)
    let command: [String]
    switch products {
    case .binary(let binary):
      command = [
        binary.path, "--testing-library", "swift-testing", "--list-tests",
        "--event-stream-output-path", events.path,
      ]
    case .swiftTest(let package, let scratch):
      command = [
        "swift", "test", "list", "--skip-build", "--package-path", package.path,
        "--scratch-path", scratch.path, "--event-stream-output-path", events.path,
      ]
    }
    let log = runs.appendingPathComponent("list.log")
    let outcome = try ProcessRunner.run(
      command, in: runs, environment: ProcessRunner.cleanEnvironment(temporaryDirectory: runs),
      log: log, timeLimit: 120)
    guard outcome.status == 0, !outcome.wasSignalled, !outcome.timedOut else {
      let how =
        outcome.timedOut
        ? "did not answer within 2 minutes"
        : outcome.wasSignalled
          ? "was killed by signal \(outcome.status)" : "exited with status \(outcome.status)"
      // What the runtime printed about a crash, quoted (display only).
      let printed =
        outcome.wasSignalled && !outcome.timedOut
        ? CrashReason.read(log: log, testModule: manifest.testModule) : nil
      return .failure(
        WorkshopError(
          "The test process \(how) before any test ran, while it was loading: look for a "
            + "global or static value whose initializer crashes or never ends. Its output is "
            + "in \(log.path)."
            + (printed.map { "\n" + $0.quoted(hidingTestLocations: false) } ?? "")))
    }
    return .success(
      TestListing.parse((try? Data(contentsOf: events)) ?? Data(), testModule: manifest.testModule))
  }
}
