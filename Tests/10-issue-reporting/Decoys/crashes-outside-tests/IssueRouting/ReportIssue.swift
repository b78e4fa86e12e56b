import Foundation
import Testing

// Decoy: outside tests an issue stops the program, like a failed assertion, instead of being a
// warning the app survives.
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
    FileHandle.standardError.write(Data("\(fileID):\(line): expected issue: \(text)\n".utf8))
    return
  }
  assertionFailure("\(fileID):\(line): \(text)")
}
