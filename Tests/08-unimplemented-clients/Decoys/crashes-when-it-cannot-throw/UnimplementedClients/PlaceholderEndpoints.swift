import IssueReporting

// Decoy: a non-throwing endpoint has no error to throw, so it stops the program instead of
// reporting an issue and returning the placeholder.
public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  return { (argument: repeat each Argument) in
    fatalError(
      unimplementedEndpointMessage(name, arguments: describeArguments(repeat each argument)))
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
  return { (argument: repeat each Argument) in
    fatalError(
      unimplementedEndpointMessage(name, arguments: describeArguments(repeat each argument)))
  }
}
