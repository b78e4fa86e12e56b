import ExerciseModel

extension TestResult {
  /// The result of `test` from the runner's outcome (none: the test has not run). A hidden
  /// test's message hides its source (``TestRunner/Outcome/message(hidingSource:)``) and it
  /// has no location.
  public init(_ test: ManifestTest, outcome: TestRunner.Outcome?, isVisible: Bool = true) {
    let outcome = outcome ?? TestRunner.Outcome(status: .notRun)
    let passed = outcome.status == .passed
    self.init(
      id: test.id, isVisible: isVisible, status: outcome.status,
      message: outcome.message(hidingSource: !isVisible),
      location: isVisible && !passed ? outcome.shownFailures.first?.location : nil,
      points: passed ? test.points : 0, maximumPoints: test.points,
      hint: passed ? nil : test.hint)
  }
}
