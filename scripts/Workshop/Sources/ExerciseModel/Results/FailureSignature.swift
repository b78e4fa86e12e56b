/// Which graded tests one run of an exercise did not pass, and how each of them ended: the
/// fingerprint the grader compares between a learner's run and a decoy's.
///
/// A test that crashed or timed out is kept apart from one that merely failed: a crash or a hang
/// is evidence of its own (a `fatalError` where an issue was due, a lock taken twice), and a
/// crash also stops the tests running beside it, so it is only ever compared exactly.
///
/// ```swift
/// let signature = FailureSignature([
///   (id: "A/x()", status: .failed), (id: "A/y()", status: .crashed),
///   (id: "A/z()", status: .passed),
/// ])
/// // signature.failing == ["A/x()", "A/y()"], signature.crashed == ["A/y()"]
/// // signature.ranToAnEnd == false
/// ```
public struct FailureSignature: Sendable, Hashable, CustomStringConvertible {
  /// The tests that ended with a failed expectation, or did not run (or did not compile).
  public var failed: Set<String>
  /// The tests during which the test process died.
  public var crashed: Set<String>
  /// The tests stopped at the exercise's time limit.
  public var timedOut: Set<String>

  /// A signature from its three disjoint groups of test ids.
  public init(failed: Set<String> = [], crashed: Set<String> = [], timedOut: Set<String> = []) {
    self.failed = failed
    self.crashed = crashed
    self.timedOut = timedOut
  }

  /// The signature of a run whose tests ended with `statuses`; passed tests are left out.
  public init(_ statuses: [(id: String, status: TestStatus)]) {
    self.init()
    for (id, status) in statuses {
      switch status {
      case .passed: break
      case .crashed: crashed.insert(id)
      case .timedOut: timedOut.insert(id)
      case .failed, .error, .notRun: failed.insert(id)
      }
    }
  }

  /// The signature of one run's test results.
  public init(_ results: [TestResult]) {
    self.init(results.map { (id: $0.id, status: $0.status) })
  }

  /// Every test the run did not pass, however it ended.
  public var failing: Set<String> { failed.union(crashed).union(timedOut) }

  /// Whether every test ran to its end: none crashed and none timed out.
  public var ranToAnEnd: Bool { crashed.isEmpty && timedOut.isEmpty }

  /// How `test` ended in this run: `passed` when the signature does not hold it.
  public func status(of test: String) -> TestStatus {
    if crashed.contains(test) { return .crashed }
    if timedOut.contains(test) { return .timedOut }
    return failed.contains(test) ? .failed : .passed
  }

  /// The groups that are not empty, by status, in the order `crashed`, `failed`, `timed out`
  /// (the statuses' names sorted, as the signatures file writes them).
  public var groups: [(status: TestStatus, tests: Set<String>)] {
    [(.crashed, crashed), (.failed, failed), (.timedOut, timedOut)].filter { !$0.1.isEmpty }
  }

  /// The groups in plain words, `failed A/x(); crashed A/y()`, tests sorted; `passes every test`
  /// when all are empty.
  public var description: String {
    let groups = [(TestStatus.failed, failed), (.crashed, crashed), (.timedOut, timedOut)]
      .filter { !$0.1.isEmpty }
    guard !groups.isEmpty else { return "passes every test" }
    return groups.map { "\($0.0.rawValue) \($0.1.sorted().joined(separator: ", "))" }
      .joined(separator: "; ")
  }
}
