import Foundation

/// One run of an exercise's test process, as ``TestRunner`` reads it: how the process ended,
/// what its event stream held, which tests went past their limit, and what that makes of
/// each test.
struct RunEvidence {
  var process: ProcessRunner.Outcome
  var summary: EventStreamSummary
  /// Tests that went past the time limit.
  var overdue: Set<String>
  /// Why the run's records cannot be trusted at all (empty for an honest run).
  var refusals: [String]
  /// What the process printed about its crash, quoted in crashed tests' messages only.
  var printed: CrashReason?

  init(
    process: ProcessRunner.Outcome, summary: EventStreamSummary, overdue: Set<String>,
    printed: CrashReason? = nil
  ) {
    self.process = process
    self.summary = summary
    self.overdue = overdue
    self.printed = printed
    var refusals = summary.refusals
    let killed = process.timedOut || process.stoppedByMonitor
    if !killed, !process.wasSignalled {
      if summary.runStarted, !summary.runEnded {
        // Swift Testing ends the process only after the run's end: something else did.
        refusals.append(
          "the process exited with status \(process.status) before its tests reported")
      } else if summary.runEnded, process.status == 0, summary.failingIssueCount > 0 {
        refusals.append("the process exited with status 0 although tests failed")
      } else if summary.runEnded, process.status == 1, summary.failingIssueCount == 0 {
        refusals.append("the process exited with status 1 although no test failed")
      }
    }
    self.refusals = refusals
  }

  /// The run ended as an honest Swift Testing run ends: the stream's end, then an exit status
  /// that agrees with it (0 all passed, 1 some failed, 69 no test matched).
  var completedNormally: Bool {
    !process.timedOut && !process.stoppedByMonitor && !process.wasSignalled && summary.runEnded
      && refusals.isEmpty
      && (process.status == 0 || process.status == 1
        || (process.status == 69 && summary.order.isEmpty))
  }

  var describeEnd: String {
    if process.wasSignalled {
      let name = signalNames[process.status].map { " (\($0))" } ?? ""
      return "was killed by signal \(process.status)\(name)"
    }
    return "exited with status \(process.status) before the run ended"
  }

  func outcome(of key: String, ranAlone: Bool, limit: Double) -> TestRunner.Outcome {
    let test = summary.tests[key]
    let failures = (test?.failures ?? []).sorted {
      EventStreamSummary.Failure.sortKey($0) < EventStreamSummary.Failure.sortKey($1)
    }
    if completedNormally {
      guard let test, test.ended else {
        return TestRunner.Outcome(
          status: .notRun,
          explanation:
            "This test did not run: it does not exist in the solution tests, or was skipped.")
      }
      return failures.isEmpty
        ? TestRunner.Outcome(status: .passed)
        : TestRunner.Outcome(status: .failed, failures: failures)
    }
    if overdue.contains(key) || (process.timedOut && test?.started == true) {
      return TestRunner.Outcome(
        status: .timedOut,
        failures: failures,
        explanation:
          "Did not finish within \(Int(limit)) seconds: look for an infinite loop, or a wait "
          + "for something that never happens.")
    }
    if process.timedOut {
      return TestRunner.Outcome(
        status: .timedOut,
        explanation: "The test process hung before this test started (outside any test).")
    }
    if test?.started == true {
      let crash =
        "The test process \(describeEnd) while this test ran: a crash such as fatalError, a "
        + "failed precondition, a force-unwrapped nil, an out-of-range index or endless recursion."
      return TestRunner.Outcome(
        status: .crashed, failures: failures, explanation: crash, printed: printed)
    }
    return TestRunner.Outcome(
      status: .crashed,
      explanation: "The test process \(describeEnd) before this test started.", printed: printed)
  }
}

private let signalNames: [Int32: String] = [
  4: "SIGILL: a Swift runtime trap such as fatalError or a failed precondition",
  5: "SIGTRAP: a Swift runtime trap such as fatalError or a failed precondition",
  6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL",
  11: "SIGSEGV: often a stack overflow from endless recursion",
]
