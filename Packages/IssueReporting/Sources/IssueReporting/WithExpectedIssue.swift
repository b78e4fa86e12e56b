/// Runs `body`, expecting it to report at least one issue (or throw).
///
/// Use it to test code that is *supposed* to report, such as an unimplemented endpoint:
///
/// ```swift
/// @Test func untouchedEndpointFails() {
///   withExpectedIssue {
///     let client = AnalyticsClient.testValue
///     client.track(.appLaunched)
///   }
/// }
/// ```
///
/// - Inside a Swift Testing test it is Swift Testing's `withKnownIssue`: issues recorded inside
///   are known, and if none is recorded the test fails with "Known issue was not recorded"
///   (unless `isIntermittent` is true).
/// - Elsewhere (XCTest, or no test) it can only see issues reported through this module's
///   ``reportIssue(_:severity:fileID:filePath:line:column:)``: those, and an error thrown by
///   `body`, are expected and do not fail anything; if none happened and `isIntermittent` is
///   false, "Known issue was not recorded" is reported. A plain `XCTAssert` failure inside `body`
///   still fails an XCTest test: XCTest on Linux has no `XCTExpectFailure`.
///
/// - Parameters:
///   - message: Why the issue is expected; it is shown with the known issue, and added to
///     "Known issue was not recorded" when none was.
///   - isIntermittent: Whether the issue may not happen on every run; when `true`, a run with no
///     issue is not reported.
///   - fileID: The file that "Known issue was not recorded" points at, as `#fileID` spells it.
///   - filePath: The full path of that file, as `#filePath` spells it.
///   - line: The line that "Known issue was not recorded" points at.
///   - column: The column it points at.
///   - body: The code expected to report an issue or throw.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () throws -> Void
) {
  if let hooks = TestFrameworkHooks.current, hooks.currentSwiftTest() != nil {
    hooks.withKnownIssue(
      message, isIntermittent,
      .init(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)),
      body)
    return
  }
  let observer = ExpectedIssueObserver()
  ExpectedIssueObserver.$current.withValue(observer) {
    do {
      try body()
    } catch {
      reportIssue(error, message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
  reportIfNoIssue(
    observer, message: message, isIntermittent: isIntermittent, fileID: fileID,
    filePath: filePath, line: line, column: column)
}

/// Runs the async `body`, expecting it to report at least one issue (or throw).
///
/// ```swift
/// @Test func untouchedEndpointFails() async {
///   await withExpectedIssue {
///     _ = try await APIClient.testValue.fetchUser(1)
///   }
/// }
/// ```
///
/// Outside Swift Testing it sees only issues reported through this module and errors thrown by
/// `body`, as described for
/// ``withExpectedIssue(_:isIntermittent:fileID:filePath:line:column:_:)``.
///
/// - Parameters:
///   - message: Why the issue is expected; it is shown with the known issue, and added to
///     "Known issue was not recorded" when none was.
///   - isIntermittent: Whether the issue may not happen on every run; when `true`, a run with no
///     issue is not reported.
///   - isolation: The actor `body` runs on; the caller's, unless you say otherwise.
///   - fileID: The file that "Known issue was not recorded" points at, as `#fileID` spells it.
///   - filePath: The full path of that file, as `#filePath` spells it.
///   - line: The line that "Known issue was not recorded" points at.
///   - column: The column it points at.
///   - body: The async code expected to report an issue or throw.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () async throws -> Void
) async {
  if let hooks = TestFrameworkHooks.current, hooks.currentSwiftTest() != nil {
    await hooks.withKnownIssueAsync(
      message, isIntermittent, isolation,
      .init(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)),
      body)
    return
  }
  let observer = ExpectedIssueObserver()
  await ExpectedIssueObserver.$current.withValue(observer) {
    do {
      try await body()
    } catch {
      reportIssue(error, message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
  reportIfNoIssue(
    observer, message: message, isIntermittent: isIntermittent, fileID: fileID,
    filePath: filePath, line: line, column: column)
}

private func reportIfNoIssue(
  _ observer: ExpectedIssueObserver,
  message: String?,
  isIntermittent: Bool,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) {
  guard observer.recordedCount == 0, !isIntermittent else { return }
  reportIssue(
    "Known issue was not recorded\(message.map { ": \($0)" } ?? "")",
    fileID: fileID, filePath: filePath, line: line, column: column)
}
