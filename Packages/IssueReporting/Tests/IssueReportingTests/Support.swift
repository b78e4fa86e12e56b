import Foundation
import IssueReporting

/// A reporter that keeps what it receives, for tests that check messages and locations.
final class CollectingReporter: IssueReporter, @unchecked Sendable {
  struct Report: Equatable, Sendable {
    var message: String?
    var severity: IssueSeverity
    var fileID: String
    var line: UInt
    var expected = false
  }

  private let lock = NSLock()
  private var stored: [Report] = []

  var reports: [Report] { lock.withLock { stored } }
  var messages: [String?] { reports.map(\.message) }

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    let report = Report(message: message(), severity: severity, fileID: "\(fileID)", line: line)
    lock.withLock { stored.append(report) }
  }

  func expectIssue(
    _ message: @autoclosure () -> String?, fileID: StaticString, filePath: StaticString,
    line: UInt, column: UInt
  ) {
    let report = Report(
      message: message(), severity: .error, fileID: "\(fileID)", line: line, expected: true)
    lock.withLock { stored.append(report) }
  }
}
