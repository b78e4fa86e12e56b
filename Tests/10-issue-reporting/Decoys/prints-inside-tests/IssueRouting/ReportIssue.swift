import Foundation
import Testing

// Decoy: every issue is a warning on standard error, tests included. The message shows up in
// the test log, but the test that triggered it passes.
public func reportIssue(
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let message = message()
  let text = message.isEmpty ? "Issue reported" : message
  if let scope = ExpectedIssueScope.current {
    scope.countIssue()
    FileHandle.standardError.write(Data("\(fileID):\(line): expected issue: \(text)\n".utf8))
  } else {
    FileHandle.standardError.write(Data("\(fileID):\(line): \(text)\n".utf8))
  }
}
