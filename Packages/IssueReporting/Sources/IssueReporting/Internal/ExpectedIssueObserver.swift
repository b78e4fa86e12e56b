import Synchronization

/// Counts the issues reported inside `withExpectedIssue` when Swift Testing's `withKnownIssue`
/// is not available (XCTest, or no test at all).
final class ExpectedIssueObserver: Sendable {
  @TaskLocal static var current: ExpectedIssueObserver?

  private let count = Atomic(0)

  func record() {
    count.wrappingAdd(1, ordering: .relaxed)
  }

  var recordedCount: Int {
    count.load(ordering: .relaxed)
  }
}
