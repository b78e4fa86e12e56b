import IssueReporting

// Decoy: a non-throwing endpoint has no error to throw, so it stops the program instead of
// reporting an issue and returning nil.
@_disfavoredOverload
public func unimplementedEndpoint<each Argument, Wrapped>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Wrapped? {
  return { (argument: repeat each Argument) in
    fatalError(
      unimplementedEndpointMessage(name, arguments: describeArguments(repeat each argument)))
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
    fatalError(
      unimplementedEndpointMessage(name, arguments: describeArguments(repeat each argument)))
  }
}
