import ExerciseEngine
import Testing

@testable import AuthoringKit

/// `MessageRules`: what a failing test's words may not say to a learner who has done some steps.
@Suite struct MessageRulesTests {
  typealias Failure = EventStreamSummary.Failure

  func failed(_ summary: String, _ words: String, at line: Int = 7) -> TestRunner.Outcome {
    TestRunner.Outcome(
      status: .failed,
      failures: [
        Failure(summary: summary, details: [words], location: "T.swift:\(line)", sequence: 0)
      ])
  }

  let rules = MessageRules(
    completedSteps: [1, 2],
    stepsOfTest: ["S/one()": [1], "S/two()": [2], "S/three()": [3], "S/none()": []])

  @Test func aTestOfACompletedStepMustPass() {
    let problems = rules.problems(
      ["S/two()": failed("Expectation failed: x", "Nothing woke.")],
      testIDs: ["S/one()", "S/two()"])
    #expect(problems.count == 1)
    #expect(problems[0].hasPrefix("S/two() (T.swift:7) is a test of Step 2, which this code"))
    #expect(problems[0].contains("\"Nothing woke.\""))
  }

  @Test func aStepIsFinishedOnlyWithEveryStepBeforeIt() {
    let rules = MessageRules(completedSteps: [2], stepsOfTest: ["S/two()": [2]])
    #expect(
      rules.problems(["S/two()": failed("Expectation failed: x", "No.")], testIDs: ["S/two()"])
        .isEmpty)
  }

  @Test func wordsMustNotSendTheLearnerToAFinishedStep() {
    let problems = rules.problems(
      [
        "S/three()": failed("Expectation failed: x", "Nothing was pending. Step 1: register it."),
        "S/none()": failed("Expectation failed: y", "Not yet. Step 3: run the clock out."),
        "S/other()": failed("Expectation failed: z", "Capture (Step 1), then restore (Step 3)."),
      ], testIDs: ["S/three()", "S/none()", "S/other()"])
    #expect(problems.count == 1)
    #expect(problems[0].hasPrefix("S/three() (T.swift:7) sends the learner to Step 1"))
  }

  @Test func anExpectationOfTwoObservationsIsNamed() {
    let problems = rules.problems(
      [
        "S/three()": failed(
          "Expectation failed: (pending → 2) == 1 && !(woke → false)", "It woke the sleeper."),
        "S/none()": failed(
          "Expectation failed: (ending → nil) == nil || ending == .returned", "It threw."),
      ], testIDs: ["S/three()", "S/none()"])
    #expect(problems.count == 1)
    #expect(problems[0].contains("failed on `(pending → 2) == 1 && !(woke → false)`"))
  }

  @Test func onlyTheShownFailureIsHeldToTheRules() {
    let outcome = TestRunner.Outcome(
      status: .failed,
      failures: [
        Failure(summary: "Expectation failed: a", details: ["First."], sequence: 0),
        Failure(summary: "Expectation failed: a && b", details: ["Step 1: later."], sequence: 1),
      ])
    #expect(rules.problems(["S/three()": outcome], testIDs: ["S/three()"]).isEmpty)
  }

  @Test func theNextStepIsTheFirstWhoseTestsCannotPass() {
    // Step 2's test also needs step 3.
    let rules = MessageRules(
      completedSteps: [1, 2], stepsOfTest: ["S/a()": [1], "S/b()": [2, 3], "S/c()": []])
    #expect(rules.expectedNextStep(stepCount: 3) == 2)
    let done = MessageRules(completedSteps: [1, 2, 3], stepsOfTest: ["S/b()": [2, 3]])
    #expect(done.expectedNextStep(stepCount: 3) == nil)
    #expect(MessageRules(completedSteps: [2], stepsOfTest: [:]).expectedNextStep(stepCount: 3) == 1)
  }

  @Test(arguments: [
    ("Step 2: wake it.", [2]),
    ("See Steps 1 and 3, then Step 4.", [1, 3, 4]),
    ("Steps 2–4 pass", [2, 3, 4]),
    ("No step here; steps are fine.", []),
  ])
  func stepsNamedInWords(text: String, steps: [Int]) {
    #expect(MessageRules.stepsNamed(in: text) == steps)
  }

  @Test(arguments: [
    ("Expectation failed: (a → 1) == 2 && !(b → true)", true),
    ("Expectation failed: (a && b → false)", false),
    ("Expectation failed: names == [\"&&\"]", false),
    ("Expectation failed: x == \"a && b\"", false),
    ("Issue recorded", false),
  ])
  func conjunctionsOutsideParenthesesAndStrings(summary: String, joined: Bool) {
    #expect((MessageRules.conjunction(in: summary) != nil) == joined)
  }
}
