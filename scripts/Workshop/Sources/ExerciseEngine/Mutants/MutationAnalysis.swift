import ExerciseModel
import Foundation
import Mutation

/// Runs an exercise's solution tests against every mutant of its solution (``MutantFinder``)
/// and reports which tests kill each one (``MutationReport``); or, for the
/// ``MutationSubject/feature`` of a test-writing exercise, its reference suite against every
/// mutant of the feature learners' tests run against.
///
/// 1. All mutants are compiled into one build (``MutantSchemata``). When that build fails, the
///    compiler's error lines name the mutants at fault; they are taken out and the build is
///    tried again (a few rounds at most).
/// 2. With no mutant active, every solution test must pass: otherwise the schemata changed
///    the solution's behaviour and nothing else could be trusted.
/// 3. The solution tests run once per mutant against that one binary, `jobs` processes at a
///    time, each in `sandbox` with the manifest's time limits (``TestRunner``); a test that
///    fails, crashes or times out kills the mutant.
/// 4. The mutants taken out in step 1 are built one at a time as plain code
///    (``MutantSchemata/single(_:in:)``); one that still does not compile is *stillborn* and does
///    not count.
///
/// ```swift
/// let analysis = MutationAnalysis(layout: layout, work: work, sandbox: sandbox, jobs: 2)
/// let report = try analysis.run("09-test-clock") { print($0) }
/// try report.write(in: layout)
/// ```
struct MutationAnalysis: Sendable {
  var layout: WorkspaceLayout
  /// Where packages, builds and logs go (`.build-workshop/` at the root).
  var work: URL
  var sandbox: Sandbox?
  /// How many test processes run at once.
  var jobs: Int

  init(layout: WorkspaceLayout, work: URL, sandbox: Sandbox?, jobs: Int) {
    self.layout = layout
    self.work = work
    self.sandbox = sandbox
    self.jobs = max(1, jobs)
  }

  /// How many times the schemata build may drop mutants and try again.
  static let buildRounds = 6

  func run(
    _ id: String, subject: MutationSubject = .solution, progress: (String) -> Void = { _ in }
  ) throws -> MutationReport {
    let sources = try ExerciseSources(id: id, layout: layout)
    let manifest = sources.manifest
    let files = try subject.sources(of: sources)
    let mutants = files.flatMap { MutantFinder.mutants(in: $0) }
    let numbered = mutants.enumerated().map { (number: $0.offset + 1, mutant: $0.element) }
    let label = subject == .solution ? "mutants" : "suite-mutants"
    let logs = work.appendingPathComponent("logs/\(id)/\(label)")
    try? FileManager.default.removeItem(at: logs)
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    // The feature's mutants are built with the reference suite, in the suites' own package and
    // build folder (``SuiteGrading/package(in:for:)``).
    let run = ExercisePipeline(
      sources: sources,
      package: work.appendingPathComponent(
        subject == .solution ? "packages/\(id)" : "packages/\(id)-suite"),
      scratch: subject == .solution
        ? work.appendingPathComponent("scratch") : SuiteGrading.scratch(in: work),
      products: work.appendingPathComponent("products/\(id)-\(label)"),
      buildLog: logs.appendingPathComponent("build.log"),
      suite: subject == .solution ? nil : .reference)

    // 1. One build with every mutant whose schema compiles.
    var inSchemata = numbered
    var products: TestProducts?
    for _ in 0..<Self.buildRounds {
      let module = MutantSchemata.module(files, numbered: inSchemata)
      switch try run.build(.mutants(module)) {
      case .built(let built):
        products = built
      case .failed(let message):
        let culprits = Set(
          Self.errorLines(in: message, module: manifest.module).flatMap { file, lines in
            MutantSchemata.mutants(
              onLines: lines, of: file, among: inSchemata, sources: files)
          })
        guard !culprits.isEmpty else {
          throw WorkshopError(
            "the mutants of \(id) do not build, and no error is on a line a mutant changed "
              + "(the solution or its tests may not compile): \(message.prefix(600))")
        }
        inSchemata.removeAll { culprits.contains($0.number) }
      }
      if products != nil { break }
    }
    guard let products else {
      throw WorkshopError(
        "the mutants of \(id) still did not build after \(Self.buildRounds) rounds of taking "
          + "out the mutants the compiler named; see \(logs.path)/build.log")
    }
    let alone = numbered.filter { entry in !inSchemata.contains { $0.number == entry.number } }
    progress(
      "\(mutants.count) mutants in \(files.count) files; \(inSchemata.count) built together, "
        + "\(alone.count) to build alone")

    // The tests that must kill them: the graded solution tests, or the reference suite's.
    var referenceTests: [MutationReport.ReferenceTest] = []
    let testIDs: [String]
    switch subject {
    case .solution:
      testIDs = manifest.tests.map(\.id)
    case .feature:
      guard case .binary(let binary) = products else {
        throw WorkshopError("the mutation analysis of a reference suite needs Linux.")
      }
      let listed = try TestListing.list(
        binary: binary, testModule: manifest.testModule, sandbox: sandbox, work: logs
      ).get()
      referenceTests = listed.map {
        MutationReport.ReferenceTest(key: $0.key, name: $0.name, step: $0.firstStep ?? 0)
      }
      testIDs = listed.map(\.key)
    }

    // 2. The schemata with no mutant active are the solution.
    let baseline = try failingTests(
      products, mutant: 0, testIDs: testIDs, sources: sources, logs: logs)
    guard baseline.isEmpty else {
      throw WorkshopError(
        "with no mutant active, the mutants' build of \(id) fails "
          + baseline.joined(separator: ", ")
          + ": the schemata changed the solution's behaviour, so the analysis cannot run. See "
          + "\(logs.path)/0.")
    }

    // 3. Every mutant against the one binary.
    let results = WorkQueue(width: jobs).map(inSchemata) { number, mutant in
      let failing = Result {
        try failingTests(
          products, mutant: number, testIDs: testIDs, sources: sources, logs: logs)
      }
      return (number, failing)
    }
    var entries: [Int: MutationReport.Entry] = [:]
    for (number, failing) in results {
      let mutant = numbered[number - 1].mutant
      let tests = try failing.get()
      entries[number] = MutationReport.Entry(
        mutant, built: .schemata, result: tests.isEmpty ? .survived : .killed, killedBy: tests)
    }

    // 4. The others, one build each.
    for (number, mutant) in alone {
      let single = ExercisePipeline(
        sources: sources, package: run.package, scratch: run.scratch,
        products: work.appendingPathComponent("products/\(id)-\(label)-alone"),
        buildLog: logs.appendingPathComponent("build-\(number).log"), suite: run.suite)
      switch try single.build(.mutants(MutantSchemata.single(mutant, in: files))) {
      case .failed:
        entries[number] = MutationReport.Entry(
          mutant, built: .alone, result: .stillborn, killedBy: [])
      case .built(let built):
        let tests = try failingTests(
          built, mutant: 0, testIDs: testIDs, sources: sources, logs: logs, label: "\(number)")
        entries[number] = MutationReport.Entry(
          mutant, built: .alone, result: tests.isEmpty ? .survived : .killed, killedBy: tests)
      }
    }
    return MutationReport(
      exercise: id, subject: subject,
      fingerprint: MutationReport.fingerprint(of: sources, subject: subject),
      mutants: numbered.map { entries[$0.number]! }, tests: referenceTests)
  }

  /// The tests of `testIDs` that do not pass with mutant `mutant` active (0: none), sorted.
  private func failingTests(
    _ products: TestProducts, mutant: Int, testIDs: [String], sources: ExerciseSources,
    logs: URL, label: String? = nil
  ) throws -> [String] {
    let manifest = sources.manifest
    let runner = TestRunner(
      testModule: manifest.testModule, testIDs: testIDs,
      timeLimitSeconds: manifest.timeLimitSeconds, budgetSeconds: manifest.budgetSeconds,
      products: products, work: logs.appendingPathComponent(label ?? "\(mutant)"),
      sandbox: sandbox, environment: [MutantSchemata.variable: "\(mutant)"])
    let outcomes = try runner.runAll().outcomes
    return outcomes.filter { $0.value.status != .passed }.map(\.key).sorted()
  }

  /// The lines of the module's files that the compiler's message names, by file.
  static func errorLines(in message: String, module: String) -> [String: Set<Int>] {
    var lines: [String: Set<Int>] = [:]
    let prefix = "Sources/\(module)/"
    for line in message.split(separator: "\n") where line.hasPrefix(prefix) {
      let parts = line.dropFirst(prefix.count).split(separator: ":", maxSplits: 2)
      guard parts.count >= 2, let number = Int(parts[1]) else { continue }
      lines[String(parts[0]), default: []].insert(number)
    }
    return lines
  }
}
