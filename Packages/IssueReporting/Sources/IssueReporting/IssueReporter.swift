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
  /// Reports an issue.
  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  )

  /// Reports a thrown error. The default implementation reports
  /// `"Caught error: <error>: <message>"` as an error.
  func reportIssue(
    _ error: any Error,
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  )

  /// Receives an issue reported inside ``withExpectedIssue(_:isIntermittent:fileID:filePath:line:column:_:)``
  /// outside Swift Testing, where it must not fail anything. The default does nothing.
  func expectIssue(
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  )
}

extension IssueReporter {
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
