import Dependencies

/// Reports that the endpoint `name` was called without being overridden.
///
/// The first line is the macro's message, `Unimplemented: 'APIClient.fetchUser'`, so a test can
/// match it; the arguments and the next step follow.
func reportUnimplementedEndpoint(
  _ name: String,
  arguments: [String],
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) {
  var message = "Unimplemented: '\(name)'"
  if !arguments.isEmpty {
    message += "\n\n  Invoked with:\n    \(arguments.joined(separator: ", "))"
  }
  message += """


      This endpoint was called but not overridden. If the call is expected, override
      '\(name)' in 'withDependencies' or a '.dependency' trait, and assert on its use.
    """
  reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Each argument as `debugPrint` shows it: `42`, `"swift"`, `Optional(1)`.
func describe<each Argument>(_ argument: repeat each Argument) -> [String] {
  var descriptions: [String] = []
  for value in repeat each argument {
    descriptions.append(String(reflecting: value))
  }
  return descriptions
}
