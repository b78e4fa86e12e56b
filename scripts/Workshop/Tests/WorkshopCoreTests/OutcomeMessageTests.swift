import Testing

@testable import WorkshopCore

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

  @Test func aVisibleTestShowsExplanationsOrTheSummary() {
    let outcome = TestRunner.Outcome(status: .failed, failures: failures, explanation: "Then.")
    #expect(
      outcome.message(hidingSource: false)
        == "Count every call.\nOnce.\n\nExpectation failed: name == \"x\"\n\nOnce.\n\nThen.")
  }

  @Test func aHiddenTestShowsEachExplanationOnceAndNeverItsSource() {
    let outcome = TestRunner.Outcome(status: .failed, failures: failures, explanation: "Then.")
    #expect(outcome.message(hidingSource: true) == "Count every call.\n\nOnce.\n\nThen.")
    let bare = TestRunner.Outcome(status: .failed, failures: [.init(summary: "x == 1")])
    #expect(bare.message(hidingSource: true) == "An expectation of this hidden test failed.")
    let crashed = TestRunner.Outcome(status: .crashed, explanation: "It crashed.")
    #expect(crashed.message(hidingSource: true) == "It crashed.")
  }
}
