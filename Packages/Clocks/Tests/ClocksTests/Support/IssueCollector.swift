import ConcurrencyExtras
import IssueReporting

/// Collects the messages of reported issues instead of failing the test, so a test can check
/// what was reported: `withIssueReporters([collector]) { … }`.
final class IssueCollector: IssueReporter {
  private let storage = LockIsolated<[String]>([])

  /// The messages reported so far, oldest first.
  var messages: [String] { storage.value }

  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let message = message() ?? ""
    storage.withValue { $0.append(message) }
  }
}
