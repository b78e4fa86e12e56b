import Dependencies

// Decoy: an endpoint remembers that it already reported and stays quiet on later calls.

public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
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
    return placeholder()
  }
}
