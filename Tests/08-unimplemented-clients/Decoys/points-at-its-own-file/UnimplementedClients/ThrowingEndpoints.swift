import IssueReporting

// Decoy: the report uses this file's own #fileID and #line instead of the location it was given.

public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  return { (argument: repeat each Argument) in
    reportUnimplementedEndpoint(
      name, arguments: describeArguments(repeat each argument), fileID: #fileID,
      filePath: #filePath, line: #line, column: #column)
    throw UnimplementedFailure(description: name)
  }
}

public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  return { (argument: repeat each Argument) in
    reportUnimplementedEndpoint(
      name, arguments: describeArguments(repeat each argument), fileID: #fileID,
      filePath: #filePath, line: #line, column: #column)
    throw UnimplementedFailure(description: name)
  }
}
