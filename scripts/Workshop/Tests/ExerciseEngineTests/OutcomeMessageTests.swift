import Testing

@testable import ExerciseEngine

/// `TestRunner.Outcome.message(hidingSource:)`: the one rule for what a report says about a test
/// that did not pass.
@Suite struct OutcomeMessageTests {
  let failures: [EventStreamSummary.Failure] = [
    .init(
      summary: "Expectation failed: (count → 2) == 3", details: ["Count every call.", "Once."]),
    .init(summary: "Expectation failed: name == \"x\""),
    .init(summary: "Expectation failed: other", details: ["Once."]),
  ]

  @Test func aPassedTestHasNoMessage() {
    let outcome = TestRunner.Outcome(status: .passed, explanation: "ignored")
    #expect(outcome.message(hidingSource: false) == nil)
    #expect(outcome.message(hidingSource: true) == nil)
  }

  @Test func aVisibleTestShowsItsFirstFailuresExplanationsOrTheSummary() {
    let outcome = TestRunner.Outcome(status: .failed, failures: failures, explanation: "Then.")
    #expect(outcome.message(hidingSource: false) == "Count every call.\nOnce.\n\nThen.")
    let bare = TestRunner.Outcome(status: .failed, failures: [failures[1]])
    #expect(bare.message(hidingSource: false) == "Expectation failed: name == \"x\"")
  }

  @Test func onlyTheFailureRecordedFirstIsShownForEachArgument() {
    // Sorted by place (as `RunEvidence` gives them), but recorded in another order.
    let outcome = TestRunner.Outcome(
      status: .failed,
      failures: [
        .init(summary: "a", details: ["First argument, line 3."], argument: 0, sequence: 1),
        .init(summary: "b", details: ["First argument, line 9."], argument: 0, sequence: 0),
        .init(summary: "c", details: ["Second argument, line 3."], argument: 1, sequence: 3),
        .init(summary: "d", details: ["Second argument, line 5."], argument: 1, sequence: 2),
      ])
    #expect(outcome.shownFailures.map(\.summary) == ["b", "d"])
    #expect(
      outcome.message(hidingSource: true)
        == "First argument, line 9.\n\nSecond argument, line 5.")
  }

  @Test func aHiddenTestShowsItsFirstFailuresExplanationsOnceAndNeverItsSource() {
    let outcome = TestRunner.Outcome(status: .failed, failures: failures, explanation: "Then.")
    #expect(outcome.message(hidingSource: true) == "Count every call.\n\nOnce.\n\nThen.")
    let bare = TestRunner.Outcome(status: .failed, failures: [.init(summary: "x == 1")])
    #expect(bare.message(hidingSource: true) == "An expectation of this hidden test failed.")
    let crashed = TestRunner.Outcome(status: .crashed, explanation: "It crashed.")
    #expect(crashed.message(hidingSource: true) == "It crashed.")
  }
}
