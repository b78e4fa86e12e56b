import Dependencies

// Decoy: an endpoint remembers that it already reported and stays quiet on later calls.

public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  let hasReported = LockIsolated(false)
  return { (argument: repeat each Argument) in
    let isFirstCall = hasReported.withValue { reported in
      defer { reported = true }
      return !reported
    }
    if isFirstCall {
      reportUnimplementedEndpoint(
        name, arguments: describeArguments(repeat each argument), fileID: fileID,
        filePath: filePath, line: line, column: column)
    }
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
  let hasReported = LockIsolated(false)
  return { (argument: repeat each Argument) in
    let isFirstCall = hasReported.withValue { reported in
      defer { reported = true }
      return !reported
    }
    if isFirstCall {
      reportUnimplementedEndpoint(
        name, arguments: describeArguments(repeat each argument), fileID: fileID,
        filePath: filePath, line: line, column: column)
    }
    throw UnimplementedFailure(description: name)
  }
}
