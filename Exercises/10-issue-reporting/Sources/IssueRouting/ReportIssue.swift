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
  // Step 1: build the message once (`let text = message()`). Inside a Swift Testing test
  //         (`Test.current != nil`), record an issue with `Issue.record(_:sourceLocation:)`:
  //         the comment is `Comment(rawValue: text)` (`nil` when the text is empty), and the
  //         location is the CALLER's, `SourceLocation(fileID:filePath:line:column:)` built
  //         from the four parameters. Then return.
  // Step 2: anywhere else, write one line to standard error, never to standard output:
  //         "<fileID>:<line>: <message>" (an empty message is written "Issue reported"),
  //         e.g. with `FileHandle.standardError.write(Data((text + "\n").utf8))`.
  // Step 4: outside a test, when `ExpectedIssueScope.current` is set, call its `countIssue()`
  //         and write "<fileID>:<line>: expected issue: <message>" instead.
}
