import IssueReporting

// Decoy: the endpoint reports when it is made, not when it is called.

public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  reportUnimplementedEndpoint(
    name, arguments: [], fileID: fileID, filePath: filePath, line: line, column: column)
  return { (argument: repeat each Argument) in
    return placeholder()
  }
}

public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  reportUnimplementedEndpoint(
    name, arguments: [], fileID: fileID, filePath: filePath, line: line, column: column)
  return { (argument: repeat each Argument) in
    return placeholder()
  }
}
