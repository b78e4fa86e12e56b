import Foundation

/// The words a learner reads about the tests they wrote (``SuiteReport``): a row per mutant and
/// notes about wrong tests and tests that wait for real time. Every sentence says what was run
/// and what was seen; a mutant is named by the behaviour a test should check, never by its code.
public enum SuiteFeedback {
  /// The row of one mutant: passed when the suite caught it.
  public static func row(_ verdict: SuiteReport.Verdict) -> TestResult {
    let mutant = verdict.mutant
    var row = TestResult(
      id: mutant.behaviour, isVisible: true, status: verdict.isCaught ? .passed : .failed,
      message: verdict.isCaught
        ? nil
        : "With a feature that gets this wrong, every one of your tests still passes. Write a "
          + "test for step \(mutant.step) that checks it.",
      location: nil, points: verdict.isCaught ? mutant.points : 0,
      maximumPoints: mutant.points, hint: nil, steps: [mutant.step])
    row.mutant = mutant.name
    return row
  }

  /// Notes about the suite's wrong tests and tests that waited for real time.
  public static func notes(_ report: SuiteReport) -> [String] {
    var notes: [String] = []
    if report.tests.isEmpty {
      notes.append("Your suite has no tests, so it catches nothing.")
    }
    for wrong in report.wrongTests {
      let verb: String
      switch wrong.status {
      case .failed: verb = "fails"
      case .crashed: verb = "crashes"
      case .timedOut: verb = "times out"
      case .error: verb = "could not be graded"
      default: verb = "does not pass"
      }
      let how =
        wrong.passedRuns > 0
        ? "passed \(wrong.passedRuns) of its runs against a correct feature, then \(verb)"
        : "\(verb) against a correct feature"
      notes.append("Your test \(wrong.test) \(how), so it catches nothing: \(wrong.message)")
    }
    for timed in report.realTime {
      notes.append(
        "Your test \(timed.test) waited for real time: it took \(duration(timed.seconds)) "
          + "against the correct feature. With a TestClock, it would take none.")
    }
    return notes
  }

  /// `seconds`, in words that stay the same from run to run: whole seconds, rounded down.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.down))
    switch whole {
    case 0: return "over half a second"
    case 1: return "over a second"
    default: return "over \(whole) seconds"
    }
  }
}
