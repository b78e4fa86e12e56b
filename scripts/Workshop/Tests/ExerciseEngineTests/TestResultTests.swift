import Testing

@testable import ExerciseEngine
@testable import ExerciseModel

/// `TestResult`: the one result a test of a manifest gets, in the checks and in the grader.
@Suite struct TestResultTests {
  let test = ManifestTest(id: "Suite/counts()", points: 3, hint: "Count every call.")
  let failed = TestRunner.Outcome(
    status: .failed,
    failures: [.init(summary: "Expectation failed: count == 3", location: "Suite.swift:12")])

  @Test func aPassedTestScoresItsPointsWithoutHint() {
    let result = TestResult(test, outcome: .init(status: .passed))
    #expect(result.status == .passed && result.points == 3 && result.maximumPoints == 3)
    #expect(result.message == nil && result.location == nil && result.hint == nil)
  }

  @Test func aVisibleFailureSaysWhereAndWhy() {
    let result = TestResult(test, outcome: failed)
    #expect(result.points == 0 && result.hint == "Count every call.")
    #expect(result.message == "Expectation failed: count == 3")
    #expect(result.location == "Suite.swift:12")
  }

  @Test func aHiddenFailureHidesItsSource() {
    let result = TestResult(test, outcome: failed, isVisible: false)
    #expect(!result.isVisible)
    #expect(result.message == "An expectation of this hidden test failed.")
    #expect(result.location == nil)
  }

  @Test func aTestWithoutOutcomeHasNotRun() {
    #expect(TestResult(test, outcome: nil).status == .notRun)
  }

  @Test func aTestThatCouldNotRunScoresNothing() {
    let result = TestResult(test, notRunning: .error, message: "error: x", hint: test.hint)
    #expect(result.status == .error && result.points == 0 && result.maximumPoints == 3)
    #expect([result, TestResult(test, outcome: .init(status: .passed))].points == 3)
    #expect([result, TestResult(test, outcome: .init(status: .passed))].passedCount == 1)
  }
}
