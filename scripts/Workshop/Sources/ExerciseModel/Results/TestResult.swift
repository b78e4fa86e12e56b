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
  /// The test process died while this test ran (the message names the signal, and quotes the
  /// runtime's fatal line when the process printed one: display only, see ``CrashReason``).
  case crashed
  /// The test did not finish within the exercise's time limit.
  case timedOut = "timed out"
  /// The test never reported a result (for example it does not exist in the tests that ran).
  case notRun = "not run"
}

/// The result of one graded test: what the exercise checks and the grader both give each test
/// of a manifest, in the manifest's order.
///
/// ```swift
/// let result = TestResult(test, outcome: outcomes[test.id], isVisible: false)
/// // a hidden test that failed: its author's explanation, no location, 0 points, the hint
/// ```
public struct TestResult: Codable, Sendable, Equatable {
  /// `Suite/function()`, as Swift Testing names it without the module and source location.
  public var id: String
  /// Whether the learner has this test's source (it is in one of the exercise's visible test
  /// files). Hidden tests are reported by name, points, status and hint only: their source
  /// code, and failure text quoting it, never appear in a report.
  public var isVisible: Bool
  public var status: TestStatus
  /// Why the test did not pass, in plain words, or nil when it passed. For a hidden test only
  /// the test author's explanations are kept, never the expression that failed.
  public var message: String?
  /// `File.swift:line` of the first failure, for visible tests only.
  public var location: String?
  public var points: Int
  public var maximumPoints: Int
  /// The manifest's hint for this test, shown when it did not pass.
  public var hint: String?
  /// The lesson steps the test belongs to (`[1, 2]` for a suite named "Steps 1 and 2: …"), from
  /// the visible test files (``StepIndex``); empty for a test in no step, such as most hidden
  /// tests. Set by the grader.
  public var steps: [Int] = []
  /// For a row that stands for a mutant of the feature (the tests a learner wrote catch it or
  /// not; ``SuiteFeedback``): the mutant's name. Nil for a test.
  public var mutant: String? = nil

  /// The lesson step the test is reported under: the first of ``steps``, nil for none.
  public var step: Int? { steps.first }

  public init(
    id: String, isVisible: Bool, status: TestStatus, message: String?, location: String?,
    points: Int, maximumPoints: Int, hint: String?, steps: [Int] = []
  ) {
    self.id = id
    self.isVisible = isVisible
    self.status = status
    self.message = message
    self.location = location
    self.points = points
    self.maximumPoints = maximumPoints
    self.hint = hint
    self.steps = steps
  }

  /// The result of `test` when it could not run at all: a build that failed (`error`, with the
  /// compiler's message and the hint), or sources that are missing.
  public init(
    _ test: ManifestTest, notRunning status: TestStatus, message: String, isVisible: Bool = true,
    hint: String?
  ) {
    self.init(
      id: test.id, isVisible: isVisible, status: status, message: message, location: nil,
      points: 0, maximumPoints: test.points, hint: hint)
  }
}

extension Array where Element == TestResult {
  /// The points these tests scored.
  public var points: Int { reduce(0) { $0 + $1.points } }
  /// The points these tests are worth.
  public var maximumPoints: Int { reduce(0) { $0 + $1.maximumPoints } }
  /// How many passed.
  public var passedCount: Int { filter { $0.status == .passed }.count }
}
