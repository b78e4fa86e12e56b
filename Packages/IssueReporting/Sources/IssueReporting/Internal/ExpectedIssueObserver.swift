/// Counts the issues reported inside `withExpectedIssue` when Swift Testing's `withKnownIssue`
/// is not available (XCTest, or no test at all).
final class ExpectedIssueObserver: Sendable {
  @TaskLocal static var current: ExpectedIssueObserver?

  private let count = Locked(0)

  func record() {
    count.withLock { $0 += 1 }
  }

  var recordedCount: Int {
    count.withLock { $0 }
  }
}
