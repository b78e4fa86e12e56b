import IssueReporting

// Decoy: the report uses this file's own #fileID and #line instead of the location it was given.

@_disfavoredOverload
public func unimplementedEndpoint<each Argument, Wrapped>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Wrapped? {
  return { (argument: repeat each Argument) in
    reportUnimplementedEndpoint(
      name, arguments: describeArguments(repeat each argument), fileID: #fileID,
      filePath: #filePath, line: #line, column: #column)
    return nil
  }
}

@_disfavoredOverload
public func unimplementedEndpoint<each Argument, Wrapped>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Wrapped? {
  return { (argument: repeat each Argument) in
    reportUnimplementedEndpoint(
      name, arguments: describeArguments(repeat each argument), fileID: #fileID,
      filePath: #filePath, line: #line, column: #column)
    return nil
  }
}
