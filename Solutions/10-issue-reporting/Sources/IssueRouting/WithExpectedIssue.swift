import Testing

/// Runs `body`, expecting it to report at least one issue (or to throw).
///
/// Use it to test code that is *supposed* to report, such as a dependency with no test value:
///
/// ```swift
/// @Test func anUnsetClientFailsLoudly() {
///   withExpectedIssue("The client has no test value") {
///     _ = AnalyticsClient.testValue.track("launch")
///   }
/// }
/// ```
///
/// - Inside a Swift Testing test it is Swift Testing's `withKnownIssue`, located at the caller:
///   issues recorded inside (by ``reportIssue(_:fileID:filePath:line:column:)`` or anything
///   else) and an error thrown by `body` are known and do not fail the test; if none happens,
///   the test fails with "Known issue was not recorded", unless `isIntermittent` is true.
/// - Outside tests it can only see what ``reportIssue(_:fileID:filePath:line:column:)``
///   reports inside `body`: each one is written as an *expected* issue. An error thrown by
///   `body` is reported, inside the expectation, as `Caught error: <error>` (then
///   `: <message>` when there is one) at the caller's location. If nothing was reported and
///   `isIntermittent` is false, `Known issue was not recorded` (then `: <message>`) is
///   reported at the caller's location.
///
/// - Parameters:
///   - message: Why an issue is expected; it is attached to the issues it explains.
///   - isIntermittent: Whether `body` may also finish without an issue.
///   - fileID: The file of the call, as `Module/File.swift`.
///   - filePath: The full path of the file of the call.
///   - line: The line of the call.
///   - column: The column of the call.
///   - body: The code expected to report an issue.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () throws -> Void
) {
  #if SOLUTION
    if Test.current != nil {
      withKnownIssue(
        message.map { Comment(rawValue: $0) }, isIntermittent: isIntermittent,
        sourceLocation: SourceLocation(
          fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)),
        body)
      return
    }
    let scope = ExpectedIssueScope()
    ExpectedIssueScope.$current.withValue(scope) {
      do {
        try body()
      } catch {
        reportIssue(
          caughtErrorMessage(error, message), fileID: fileID, filePath: filePath, line: line,
          column: column)
      }
    }
    reportIfNothingWasReported(
      scope, message: message, isIntermittent: isIntermittent, fileID: fileID,
      filePath: filePath, line: line, column: column)
  #else
    // Step 3: inside a Swift Testing test (`Test.current`), this is Swift Testing's own
    //         `withKnownIssue`: forward the message (as a comment, or none), `isIntermittent`
    //         and `body`, with the CALLER's location, so that "Known issue was not recorded"
    //         points at the test's line. Hand `body` over as it is: an error it throws must
    //         count as the known issue, not be swallowed here.
    // Step 4: outside a test, count the issues yourself: run `body` with a new
    //         `ExpectedIssueScope` as the current one, so that `reportIssue` counts what it
    //         reports there. An error thrown by `body` is reported inside that scope, as
    //         "Caught error: <error>" (then ": <message>" if there is one). After the body, if
    //         the scope counted nothing and the issue is not intermittent, report
    //         "Known issue was not recorded" (then ": <message>" if there is one). Report both
    //         with `reportIssue` at the caller's location, so they land on the app's line.
    _ = try? body()
  #endif
}

/// Runs the async `body`, expecting it to report at least one issue (or to throw).
///
/// ```swift
/// @Test func anUnsetClientFailsLoudly() async {
///   await withExpectedIssue {
///     _ = try await APIClient.testValue.fetchUser(1)
///   }
/// }
/// ```
///
/// It behaves like the synchronous form; `body` runs on the caller's actor.
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
  #if SOLUTION
    if Test.current != nil {
      await withKnownIssue(
        message.map { Comment(rawValue: $0) }, isIntermittent: isIntermittent,
        isolation: isolation,
        sourceLocation: SourceLocation(
          fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)),
        body)
      return
    }
    let scope = ExpectedIssueScope()
    await ExpectedIssueScope.$current.withValue(scope) {
      do {
        try await body()
      } catch {
        reportIssue(
          caughtErrorMessage(error, message), fileID: fileID, filePath: filePath, line: line,
          column: column)
      }
    }
    reportIfNothingWasReported(
      scope, message: message, isIntermittent: isIntermittent, fileID: fileID,
      filePath: filePath, line: line, column: column)
  #else
    // Step 3: as in the synchronous form, with the async `withKnownIssue`, which also takes
    //         an isolation: pass the caller's on, so that `body` runs on the caller's actor.
    // Step 4: as in the synchronous form, with the scope set around an async body, and the
    //         body awaited.
    _ = try? await body()
  #endif
}

#if SOLUTION
  /// `Caught error: <error>`, then `: <message>` when there is a message.
  private func caughtErrorMessage(_ error: any Error, _ message: String?) -> String {
    "Caught error: \(error)\(message.map { ": \($0)" } ?? "")"
  }

  /// Reports "Known issue was not recorded" when `scope` counted nothing and an issue was not
  /// optional.
  private func reportIfNothingWasReported(
    _ scope: ExpectedIssueScope,
    message: String?,
    isIntermittent: Bool,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    guard scope.issueCount == 0, !isIntermittent else { return }
    reportIssue(
      "Known issue was not recorded\(message.map { ": \($0)" } ?? "")", fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
#endif
