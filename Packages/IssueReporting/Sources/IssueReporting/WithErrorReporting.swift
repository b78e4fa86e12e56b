/// Runs `body` and reports any error it throws as an issue instead of propagating it.
///
/// Returns the body's result, or `nil` after reporting an error. A `CancellationError` is not an
/// issue: it returns `nil` without reporting.
///
/// ```swift
/// let profile = withErrorReporting("Could not decode the saved profile") {
///   try JSONDecoder().decode(Profile.self, from: data)
/// }
/// ```
///
/// - Parameters:
///   - message: Text added to the report after the error.
///   - reporters: Reporters to use instead of ``IssueReporters/current``, for the body and the
///     report alike.
///   - fileID: The file the issue points at, as `#fileID` spells it.
///   - filePath: The full path of that file, as `#filePath` spells it.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
///   - body: The work that may throw.
/// - Returns: What `body` returns, or `nil` if it threw.
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  to reporters: [any IssueReporter]? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () throws -> R
) -> R? {
  func run() -> R? {
    do {
      return try body()
    } catch is CancellationError {
      return nil
    } catch {
      reportIssue(
        error, message(), fileID: fileID, filePath: filePath, line: line, column: column)
      return nil
    }
  }
  guard let reporters else { return run() }
  return withIssueReporters(reporters) { run() }
}

/// Runs the async `body` and reports any error it throws as an issue instead of propagating it.
///
/// ```swift
/// let user = await withErrorReporting {
///   try await apiClient.fetchUser(id)
/// }
/// ```
///
/// As with the synchronous overload, a `CancellationError` returns `nil` without a report, so
/// a cancelled task does not fail a test.
///
/// - Parameters:
///   - message: Text added to the report after the error.
///   - reporters: Reporters to use instead of ``IssueReporters/current``, for the body and the
///     report alike.
///   - fileID: The file the issue points at, as `#fileID` spells it.
///   - filePath: The full path of that file, as `#filePath` spells it.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
///   - isolation: The actor `body` runs on; the caller's, unless you say otherwise.
///   - body: The async work that may throw.
/// - Returns: What `body` returns, or `nil` if it threw.
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  to reporters: [any IssueReporter]? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  isolation: isolated (any Actor)? = #isolation,
  catching body: () async throws -> sending R
) async -> R? {
  func run(isolation: isolated (any Actor)?) async -> R? {
    do {
      return try await body()
    } catch is CancellationError {
      return nil
    } catch {
      reportIssue(
        error, message(), fileID: fileID, filePath: filePath, line: line, column: column)
      return nil
    }
  }
  guard let reporters else { return await run(isolation: isolation) }
  return await withIssueReporters(reporters) { await run(isolation: isolation) }
}
