import Foundation
import Testing

// Decoy: the location is taken where the report is made, inside this function, instead of from
// the parameters that carry the caller's location. Every issue points at this file.
public func reportIssue(
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let message = message()
  if Test.current != nil {
    Issue.record(message.isEmpty ? nil : Comment(rawValue: message))
    return
  }
  let text = message.isEmpty ? "Issue reported" : message
  if let scope = ExpectedIssueScope.current {
    scope.countIssue()
    FileHandle.standardError.write(Data("\(#fileID):\(#line): expected issue: \(text)\n".utf8))
  } else {
    FileHandle.standardError.write(Data("\(#fileID):\(#line): \(text)\n".utf8))
  }
}
