import IssueReporting
import Synchronization

/// A reporter that keeps what it receives, for tests that check messages and locations.
final class CollectingReporter: IssueReporter {
  struct Report: Equatable, Sendable {
    var message: String?
    var severity: IssueSeverity
    var fileID: String
    var line: UInt
    var expected = false
  }

  private let stored = Mutex<[Report]>([])

  var reports: [Report] { stored.withLock { $0 } }
  var messages: [String?] { reports.map(\.message) }

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    let report = Report(message: message(), severity: severity, fileID: "\(fileID)", line: line)
    stored.withLock { $0.append(report) }
  }

  func expectIssue(
    _ message: @autoclosure () -> String?, fileID: StaticString, filePath: StaticString,
    line: UInt, column: UInt
  ) {
    let report = Report(
      message: message(), severity: .error, fileID: "\(fileID)", line: line, expected: true)
    stored.withLock { $0.append(report) }
  }
}
