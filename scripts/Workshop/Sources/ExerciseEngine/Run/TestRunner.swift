import ExerciseModel
import Foundation

/// Runs an exercise's graded tests from built products and gives every test a real result,
/// read from the Swift Testing event stream only.
///
/// - Only tests of the solution-test module run, so tests a submission declares in its own
///   sources never run and can never count.
/// - With a ``Sandbox``, every test process runs in it (see there for what it stops).
/// - The stream arrives through a named pipe (``EventStreamPipe``) and is trusted only when the
///   run is honest from start to end: every record is one Swift Testing writes, in an order it
///   writes them (``EventStreamSummary/refusals``), the run ended, and the exit status agrees
///   with the stream. A run with a refused record gives its tests the status `error` and no
///   points: forging results costs the forger. Records of a run that crashed, hung or exited
///   early are used only to find the test that was running; every other test runs again.
/// - Each graded test may run for `timeLimitSeconds`; the stream is watched while the tests
///   run, and a test past its limit stops the process.
/// - A crash or a hang costs only the tests it took down: tests that were running alongside
///   the culprit run again, alone, to get their own result, and the others run again together.
///   `budgetSeconds` bounds the total, so a submission that hangs everywhere still finishes in
///   bounded time.
///
/// It needs only what it runs, not the whole manifest:
///
/// ```swift
/// let runner = TestRunner(
///   testModule: testModule, testIDs: testIDs,
///   timeLimitSeconds: timeLimitSeconds, budgetSeconds: budgetSeconds,
///   products: products, work: work)
/// let outcomes = try runner.run()
/// ```
public struct TestRunner: Sendable {
  /// The solution-test module (`<Module>Tests`): only its tests run.
  public var testModule: String
  /// The graded tests, `Suite/function()` without the module, in the order they are reported.
  public var testIDs: [String]
  /// The longest one graded test may run, in seconds.
  public var timeLimitSeconds: Int
  /// The longest all runs together may take, re-runs after a crash or a hang included.
  public var budgetSeconds: Int
  public var products: TestProducts
  /// Where event streams, logs and the tests' temporary folder go.
  public var work: URL
  /// The sandbox every test process runs in; nil runs them unsandboxed.
  public var sandbox: Sandbox?
  /// Variables added to the test process's clean environment (the mutation analysis names the
  /// active mutant this way); empty for a learner's run.
  public var environment: [String: String]
  /// Whether `testIDs` may be some of the module's tests only: then every run names its tests
  /// one by one (`--filter` each), instead of selecting the whole module when it runs them
  /// all. The tests a learner writes are run this way, a few at a time.
  public var someTestsOnly: Bool
  /// Whether the run ends as soon as one test does not pass: it fails, goes past its limit or
  /// crashes. That test gets its outcome, the others `notRun`. What a run against a generated
  /// mutant needs: only whether some test catches it, never which one first.
  public var firstFailureEnds: Bool

  public init(
    testModule: String, testIDs: [String], timeLimitSeconds: Int, budgetSeconds: Int,
    products: TestProducts, work: URL, sandbox: Sandbox? = nil,
    environment: [String: String] = [:], someTestsOnly: Bool = false,
    firstFailureEnds: Bool = false
  ) {
    self.firstFailureEnds = firstFailureEnds
    self.someTestsOnly = someTestsOnly
    self.testModule = testModule
    self.testIDs = testIDs
    self.timeLimitSeconds = timeLimitSeconds
    self.budgetSeconds = budgetSeconds
    self.products = products
    self.work = work
    self.sandbox = sandbox
    self.environment = environment
  }

  /// Every graded test's outcome, and what the runs' streams held that no honest run writes.
  public struct Results: Sendable {
    public var outcomes: [String: Outcome]
    /// The refused records, in plain words (empty when every stream was honest).
    public var refusals: [String]
    /// How long each test ran, by the event stream's clock, for the tests of runs that ended
    /// normally: display only (``SuiteGrading`` names tests that wait for real time).
    public var seconds: [String: Double] = [:]
  }

  /// How one graded test ended.
  public struct Outcome: Sendable, Equatable {
    public var status: TestStatus
    /// The failing issues (for `failed`).
    public var failures: [EventStreamSummary.Failure]
    /// The grader's own explanation (for `crashed`, `timed out`, `not run`).
    public var explanation: String?
    /// What the crashed test process printed about its crash (for `crashed`): display only,
    /// never evidence (see ``CrashReason``).
    public var printed: CrashReason?

    public init(
      status: TestStatus, failures: [EventStreamSummary.Failure] = [], explanation: String? = nil,
      printed: CrashReason? = nil
    ) {
      self.status = status
      self.failures = failures
      self.explanation = explanation
      self.printed = printed
    }

    /// The failures a report shows: for each argument of the test (one for a test without
    /// arguments), the one the stream recorded first, in the order of ``failures``.
    public var shownFailures: [EventStreamSummary.Failure] {
      var firsts: [Int: EventStreamSummary.Failure] = [:]
      for failure in failures {
        let argument = failure.argument ?? -1
        if let kept = firsts[argument],
          (kept.sequence ?? Int.max) <= (failure.sequence ?? Int.max)
        {
          continue
        }
        firsts[argument] = failure
      }
      return failures.filter { failure in firsts.values.contains(failure) }
    }

    /// Why the test did not pass, as text: the one rule every report uses (nil when it passed).
    ///
    /// A crash's quote comes first (``CrashReason/quoted(hidingTestLocations:)``: the runtime's
    /// fatal line is the best clue, and reports that show one line show it). Then the test's
    /// first failure (``shownFailures``: one per argument of a parameterized test, in argument
    /// order), as the author's explanation, or the framework's summary line when the author gave
    /// none (the summary quotes run-time values, which may differ from run to run); identical
    /// texts once; then the grader's explanation. Failures after the first are left out: once
    /// an expectation has failed, what the test does next no longer starts from the situation
    /// its later messages describe, so their words may not be true.
    ///
    /// With `hidingSource` (a hidden test: the reader must not see its code), only the author's
    /// explanations are given, each line once, never the framework's summary, which quotes the
    /// test's code; a failure without an explanation becomes a plain "an expectation failed".
    /// Either way the grader's own explanation comes last.
    ///
    /// ```swift
    /// let outcome = TestRunner.Outcome(status: .crashed, explanation: "It crashed.")
    /// outcome.message(hidingSource: true)  // "It crashed."
    /// ```
    public func message(hidingSource: Bool) -> String? {
      if status == .passed { return nil }
      var parts: [String] = []
      func add(_ text: String) {
        if !parts.contains(text) { parts.append(text) }
      }
      for failure in shownFailures {
        if hidingSource {
          failure.details.forEach(add)
        } else {
          add(failure.details.isEmpty ? failure.summary : failure.details.joined(separator: "\n"))
        }
      }
      if hidingSource, parts.isEmpty, !failures.isEmpty {
        parts.append("An expectation of this hidden test failed.")
      }
      if let printed { parts.insert(printed.quoted(hidingTestLocations: hidingSource), at: 0) }
      if let explanation { parts.append(explanation) }
      return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }
  }

  /// Runs every graded test. Returns an outcome for each, by test id.
  public func run() throws -> [String: Outcome] {
    try runAll().outcomes
  }

  /// Runs every graded test.
  public func runAll() throws -> Results {
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let limit = Double(timeLimitSeconds)
    let budgetEnd = Date().addingTimeInterval(Double(budgetSeconds))
    var outcomes: [String: Outcome] = [:]
    var refusals: [String] = []
    var seconds: [String: Double] = [:]
    var pending = testIDs
    var attempt = 0

    /// Gives every test of `keys` without an outcome the status `error`: the run that should
    /// have graded them wrote records an honest run never writes.
    func refuse(_ run: RunEvidence, _ keys: [String]) {
      refusals += run.refusals.filter { !refusals.contains($0) }
      let explanation =
        "Not graded: the test process wrote results that cannot be honest ("
        + run.refusals.joined(separator: "; ")
        + "), so none of its results count. Results come only from the test framework; code "
        + "that writes into them, or ends the process early, loses the points of every test "
        + "that ran with it."
      for key in keys where outcomes[key] == nil {
        outcomes[key] = Outcome(status: .error, explanation: explanation)
      }
    }

    /// Runs one test alone and records its outcome; nil when the budget is spent.
    @discardableResult
    func runAlone(_ key: String) throws -> RunEvidence? {
      guard Date() < budgetEnd else { return nil }
      attempt += 1
      let run = try runOnce([key], attempt: attempt, budgetEnd: budgetEnd)
      if !run.refusals.isEmpty {
        refuse(run, [key])
      } else {
        outcomes[key] = run.outcome(of: key, ranAlone: true, limit: limit)
      }
      return run
    }

    if firstFailureEnds, !pending.isEmpty {
      attempt += 1
      let run = try runOnce(pending, attempt: attempt, budgetEnd: budgetEnd)
      if !run.refusals.isEmpty {
        refuse(run, pending)
        return Results(outcomes: outcomes, refusals: refusals, seconds: seconds)
      }
      let unfinished = pending.filter {
        run.summary.tests[$0]?.started == true && run.summary.tests[$0]?.ended != true
      }
      if run.completedNormally {
        for key in pending {
          outcomes[key] = run.outcome(of: key, ranAlone: pending.count == 1, limit: limit)
        }
      } else if let failing = pending.first(where: {
        !(run.summary.tests[$0]?.failures.isEmpty ?? true)
      }) {
        outcomes[failing] = Outcome(
          status: .failed,
          failures: run.summary.tests[failing]!.failures.sorted {
            EventStreamSummary.Failure.sortKey($0) < EventStreamSummary.Failure.sortKey($1)
          })
      } else if let stopped = pending.first(where: run.overdue.contains)
        ?? (unfinished.count == 1 ? unfinished.first : nil)
      {
        outcomes[stopped] = run.outcome(of: stopped, ranAlone: true, limit: limit)
      }
      if !outcomes.isEmpty {
        for key in testIDs where outcomes[key] == nil {
          outcomes[key] = Outcome(
            status: .notRun, explanation: "Not run to the end: another test did not pass first.")
        }
        return Results(outcomes: outcomes, refusals: refusals, seconds: seconds)
      }
      // Nothing tells which test ended the process: find it the usual way.
    }
    while !pending.isEmpty, Date() < budgetEnd {
      attempt += 1
      let graded = outcomes.count
      let run = try runOnce(pending, attempt: attempt, budgetEnd: budgetEnd)
      if !run.refusals.isEmpty {
        refuse(run, pending)
        break
      }
      if run.completedNormally {
        for key in pending {
          outcomes[key] = run.outcome(of: key, ranAlone: pending.count == 1, limit: limit)
          seconds[key] = run.summary.tests[key]?.seconds
        }
        break
      }
      // The run did not end honestly: its records only say which test was running.
      let unfinished = pending.filter {
        run.summary.tests[$0]?.started == true && run.summary.tests[$0]?.ended != true
      }
      if run.process.stoppedByMonitor {
        // A test went past its limit. Alone, it is timed out; if others were past it too
        // (they may only have been starved), each gets its own run.
        let overdue = unfinished.filter { run.overdue.contains($0) }
        if overdue.count == 1, unfinished.count == 1 {
          outcomes[overdue[0]] = run.outcome(of: overdue[0], ranAlone: true, limit: limit)
        } else {
          for key in overdue { try runAlone(key) }
        }
      } else if unfinished.count == 1 {
        // A crash, an exit, or the overall time limit, with one test running: that test's.
        outcomes[unfinished[0]] = run.outcome(of: unfinished[0], ranAlone: true, limit: limit)
      } else if unfinished.count > 1 {
        for key in unfinished { try runAlone(key) }
      }
      if outcomes.count == graded, let first = pending.first(where: { outcomes[$0] == nil }) {
        // Nothing was running (the process died or hung outside any test), or nothing was
        // learned: try the first test alone. If that process also dies before its test
        // starts, the rest would too.
        if let alone = try runAlone(first), alone.refusals.isEmpty,
          alone.summary.tests[first]?.started != true, !alone.completedNormally
        {
          for key in pending where outcomes[key] == nil { outcomes[key] = outcomes[first] }
        }
      }
      pending = pending.filter { outcomes[$0] == nil }
    }
    for key in testIDs where outcomes[key] == nil {
      outcomes[key] = Outcome(
        status: .timedOut,
        explanation:
          "Not run to the end: earlier tests of this exercise hung or crashed until its "
          + "\(budgetSeconds)-second budget was spent. Look for an infinite loop or "
          + "a wait that never ends.")
    }
    return Results(outcomes: outcomes, refusals: refusals, seconds: seconds)
  }

  /// Runs the given graded tests once, watching the event stream for tests past their limit.
  private func runOnce(_ keys: [String], attempt: Int, budgetEnd: Date) throws -> RunEvidence {
    let manager = FileManager.default
    let folder = work.appendingPathComponent("run-\(attempt)")
    try? manager.removeItem(at: folder)
    let streamFolder = folder.appendingPathComponent("stream")
    let temporary = folder.appendingPathComponent("tmp")
    let mountPoint = folder.appendingPathComponent("root")
    for made in [streamFolder, temporary, mountPoint] {
      try manager.createDirectory(at: made, withIntermediateDirectories: true)
    }
    defer { try? manager.removeItem(at: folder) }

    let module = NSRegularExpression.escapedPattern(for: testModule)
    let filters =
      keys.count == testIDs.count && !someTestsOnly
      ? ["^\(module)\\."]
      : keys.map { "^\(module)\\." + NSRegularExpression.escapedPattern(for: $0) }
    let limit = Double(timeLimitSeconds)
    // Enough for every test to use its whole limit one after the other, within the budget.
    let overall = min(budgetEnd.timeIntervalSinceNow, limit * Double(keys.count) + 30)
    let log = work.appendingPathComponent("test-\(attempt).log")
    let graded = Set(testIDs)

    let data: Data
    var process: ProcessRunner.Outcome
    let overdue: Set<String>
    switch products {
    case .binary(let binary):
      let pipe = try EventStreamPipe(at: streamFolder.appendingPathComponent("events"))
      try sandbox?.grantAccess(to: pipe.url)
      let watcher = StreamWatcher(
        testModule: testModule, limit: limit, stopsAtFailure: firstFailureEnds
      ) {
        pipe.received
      }
      let command: [String]
      let environment: [String: String]
      if let sandbox {
        command = sandbox.command(
          running: products.command(
            filters: filters, events: Sandbox.streamPath + "/events",
            binary: Sandbox.binPath + "/" + binary.lastPathComponent),
          products: binary.deletingLastPathComponent(), stream: streamFolder,
          mountPoint: mountPoint)
        environment = ProcessRunner.cleanEnvironment(
          temporaryPath: Sandbox.scratchPath, home: Sandbox.scratchPath
        ).merging(self.environment) { $1 }
      } else {
        command = products.command(filters: filters, events: pipe.url.path, binary: binary.path)
        environment = ProcessRunner.cleanEnvironment(temporaryDirectory: temporary)
          .merging(self.environment) { $1 }
      }
      let outcome = try ProcessRunner.run(
        command, in: temporary, environment: environment, log: log,
        timeLimit: max(overall, 1), monitor: { watcher.poll() })
      sandbox?.waitForTeardown(log: log)
      data = pipe.finish()
      process = sandbox == nil ? outcome : Sandbox.decode(outcome)
      overdue = watcher.overdue
      if pipe.overflowed {
        var summary = EventStreamSummary.parse(
          data, testModule: testModule, graded: graded)
        summary.refusals.append("more than \(EventStreamPipe.limit >> 20) MB of event records")
        return RunEvidence(process: process, summary: summary, overdue: overdue)
      }
    case .swiftTest:
      let events = folder.appendingPathComponent("events.jsonl")
      let watcher = StreamWatcher(
        testModule: testModule, limit: limit, stopsAtFailure: firstFailureEnds
      ) {
        (try? Data(contentsOf: events)) ?? Data()
      }
      process = try ProcessRunner.run(
        products.command(filters: filters, events: events.path, binary: nil),
        in: temporary,
        environment: ProcessRunner.cleanEnvironment(temporaryDirectory: temporary)
          .merging(self.environment) { $1 },
        log: log, timeLimit: max(overall, 1), monitor: { watcher.poll() })
      data = (try? Data(contentsOf: events)) ?? Data()
      overdue = watcher.overdue
    }
    // Kept beside the log, for whoever wants to see what the test process reported.
    try? data.write(to: work.appendingPathComponent("events-\(attempt).jsonl"))
    let summary = EventStreamSummary.parse(data, testModule: testModule, graded: graded)
    if sandbox != nil, !summary.runStarted,
      let failure = Sandbox.setupFailure(
        inLog: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    {
      throw WorkshopError(
        "the sandbox could not start the tests (\(failure)); see \(log.path). Grade with "
          + "--sandbox off to run them unsandboxed.")
    }
    return RunEvidence(
      process: process, summary: summary, overdue: overdue,
      printed: crashReason(process, log: log))
  }

  /// The runtime's words about the crash of a process killed by a signal we did not send.
  private func crashReason(_ process: ProcessRunner.Outcome, log: URL) -> CrashReason? {
    guard process.wasSignalled, !process.timedOut, !process.stoppedByMonitor else { return nil }
    return CrashReason.read(log: log, testModule: testModule)
  }
}
