import ConcurrencyExtras

/// The issues reported inside one ``withExpectedIssue(_:isIntermittent:fileID:filePath:line:column:_:)``
/// call that runs outside a Swift Testing test.
///
/// Inside a test, Swift Testing's `withKnownIssue` keeps this count for you. Outside tests nobody
/// does, so `withExpectedIssue` makes a scope, puts it in the task-local ``current`` for the
/// duration of its body, and `reportIssue` counts what it reports while one is current:
///
/// ```swift
/// let scope = ExpectedIssueScope()
/// ExpectedIssueScope.$current.withValue(scope) {
///   reportIssue("The card was declined.")  // sees the scope: counts the issue
/// }
/// scope.issueCount  // 1
/// ```
///
/// A task-local, not a global: two expectations running at once on different tasks each count
/// their own issues, and when the body returns, the scope is gone.
final class ExpectedIssueScope: Sendable {
  /// The scope of the innermost `withExpectedIssue` running on this task, if any.
  @TaskLocal static var current: ExpectedIssueScope?

  private let count = LockIsolated(0)

  /// Counts one issue reported inside the scope.
  func countIssue() {
    count.withValue { $0 += 1 }
  }

  /// How many issues were reported inside the scope so far.
  var issueCount: Int {
    count.value
  }
}
