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

  /// One behaviour of the reference suite and the generated mutants it names.
  public struct Behaviour: Sendable, Equatable {
    public var step: Int
    /// The reference test's display name.
    public var words: String
    public var bugs: Int
    public var caught: Int
  }

  /// The generated mutants of `verdicts` grouped by the behaviour that names them, in order of
  /// first appearance (learning order).
  public static func behaviours(_ verdicts: [SuiteReport.GeneratedVerdict]) -> [Behaviour] {
    var groups: [Behaviour] = []
    for verdict in verdicts {
      if let index = groups.firstIndex(where: {
        $0.words == verdict.behaviour && $0.step == verdict.step
      }) {
        groups[index].bugs += 1
        groups[index].caught += verdict.isCaught ? 1 : 0
      } else {
        groups.append(
          Behaviour(
            step: verdict.step, words: verdict.behaviour, bugs: 1,
            caught: verdict.isCaught ? 1 : 0))
      }
    }
    return groups
  }

  /// What step `step`'s row of generated mutants gives as its ``TestResult/mutant``: it stands
  /// for mutants, not a test.
  public static func generatedRowMutant(step: Int) -> String { "step-\(step)-generated" }

  /// Whether `row` is a step's row for its generated mutants (``generatedRows(_:handMutants:notGraded:)``),
  /// not a test or a hand mutant.
  public static func isGeneratedRow(_ row: TestResult) -> Bool {
    row.step.map { row.mutant == generatedRowMutant(step: $0) } ?? false
  }

  /// The name of step `step`'s row for its generated mutants.
  public static func generatedRowName(step: Int) -> String {
    "Step \(step): every bug a complete suite catches"
  }

  /// One row per step with generated mutants, after the hand mutants' rows: passed when the
  /// suite caught all of them, worth the step's share (``SuiteScore``), the behaviours not
  /// caught yet named with the number of bugs each hides. `status` and `message` replace the
  /// verdicts when the suite could not be run (nil: graded).
  public static func generatedRows(
    _ verdicts: [SuiteReport.GeneratedVerdict], handMutants: [ManifestMutant],
    notGraded: (status: TestStatus, message: String)? = nil
  ) -> [TestResult] {
    let groups = behaviours(verdicts)
    return Set(verdicts.map(\.step)).sorted().map { step in
      let here = groups.filter { $0.step == step }
      let total = here.reduce(0) { $0 + $1.bugs }
      let caught = here.reduce(0) { $0 + $1.caught }
      let share = SuiteScore.share(step: step, handMutants: handMutants)
      let missed = here.filter { $0.caught < $0.bugs }
      var message: String?
      if let notGraded {
        message = notGraded.message
      } else if !missed.isEmpty {
        message =
          "Your tests catch \(caught) of the \(total) bugs that a complete suite for step "
          + "\(step) catches. Not caught yet:\n"
          + missed.map { group in
            let left = group.bugs - group.caught
            return "- \(group.words) (\(left) \(left == 1 ? "bug" : "bugs"))"
          }.joined(separator: "\n")
      }
      let status: TestStatus = notGraded?.status ?? (caught == total ? .passed : .failed)
      var row = TestResult(
        id: generatedRowName(step: step), isVisible: true, status: status, message: message,
        location: nil,
        points: notGraded == nil ? SuiteScore.earned(share: share, caught: caught, of: total) : 0,
        maximumPoints: share, hint: nil, steps: [step])
      row.mutant = generatedRowMutant(step: step)
      return row
    }
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
          + "against the correct feature. A test that drives a TestClock waits for none: look "
          + "for a real sleep or clock, or a wait that runs out (waitForSleepers gives up after "
          + "its timeout when nothing sleeps).")
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
