import Foundation
import Testing

/// Reports an issue: inside a Swift Testing test the test fails; anywhere else a warning line
/// goes to standard error and the program carries on.
///
/// Call it where your code reaches a state that is a bug but need not crash, such as a
/// dependency nobody configured for tests:
///
/// ```swift
/// func remove(_ id: Item.ID) {
///   guard let index = items.firstIndex(where: { $0.id == id }) else {
///     reportIssue("Tried to remove item \(id), which is not in the list.")
///     return
///   }
///   items.remove(at: index)
/// }
/// ```
///
/// Where the issue goes:
///
/// | where it runs | what happens |
/// |---|---|
/// | a Swift Testing test (`Test.current != nil`) | an issue is recorded at the caller's file and line: the test fails |
/// | inside `withExpectedIssue`, outside tests | `<fileID>:<line>: expected issue: <message>` on standard error |
/// | anywhere else | `<fileID>:<line>: <message>` on standard error |
///
/// An empty message is written as `Issue reported`. The location parameters default to the
/// caller's: never pass them yourself unless you are forwarding your own caller's location.
///
/// - Parameters:
///   - message: What went wrong and, ideally, how to fix it. Built at most once.
///   - fileID: The file of the call, as `Module/File.swift`.
///   - filePath: The full path of the file of the call.
///   - line: The line of the call.
///   - column: The column of the call.
public func reportIssue(
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  #if SOLUTION
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
      writeToStandardError("\(fileID):\(line): expected issue: \(text)")
    } else {
      writeToStandardError("\(fileID):\(line): \(text)")
    }
  #else
    // Step 1: the message is an autoclosure: build it once and keep it. If a Swift Testing
    //         test is running on this task (`Test.current`), record the issue with
    //         `Issue.record`, and nothing else: its comment is the message (none when the
    //         message is empty), and its location is the CALLER's, built from the four location
    //         parameters. `#fileID` or `#line` written in here would name this file instead.
    //         Then return.
    // Step 2: anywhere else, write exactly one line to standard error, never to standard
    //         output (that belongs to the program): "<fileID>:<line>: <message>", with
    //         "Issue reported" for an empty message. Write through Foundation's `FileHandle`
    //         (Glibc's `stderr` is not concurrency-safe in Swift 6), and carry on: never crash.
    // Step 4: outside a test, while an `ExpectedIssueScope` is current on this task, the issue
    //         is an expected one: count it in that scope, and write
    //         "<fileID>:<line>: expected issue: <message>" instead of the plain line.
  #endif
}

#if SOLUTION
  /// Writes `line` and a line break to standard error.
  ///
  /// Glibc's `stderr` is not concurrency-safe in Swift 6 mode; `FileHandle` is.
  private func writeToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
#endif
