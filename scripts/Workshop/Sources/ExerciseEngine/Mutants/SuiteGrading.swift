import ExerciseModel
import Foundation

/// Grades a test suite a learner wrote by the bugs it catches: the grading of a test-writing
/// exercise (kind `tests`).
///
/// 1. The suite is built once, with the reference feature (``ExercisePipeline``, sandboxed runs as
///    for any submission); in the same build turn the feature's module is linked into a library
///    of its own and the tests against it (``MutantLinker``). Each mutant's library is built
///    once per exercise (``MutantLibraries``): one compile and two links for a learner's tests,
///    and a run against a mutant is the same binary beside the mutant's library.
/// 2. Its tests are listed (in the sandbox) and run against the reference feature
///    ``referenceRuns`` times. A test that fails, crashes, times out or flickers there is a
///    *wrong test*: it is named with its first message and catches nothing.
/// 3. The other tests run against each mutant: the hand-written ones and the generated ones the
///    reference suite kills (``GeneratedMutantLibraries``), one process per mutant. A mutant is
///    caught when one of them fails, crashes or times out against it. A run whose event stream
///    is refused catches nothing. Runs go side by side, one per core.
///
/// Inside the sandbox every binary is at the same path, beside a library of the same name, with
/// the same arguments and environment, in a fresh scratch folder: a test cannot tell which
/// mutant it runs against, nor count its runs, except by the feature's behaviour. The feature's
/// library and the generated mutants' hold this grading's salt (``GradingSalt``), so no test can
/// recognise the feature's file by bytes learned in an earlier grading.
///
/// ```swift
/// let grading = SuiteGrading(
///   sources: sources, package: package, scratch: scratch, work: run,
///   mutantLibraries: libraries)
/// if case .graded(let report) = try grading.grade(.learner(files)) { print(report.points) }
/// ```
struct SuiteGrading: Sendable {
  var sources: ExerciseSources
  var package: URL
  var scratch: URL
  /// This grading's own folder: products, logs, event streams.
  var work: URL
  var sandbox: Sandbox?
  var buildTurns: BuildTurns?
  var mutantLibraries: MutantLibraries
  /// The generated mutants, when they grade too (nil: the hand mutants only, as the learner
  /// tool's lesson mutants).
  var generated: GeneratedMutantLibraries?
  /// The mutants to run, in the manifest's order (all of them unless the caller chooses).
  var mutants: [ManifestMutant]
  var directRebuild: Bool
  /// Whether the suite's test module is compiled in SwiftPM's incremental batches rather than
  /// whole: for `scripts/learn`, whose every check grades the same suite with one file changed.
  var compilesTestsIncrementally = false

  /// How many times the suite runs against the reference feature.
  static let referenceRuns = 3
  /// A test that runs this long against the reference feature waits for real time.
  static let realTimeSeconds = 0.5
  /// A run against a mutant may take this many times the suite's slowest test against the
  /// reference feature, and at least ``mutantRunFloorSeconds``, before it counts as hung
  /// (caught): a test that waits forever for what a mutant never does costs five seconds, not
  /// the manifest's whole limit. Never more than the manifest's limit.
  static let mutantRunFactor = 10.0
  static let mutantRunFloorSeconds = 5.0

  /// Where a grader or the checks, working in `work`, assemble the package that grades the
  /// suites of exercise `id`: a folder of its own, never the one that builds the learner's
  /// module, whose test target holds other files (the solution tests). In one folder every
  /// switch between the two halves of a both-kind exercise would change the test target's file
  /// names, which only SwiftPM can plan.
  static func package(in work: URL, for id: String) -> URL {
    work.appendingPathComponent("packages/\(id)-suite")
  }

  /// The build folder of the suites' packages (``package(in:for:)``): apart from the other
  /// builds', where the same package and target names are built from other files.
  static func scratch(in work: URL) -> URL {
    work.appendingPathComponent("scratch-suites")
  }

  /// Runs test processes side by side, two per core: a test process mostly starts and waits
  /// (for its pipe, for the clock of a test), so one per core leaves the cores half idle.
  private var queue: WorkQueue {
    WorkQueue(width: 2 * ProcessInfo.processInfo.activeProcessorCount)
  }

  init(
    sources: ExerciseSources, package: URL, scratch: URL, work: URL, sandbox: Sandbox? = nil,
    buildTurns: BuildTurns? = nil, mutantLibraries: MutantLibraries,
    generated: GeneratedMutantLibraries? = nil, mutants: [ManifestMutant]? = nil,
    directRebuild: Bool = true
  ) {
    self.generated = generated
    self.sources = sources
    self.package = package
    self.scratch = scratch
    self.work = work
    self.sandbox = sandbox
    self.buildTurns = buildTurns
    self.mutantLibraries = mutantLibraries
    self.mutants = mutants ?? sources.manifest.mutants
    self.directRebuild = directRebuild
  }

  /// Grades `suite`.
  func grade(_ suite: SuiteVariant) throws -> SuiteOutcome {
    try grade(suite, times: 1)[0]
  }

  /// Grades `suite` `times` times from one build: the suite is built, linked and listed once, then every run of step 2 and 3 is made `times` times, the `n`-th
  /// time in the folder `time-n` (with one time, in ``work`` itself). What the checks use to
  /// prove a suite scores the same in every run: building and linking the same files again
  /// would give the same binaries, so only the runs are repeated. A suite that does not build
  /// or list gives that one outcome `times` times.
  func grade(_ suite: SuiteVariant, times: Int) throws -> [SuiteOutcome] {
    let times = max(1, times)
    let manager = FileManager.default
    try? manager.removeItem(at: work)
    try manager.createDirectory(at: work, withIntermediateDirectories: true)
    if case .learner(let files) = suite,
      !files.files.keys.contains(where: { $0.hasSuffix(".swift") })
    {
      // No test file at all (a test target needs one to build): nothing can catch anything.
      let nothing = SuiteReport(
        tests: [], wrongTests: [], realTime: [],
        verdicts: mutants.map { SuiteReport.Verdict(mutant: $0, caughtBy: nil) },
        generated: generatedVerdicts(caught: { _ in false }))
      return Array(repeating: .graded(nothing), count: times)
    }
    let libraries = try mutants.map { try mutantLibraries.library(for: $0.name) }
    let generatedLibraries = try generated?.libraries() ?? []
    let salt = try generated.map { [try $0.featureObject().path] } ?? []
    let manifest = sources.manifest
    var run = ExercisePipeline(
      sources: sources, package: package, scratch: scratch,
      products: work.appendingPathComponent("products/build"),
      buildLog: work.appendingPathComponent("build.log"), sandbox: sandbox,
      buildTurns: buildTurns, directRebuild: directRebuild, suite: suite)
    if compilesTestsIncrementally { run.wholeModules = .allButTests }
    // In the build's turn, while its objects are this build's: the feature's library and the
    // tests linked against it.
    let built: Result<(tests: URL, library: URL), WorkshopError> = try run.build(.solution) {
      result in
      switch result {
      case .failed(let message): return .failure(WorkshopError(message))
      case .built(.swiftTest):
        return .failure(
          WorkshopError("grading the tests a learner writes needs the test binary (Linux)."))
      case .built(.binary):
        let linker = try MutantLinker(
          package: package, scratch: scratch, packageName: manifest.id, module: manifest.module)
        return .success(
          try linker.linkFeatureAndTests(
            into: work.appendingPathComponent("products/linked"), logs: work,
            extraObjects: salt))
      }
    }
    let (reference, binaries, generatedBinaries): (URL, [URL], [URL])
    switch built {
    case .failure(let error):
      return Array(repeating: .compileError(error.description), count: times)
    case .success(let linked):
      try mutantLibraries.check(mutants.map(\.name), against: linked.library)
      try generated?.check(against: linked.library)
      // One folder per run, each with the same two files: only the library's bytes differ.
      let products = work.appendingPathComponent("products")
      reference = try MutantLinker.stage(
        tests: linked.tests, library: linked.library,
        into: products.appendingPathComponent("reference"))
      binaries = try libraries.enumerated().map { index, library in
        try MutantLinker.stage(
          tests: linked.tests, library: library,
          into: products.appendingPathComponent("mutant-\(index + 1)"))
      }
      generatedBinaries = try generatedLibraries.enumerated().map { index, library in
        try MutantLinker.stage(
          tests: linked.tests, library: library,
          into: products.appendingPathComponent("generated-\(index + 1)"))
      }
    }
    let tests: [ListedTest]
    switch try TestListing.list(
      binary: reference, testModule: manifest.testModule, sandbox: sandbox, work: work)
    {
    case .failure(let error): return Array(repeating: .loadFailure(error.description), count: times)
    case .success(let listed): tests = listed
    }
    let folders = (1...times).map { time in
      times == 1 ? work : work.appendingPathComponent("time-\(time)")
    }
    return try runs(
      tests: tests, reference: reference, mutants: binaries, generated: generatedBinaries,
      in: folders
    ).map { .graded($0) }
  }

  private func runner(
    _ keys: [String], binary: URL, work: URL, firstFailureEnds: Bool = false,
    limit: Int? = nil
  ) -> TestRunner {
    let manifest = sources.manifest
    return TestRunner(
      testModule: manifest.testModule, testIDs: keys,
      timeLimitSeconds: min(limit ?? manifest.timeLimitSeconds, manifest.timeLimitSeconds),
      budgetSeconds: manifest.budgetSeconds,
      products: .binary(binary), work: work, sandbox: sandbox, someTestsOnly: true,
      firstFailureEnds: firstFailureEnds)
  }

  /// Runs the listed tests against the reference feature, then the right ones against each
  /// mutant, once per folder of `folders` (one per time the suite is graded): every time's
  /// runs go into one queue, so no time waits for another's last run.
  private func runs(
    tests: [ListedTest], reference: URL, mutants binaries: [URL],
    generated generatedBinaries: [URL], in folders: [URL]
  ) throws -> [SuiteReport] {
    let keys = tests.map(\.key)
    // 1. Against the reference feature, ``referenceRuns`` times for each time.
    let referenceRuns = folders.flatMap { folder in
      (1...Self.referenceRuns).map { folder.appendingPathComponent("reference-\($0)") }
    }
    let referenceResults =
      keys.isEmpty
      ? []
      : queue.map(referenceRuns) { folder in
        Result { try runner(keys, binary: reference, work: folder).runAll() }
      }
    var wrong = Array(repeating: [String: SuiteReport.WrongTest](), count: folders.count)
    var seconds = Array(repeating: [String: Double](), count: folders.count)
    for (index, result) in referenceResults.enumerated() {
      let (time, run) = (index / Self.referenceRuns, index % Self.referenceRuns)
      let results = try result.get()
      for key in keys {
        let outcome = results.outcomes[key] ?? TestRunner.Outcome(status: .notRun)
        if outcome.status != .passed, wrong[time][key] == nil {
          wrong[time][key] = SuiteReport.WrongTest(
            test: key, status: outcome.status,
            message: outcome.message(hidingSource: false) ?? "It did not pass.",
            passedRuns: run)
        }
        if let ran = results.seconds[key] {
          seconds[time][key] = min(seconds[time][key] ?? ran, ran)
        }
      }
    }
    let right = folders.indices.map { time in keys.filter { wrong[time][$0] == nil } }
    let limits = folders.indices.map { time in
      let slowest = right[time].compactMap { seconds[time][$0] }.max() ?? 0
      return Int(max(Self.mutantRunFloorSeconds, slowest * Self.mutantRunFactor).rounded(.up))
    }

    // 2. Every mutant's run of every time, hand-written ones first: one process each, side by
    // side. A generated mutant's run ends at the first test that does not pass: it is named by
    // the behaviours that catch it, never by the learner's test, so which one fails first does
    // not matter (a hand mutant's run names the first in order, the same in every grading).
    let all = binaries + generatedBinaries
    let names =
      binaries.indices.map { "mutant-\($0 + 1)" }
      + generatedBinaries.indices.map { "generated-\($0 + 1)" }
    let jobs = folders.indices.flatMap { time in all.indices.map { (time, $0) } }
    let caught = queue.map(jobs) { time, index in
      Result {
        try catchers(
          of: all[index], among: right[time],
          work: folders[time].appendingPathComponent(names[index]),
          firstFailureEnds: index >= binaries.count, limit: limits[time])
      }
    }
    return try folders.indices.map { time in
      let results = caught[(time * all.count)..<((time + 1) * all.count)].map { $0 }
      var verdicts: [SuiteReport.Verdict] = []
      for (index, mutant) in mutants.enumerated() {
        let tests = try results[index].get()
        verdicts.append(
          SuiteReport.Verdict(mutant: mutant, caughtBy: tests.first, caughtByAll: tests))
      }
      let generatedCatchers = try results.dropFirst(binaries.count).map { try $0.get().first }
      return SuiteReport(
        tests: keys, wrongTests: keys.compactMap { wrong[time][$0] },
        realTime: keys.compactMap { key in
          seconds[time][key].flatMap {
            $0 >= Self.realTimeSeconds ? SuiteReport.TimedTest(test: key, seconds: $0) : nil
          }
        },
        verdicts: verdicts,
        generated: generatedVerdicts(caught: { generatedCatchers[$0] != nil }))
    }
  }

  /// A verdict for each generated mutant, in order; `caught` tells by index.
  private func generatedVerdicts(caught: (Int) -> Bool) -> [SuiteReport.GeneratedVerdict] {
    (generated?.mutants.graded ?? []).enumerated().map { index, mutant in
      SuiteReport.GeneratedVerdict(
        id: mutant.id, step: mutant.step, behaviour: mutant.behaviour, isCaught: caught(index))
    }
  }

  /// Those of `keys` (in their order) that do not pass against the mutant `binary`; none when
  /// every one passes, or the run's event stream was refused. With `firstFailureEnds`, the run
  /// stops at the first, and the others count as not passing too: only whether some test
  /// catches the mutant is known then.
  private func catchers(
    of binary: URL, among keys: [String], work: URL, firstFailureEnds: Bool, limit: Int
  ) throws -> [String] {
    guard !keys.isEmpty else { return [] }
    let results = try runner(
      keys, binary: binary, work: work, firstFailureEnds: firstFailureEnds, limit: limit
    ).runAll()
    guard results.refusals.isEmpty else { return [] }
    return keys.filter { results.outcomes[$0]?.status != .passed }
  }
}

/// How the grading of a suite ended (``Engine/gradeSuite(_:of:in:times:mutants:generatedMutants:incrementalTests:hiding:)``).
public enum SuiteOutcome: Sendable {
  /// The suite does not compile: the compiler's errors.
  case compileError(String)
  /// The test binary failed while listing its tests: what happened, in plain words.
  case loadFailure(String)
  /// The suite ran: what it caught.
  case graded(SuiteReport)
}
