/// How one graded test ended.
public enum TestStatus: String, Codable, Sendable, CaseIterable {
  /// It ran and recorded no failing issue.
  case passed
  /// It ran and an expectation failed (the message says which).
  case failed
  /// The sources did not compile (the message holds the compiler's errors), or the test
  /// process wrote results that cannot be honest and the grader refused them (the message says
  /// which).
  case error
  /// The test process died while this test ran (the message names the signal).
  case crashed
  /// The test did not finish within the exercise's time limit.
  case timedOut = "timed out"
  /// The test never reported a result (for example it does not exist in the tests that ran).
  case notRun = "not run"
}

/// The result of one graded test.
public struct TestResult: Codable, Sendable, Equatable {
  public var id: String
  public var status: TestStatus
  public var message: String?
  public var points: Int
  public var maximumPoints: Int

  public init(id: String, status: TestStatus, message: String?, points: Int, maximumPoints: Int) {
    self.id = id
    self.status = status
    self.message = message
    self.points = points
    self.maximumPoints = maximumPoints
  }
}

/// The results of one exercise, in the manifest's order.
public struct ExerciseResult: Codable, Sendable, Equatable {
  public var id: String
  public var title: String
  public var tests: [TestResult]

  public var points: Int { tests.reduce(0) { $0 + $1.points } }
  public var maximumPoints: Int { tests.reduce(0) { $0 + $1.maximumPoints } }
  public var passedCount: Int { tests.filter { $0.status == .passed }.count }
}

extension ExerciseResult {
  /// The results of `manifest`'s tests from the runner's outcomes, in the manifest's order; a
  /// test without an outcome has not run.
  public init(manifest: ExerciseManifest, outcomes: [String: TestRunner.Outcome]) {
    self.init(
      id: manifest.id, title: manifest.title,
      tests: manifest.tests.map { test in
        let outcome = outcomes[test.id] ?? TestRunner.Outcome(status: .notRun)
        return TestResult(
          id: test.id, status: outcome.status, message: outcome.message,
          points: outcome.status == .passed ? test.points : 0, maximumPoints: test.points)
      })
  }

  /// Every test of `manifest` with the same status and message (a build that failed).
  public init(manifest: ExerciseManifest, uniform status: TestStatus, message: String) {
    self.init(
      id: manifest.id, title: manifest.title,
      tests: manifest.tests.map {
        TestResult(id: $0.id, status: status, message: message, points: 0, maximumPoints: $0.points)
      })
  }
}
