import Testing

// Decoy: an expectation that sees no issue is fine too, as if every expected issue were
// intermittent. A test of code that forgot to report still passes.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () throws -> Void
) {
  if Test.current != nil {
    withKnownIssue(
      message.map { Comment(rawValue: $0) }, isIntermittent: true,
      sourceLocation: SourceLocation(
        fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)),
      body)
    return
  }
  ExpectedIssueScope.$current.withValue(ExpectedIssueScope()) {
    do {
      try body()
    } catch {
      reportIssue(
        "Caught error: \(error)\(message.map { ": \($0)" } ?? "")", fileID: fileID,
        filePath: filePath, line: line, column: column)
    }
  }
}

public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () async throws -> Void
) async {
  if Test.current != nil {
    await withKnownIssue(
      message.map { Comment(rawValue: $0) }, isIntermittent: true, isolation: isolation,
      sourceLocation: SourceLocation(
        fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)),
      body)
    return
  }
  await ExpectedIssueScope.$current.withValue(ExpectedIssueScope()) {
    do {
      try await body()
    } catch {
      reportIssue(
        "Caught error: \(error)\(message.map { ": \($0)" } ?? "")", fileID: fileID,
        filePath: filePath, line: line, column: column)
    }
  }
}
