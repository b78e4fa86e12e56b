import IssueReporting

// Decoy: the endpoint reports when it is made, not when it is called.

@_disfavoredOverload
public func unimplementedEndpoint<each Argument, Wrapped>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Wrapped? {
  reportUnimplementedEndpoint(
    name, arguments: [], fileID: fileID, filePath: filePath, line: line, column: column)
  return { (argument: repeat each Argument) in
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
  reportUnimplementedEndpoint(
    name, arguments: [], fileID: fileID, filePath: filePath, line: line, column: column)
  return { (argument: repeat each Argument) in
    return nil
  }
}
