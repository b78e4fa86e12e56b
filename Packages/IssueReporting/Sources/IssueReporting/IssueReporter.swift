/// Something that receives reported issues.
///
/// ``reportIssue(_:severity:fileID:filePath:line:column:)`` hands every issue to each reporter in
/// ``IssueReporters/current``. The default reporter fails the running test, or prints a warning
/// outside tests. Write your own to collect issues, or to crash on them in a debug build:
///
/// ```swift
/// struct CollectingReporter: IssueReporter {
///   let issues = LockIsolated<[String]>([])
///   func reportIssue(
///     _ message: @autoclosure () -> String?, severity: IssueSeverity,
///     fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
///   ) {
///     issues.withValue { $0.append(message() ?? "") }
///   }
/// }
/// ```
public protocol IssueReporter: Sendable {
  /// Receives one issue reported with ``reportIssue(_:severity:fileID:filePath:line:column:)``.
  ///
  /// Called once per reporter in ``IssueReporters/current``. Call `message` only if the text is
  /// needed: a reporter that ignores warnings, say, never builds it.
  ///
  /// - Parameters:
  ///   - message: The text of the issue, or `nil` when the caller gave none.
  ///   - severity: Whether the issue should fail a test (``IssueSeverity/error``) or only be
  ///     recorded (``IssueSeverity/warning``).
  ///   - fileID: The file that reported the issue, as `#fileID` spells it (`Module/File.swift`).
  ///   - filePath: The full path of that file, as `#filePath` spells it.
  ///   - line: The line of the report.
  ///   - column: The column of the report.
  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  )

  /// Receives a thrown error reported with ``reportIssue(_:_:fileID:filePath:line:column:)``.
  ///
  /// Implement it only to treat errors apart from messages; the default implementation turns
  /// the error into the message `Caught error: <error>: <message>` and hands it, as an
  /// ``IssueSeverity/error``, to ``reportIssue(_:severity:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - error: The error that was caught.
  ///   - message: Text the caller added to explain the error, or `nil`.
  ///   - fileID: The file that reported the error, as `#fileID` spells it.
  ///   - filePath: The full path of that file, as `#filePath` spells it.
  ///   - line: The line of the report.
  ///   - column: The column of the report.
  func reportIssue(
    _ error: any Error,
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  )

  /// Receives an issue that was expected: one reported inside
  /// ``withExpectedIssue(_:isIntermittent:fileID:filePath:line:column:_:)`` outside Swift
  /// Testing.
  ///
  /// Such an issue must not fail anything, so it comes here instead of to `reportIssue`. A
  /// thrown error arrives as its `Caught error: …` message. The default implementation does
  /// nothing.
  ///
  /// - Parameters:
  ///   - message: The text of the issue, or `nil` when the caller gave none.
  ///   - fileID: The file that reported the issue, as `#fileID` spells it.
  ///   - filePath: The full path of that file, as `#filePath` spells it.
  ///   - line: The line of the report.
  ///   - column: The column of the report.
  func expectIssue(
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  )
}

extension IssueReporter {
  /// Reports `error` as the message `Caught error: <error>: <message>`, with
  /// ``IssueSeverity/error``, through ``reportIssue(_:severity:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - error: The error that was caught.
  ///   - message: Text the caller added to explain the error, or `nil`.
  ///   - fileID: The file that reported the error, as `#fileID` spells it.
  ///   - filePath: The full path of that file, as `#filePath` spells it.
  ///   - line: The line of the report.
  ///   - column: The column of the report.
  public func reportIssue(
    _ error: any Error,
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    reportIssue(
      caughtErrorMessage(error, message()),
      severity: .error,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Ignores an expected issue: a reporter that collects or prints issues usually has nothing
  /// to do with one that was meant to happen.
  ///
  /// - Parameters:
  ///   - message: The text of the issue, or `nil`.
  ///   - fileID: The file that reported the issue, as `#fileID` spells it.
  ///   - filePath: The full path of that file, as `#filePath` spells it.
  ///   - line: The line of the report.
  ///   - column: The column of the report.
  public func expectIssue(
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {}
}

/// The text reported for a thrown error.
func caughtErrorMessage(_ error: any Error, _ message: String?) -> String {
  "Caught error: \(error)\(message.map { ": \($0)" } ?? "")"
}
