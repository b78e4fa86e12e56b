import Testing

// Decoy: an error thrown by the body is not taken for an issue: it is swallowed with `try?`,
// so a body that throws looks like a body in which nothing happened.
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
      message.map { Comment(rawValue: $0) }, isIntermittent: isIntermittent,
      sourceLocation: SourceLocation(
        fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    ) {
      _ = try? body()
    }
    return
  }
  let scope = ExpectedIssueScope()
  ExpectedIssueScope.$current.withValue(scope) {
    _ = try? body()
  }
  if scope.issueCount == 0 && !isIntermittent {
    reportIssue(
      "Known issue was not recorded\(message.map { ": \($0)" } ?? "")", fileID: fileID,
      filePath: filePath, line: line, column: column)
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
      message.map { Comment(rawValue: $0) }, isIntermittent: isIntermittent,
      isolation: isolation,
      sourceLocation: SourceLocation(
        fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    ) {
      _ = try? await body()
    }
    return
  }
  let scope = ExpectedIssueScope()
  await ExpectedIssueScope.$current.withValue(scope) {
    _ = try? await body()
  }
  if scope.issueCount == 0 && !isIntermittent {
    reportIssue(
      "Known issue was not recorded\(message.map { ": \($0)" } ?? "")", fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}
