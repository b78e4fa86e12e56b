import Foundation

/// Runs an exercise's graded tests from built products and gives every test a real result,
/// read from the Swift Testing event stream only.
///
/// - Only tests of the solution-test module run, so tests a submission declares in its own
///   sources never run and can never count.
/// - Each graded test may run for the manifest's `timeLimitSeconds`; the stream is watched
///   while the tests run, and a test past its limit stops the process.
/// - A crash or a hang costs only the tests it took down: tests that were running alongside
///   the culprit run again, alone, to get their own result, and tests that never started run
///   again together. The exercise's `budgetSeconds` bounds the total, so a submission that
///   hangs everywhere still finishes in bounded time.
public struct TestRunner: Sendable {
  public var manifest: ExerciseManifest
  public var products: TestProducts
  /// Where event streams, logs and the tests' temporary folder go.
  public var work: URL

  public init(manifest: ExerciseManifest, products: TestProducts, work: URL) {
    self.manifest = manifest
    self.products = products
    self.work = work
  }

  /// How one graded test ended.
  public struct Outcome: Sendable, Equatable {
    public var status: TestStatus
    /// The failing issues (for `failed`).
    public var failures: [EventStreamSummary.Failure]
    /// The grader's own explanation (for `crashed`, `timed out`, `not run`).
    public var explanation: String?

    public init(
      status: TestStatus, failures: [EventStreamSummary.Failure] = [], explanation: String? = nil
    ) {
      self.status = status
      self.failures = failures
      self.explanation = explanation
    }

    /// Why the test did not pass, as text: for each failure the author's explanation, or the
    /// framework's summary line when the author gave none (the summary quotes run-time values,
    /// which may differ from run to run); identical texts once; then the grader's explanation.
    public var message: String? {
      if status == .passed { return nil }
      var parts: [String] = []
      for failure in failures {
        let text =
          failure.details.isEmpty ? failure.summary : failure.details.joined(separator: "\n")
        if !parts.contains(text) { parts.append(text) }
      }
      if let explanation { parts.append(explanation) }
      return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }
  }

  /// Runs every graded test of the manifest. Returns an outcome for each, by test id.
  public func run() throws -> [String: Outcome] {
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let limit = Double(manifest.timeLimitSeconds)
    let budgetEnd = Date().addingTimeInterval(Double(manifest.budgetSeconds))
    var outcomes: [String: Outcome] = [:]
    var pending = manifest.tests.map(\.id)
    var attempt = 0

    /// Runs one test alone and records its outcome; nil when the budget is spent.
    @discardableResult
    func runAlone(_ key: String) throws -> Run? {
      guard Date() < budgetEnd else { return nil }
      attempt += 1
      let run = try runOnce([key], attempt: attempt, budgetEnd: budgetEnd)
      outcomes[key] = run.outcome(of: key, ranAlone: true, limit: limit)
      return run
    }

    while !pending.isEmpty, Date() < budgetEnd {
      attempt += 1
      let run = try runOnce(pending, attempt: attempt, budgetEnd: budgetEnd)
      for key in pending where run.summary.tests[key]?.ended == true {
        outcomes[key] = run.outcome(of: key, ranAlone: false, limit: limit)
      }
      var remaining = pending.filter { outcomes[$0] == nil }
      if run.completedNormally || remaining.isEmpty {
        for key in remaining { outcomes[key] = run.outcome(of: key, ranAlone: false, limit: limit) }
        break
      }
      let unfinished = remaining.filter { run.summary.tests[$0]?.started == true }
      let notStarted = remaining.filter { run.summary.tests[$0]?.started != true }
      if run.process.stoppedByMonitor {
        // A test went past its limit. Alone, it is timed out; if others were past it too
        // (they may only have been starved), each gets its own run.
        let overdue = unfinished.filter { run.overdue.contains($0) }
        if overdue.count == 1, unfinished.count == 1 {
          outcomes[overdue[0]] = run.outcome(of: overdue[0], ranAlone: true, limit: limit)
        } else {
          for key in overdue { try runAlone(key) }
        }
        // Tests interrupted before their own limit run again with the ones not started yet.
        remaining = remaining.filter { outcomes[$0] == nil }
        pending = remaining
        continue
      }
      // The process ended before the run did: a crash, an exit, or the overall time limit.
      if unfinished.count == 1 {
        outcomes[unfinished[0]] = run.outcome(of: unfinished[0], ranAlone: true, limit: limit)
      } else if unfinished.count > 1 {
        for key in unfinished { try runAlone(key) }
      } else if let first = notStarted.first {
        // Nothing was running: the process died (or hung) outside any test. Try the first
        // test alone. If that process also dies before its test starts, the rest would too;
        // otherwise the first test has its own result and the rest run again.
        if let alone = try runAlone(first), alone.summary.tests[first]?.started != true,
          !alone.completedNormally
        {
          for key in notStarted.dropFirst() { outcomes[key] = outcomes[first] }
        }
      }
      pending = remaining.filter { outcomes[$0] == nil }
    }
    for key in manifest.tests.map(\.id) where outcomes[key] == nil {
      outcomes[key] = Outcome(
        status: .timedOut,
        explanation:
          "Not run to the end: earlier tests of this exercise hung or crashed until its "
          + "\(manifest.budgetSeconds)-second budget was spent. Look for an infinite loop or "
          + "a wait that never ends.")
    }
    return outcomes
  }

  /// One run of the test process.
  struct Run {
    var process: ProcessRunner.Outcome
    var summary: EventStreamSummary
    /// Tests that went past the time limit.
    var overdue: Set<String>

    var completedNormally: Bool {
      !process.timedOut && !process.stoppedByMonitor && !process.wasSignalled && summary.runEnded
    }

    var describeEnd: String {
      if process.wasSignalled {
        let name = signalNames[process.status].map { " (\($0))" } ?? ""
        return "was killed by signal \(process.status)\(name)"
      }
      return "exited with status \(process.status) before the run ended"
    }

    func outcome(of key: String, ranAlone: Bool, limit: Double) -> Outcome {
      let test = summary.tests[key]
      let failures = (test?.failures ?? []).sorted {
        EventStreamSummary.Failure.sortKey($0) < EventStreamSummary.Failure.sortKey($1)
      }
      if let test, test.ended {
        return failures.isEmpty
          ? Outcome(status: .passed) : Outcome(status: .failed, failures: failures)
      }
      if overdue.contains(key) || (process.timedOut && test?.started == true) {
        return Outcome(
          status: .timedOut,
          failures: failures,
          explanation:
            "Did not finish within \(Int(limit)) seconds: look for an infinite loop, or a wait "
            + "for something that never happens.")
      }
      if process.timedOut {
        return Outcome(
          status: .timedOut,
          explanation: "The test process hung before this test started (outside any test).")
      }
      if test?.started == true {
        let crash =
          "The test process \(describeEnd) while this test ran: a crash such as fatalError, a "
          + "failed precondition, a force-unwrapped nil, an out-of-range index or endless recursion."
        return Outcome(status: .crashed, failures: failures, explanation: crash)
      }
      if !summary.runEnded, ranAlone {
        return Outcome(
          status: .crashed,
          explanation: "The test process \(describeEnd) before this test started.")
      }
      return Outcome(
        status: .notRun,
        explanation:
          "This test did not run: it does not exist in the solution tests, or was skipped.")
    }
  }

  /// Runs the given graded tests once, watching the event stream for tests past their limit.
  private func runOnce(_ keys: [String], attempt: Int, budgetEnd: Date) throws -> Run {
    let events = work.appendingPathComponent("events-\(attempt).jsonl")
    let temporary = work.appendingPathComponent("tmp-\(attempt)")
    let manager = FileManager.default
    try? manager.removeItem(at: events)
    try? manager.removeItem(at: temporary)
    try manager.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? manager.removeItem(at: temporary) }

    let module = NSRegularExpression.escapedPattern(for: manifest.testModule)
    let filters =
      keys.count == manifest.tests.count
      ? ["^\(module)\\."]
      : keys.map { "^\(module)\\." + NSRegularExpression.escapedPattern(for: $0) }
    let limit = Double(manifest.timeLimitSeconds)
    let watcher = StreamWatcher(events: events, testModule: manifest.testModule, limit: limit)
    // Enough for every test to use its whole limit one after the other, within the budget.
    let overall = min(
      budgetEnd.timeIntervalSinceNow, limit * Double(keys.count) + 30)
    let process = try ProcessRunner.run(
      products.command(filters: filters, events: events),
      in: temporary,
      environment: ProcessRunner.cleanEnvironment(temporaryDirectory: temporary),
      log: work.appendingPathComponent("test-\(attempt).log"),
      timeLimit: max(overall, 1),
      monitor: { watcher.poll() })
    let summary = EventStreamSummary.parse(
      (try? Data(contentsOf: events)) ?? Data(), testModule: manifest.testModule)
    return Run(process: process, summary: summary, overdue: watcher.overdue)
  }
}

/// Watches an event stream while tests run, noting when each test started.
private final class StreamWatcher: @unchecked Sendable {
  let events: URL
  let testModule: String
  let limit: Double
  private var startedAt: [String: Date] = [:]
  private(set) var overdue: Set<String> = []
  private var lastRead = Date.distantPast

  init(events: URL, testModule: String, limit: Double) {
    self.events = events
    self.testModule = testModule
    self.limit = limit
  }

  /// Returns true when some test has run past the limit.
  func poll() -> Bool {
    let now = Date()
    guard now.timeIntervalSince(lastRead) >= 0.2 else { return false }
    lastRead = now
    guard let data = try? Data(contentsOf: events) else { return false }
    let summary = EventStreamSummary.parse(data, testModule: testModule)
    for key in summary.unfinished where startedAt[key] == nil { startedAt[key] = now }
    overdue = Set(
      summary.unfinished.filter { now.timeIntervalSince(startedAt[$0]!) > limit })
    return !overdue.isEmpty
  }
}

private let signalNames: [Int32: String] = [
  4: "SIGILL: a Swift runtime trap such as fatalError or a failed precondition",
  5: "SIGTRAP: a Swift runtime trap such as fatalError or a failed precondition",
  6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL",
  11: "SIGSEGV: often a stack overflow from endless recursion",
]
