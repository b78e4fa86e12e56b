import IssueReporting

/// The text of the issue an unimplemented endpoint reports when it is called.
///
/// The first line names the endpoint as `Client.endpoint`, so a failing test says at once what
/// was called; then come the arguments, if there are any, and what to do about it:
///
/// ```swift
/// unimplementedEndpointMessage("WeatherClient.search", arguments: ["\"rain\"", "2"])
/// // Unimplemented: 'WeatherClient.search'
/// //
/// //   Invoked with:
/// //     "rain", 2
/// //
/// //   This endpoint was called but not overridden. If the call is expected, override
/// //   'WeatherClient.search' in 'withDependencies' or a '.dependency' trait, and assert on its use.
/// ```
///
/// - Parameters:
///   - name: The endpoint, as `Client.endpoint`.
///   - arguments: What the endpoint was called with, each as ``describeArguments(_:)`` shows it.
public func unimplementedEndpointMessage(_ name: String, arguments: [String]) -> String {
  // Step 1: the text of the report, in the lesson's format. Its first line is exactly
  // `Unimplemented: '<name>'`: what a failing test shows first, and what tests match on.
  // Only when there are arguments: a blank line, an indented line `Invoked with:` and, on
  // the next line, the arguments separated by ", ". Last, after a blank line, a sentence
  // that names the endpoint again and says how to fix it: if the call is expected, override
  // it in 'withDependencies'.
  return ""
}

/// Each argument as `debugPrint` would show it, in order, for arguments of any number and type.
///
/// ```swift
/// describeArguments("Paris", 2, nil as Int?)  // ["\"Paris\"", "2", "nil"]
/// describeArguments()                         // []
/// ```
///
/// `each Argument` is a *parameter pack*: the function takes any number of arguments, each of
/// its own type, and `repeat each argument` expands them again.
public func describeArguments<each Argument>(_ argument: repeat each Argument) -> [String] {
  // Step 2: one string per argument, in order, for any number of arguments of any types,
  // each written the way `debugPrint` would write it, so that strings keep their quotes and
  // a missing optional reads `nil`. No arguments, no strings.
  return []
}

/// Reports that the endpoint `name` was called without being overridden: a failure in the
/// running test, a warning on standard error outside tests.
///
/// `fileID`, `filePath`, `line` and `column` are where the endpoint was *defined* (the
/// `unimplementedEndpoint(…)` call), passed down from the endpoint functions, so the failure
/// points at the client and not at this file.
func reportUnimplementedEndpoint(
  _ name: String,
  arguments: [String],
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) {
  reportIssue(
    unimplementedEndpointMessage(name, arguments: arguments),
    fileID: fileID, filePath: filePath, line: line, column: column)
}
