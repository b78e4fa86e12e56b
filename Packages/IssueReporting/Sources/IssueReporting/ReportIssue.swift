/// Reports an issue: a test failure in tests, a warning on standard error elsewhere.
///
/// Use it where a program reaches a state that is a bug but need not crash. In a Swift Testing
/// test it records an issue on that test; in an XCTest test it records a failure; outside tests
/// it prints `file:line: message` to standard error and carries on.
///
/// ```swift
/// func remove(_ id: Item.ID) {
///   guard let index = items.firstIndex(where: { $0.id == id }) else {
///     reportIssue("Tried to remove item \(id), which is not in the list.")
///     return
///   }
///   items.remove(at: index)
/// }
/// ```
///
/// The location parameters default to the place of the call. A helper that reports on behalf of
/// its caller takes `fileID`, `filePath`, `line` and `column` parameters of its own, defaulted
/// the same way, and passes them on, so that the issue points at the line that called the helper:
///
/// ```swift
/// func expectSorted(
///   _ values: [Int], fileID: StaticString = #fileID, filePath: StaticString = #filePath,
///   line: UInt = #line, column: UInt = #column
/// ) {
///   if values != values.sorted() {
///     reportIssue(
///       "\(values) is not sorted", fileID: fileID, filePath: filePath, line: line, column: column)
///   }
/// }
/// ```
///
/// - Parameters:
///   - message: What went wrong and, ideally, how to fix it.
///   - severity: `.error` (the default) fails the test; `.warning` only records it.
///   - fileID: The file the issue points at, as `#fileID` spells it.
///   - filePath: The full path of that file, as `#filePath` spells it.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
public func reportIssue(
  _ message: @autoclosure () -> String? = nil,
  severity: IssueSeverity = .error,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  route(
    .message(message(), severity), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Reports a thrown error as an issue: for an error that is a bug but need not stop the program.
///
/// ```swift
/// do {
///   try cache.save(items)
/// } catch {
///   reportIssue(error, "Could not save the cache")
/// }
/// ```
///
/// In a Swift Testing test the issue carries the error itself; elsewhere it is the message
/// `Caught error: <error>: <message>`. It always fails the test (there is no warning form).
///
/// - Parameters:
///   - error: The error that was caught.
///   - message: Text to add after the error, such as what was being attempted.
///   - fileID: The file the issue points at, as `#fileID` spells it.
///   - filePath: The full path of that file, as `#filePath` spells it.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
public func reportIssue(
  _ error: any Error,
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  route(.error(error, message()), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// What a call to `reportIssue` reports.
private enum ReportedIssue {
  case message(String?, IssueSeverity)
  case error(any Error, String?)

  /// The text a reporter is given when the issue was expected.
  var expectedMessage: String? {
    switch self {
    case .message(let message, _): message
    case .error(let error, let message): caughtErrorMessage(error, message)
    }
  }
}

/// The routing both `reportIssue` functions share. With no reporter in effect it does nothing,
/// and does not even make the issue (its message may be costly). Inside `withExpectedIssue` it
/// counts the issue as the one expected, and each reporter is told so with `expectIssue`.
/// Otherwise each reporter reports it.
private func route(
  _ issue: @autoclosure () -> ReportedIssue,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) {
  let reporters = IssueReporters.current
  guard !reporters.isEmpty else { return }
  let issue = issue()
  if let observer = ExpectedIssueObserver.current {
    observer.record()
    let message = issue.expectedMessage
    for reporter in reporters {
      reporter.expectIssue(
        message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return
  }
  for reporter in reporters {
    switch issue {
    case .message(let message, let severity):
      reporter.reportIssue(
        message, severity: severity, fileID: fileID, filePath: filePath, line: line,
        column: column)
    case .error(let error, let message):
      reporter.reportIssue(
        error, message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}
