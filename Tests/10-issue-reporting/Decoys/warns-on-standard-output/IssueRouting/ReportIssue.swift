import Testing

// Decoy: outside tests the warning is printed with `print`, on standard output, where it mixes
// with whatever the program itself writes there.
public func reportIssue(
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let message = message()
  if Test.current != nil {
    Issue.record(
      message.isEmpty ? nil : Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
    return
  }
  let text = message.isEmpty ? "Issue reported" : message
  if let scope = ExpectedIssueScope.current {
    scope.countIssue()
    print("\(fileID):\(line): expected issue: \(text)")
  } else {
    print("\(fileID):\(line): \(text)")
  }
}
