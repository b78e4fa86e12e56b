import Foundation
import Mutation

/// Which of a learner's tests hold an expectation: read from the test files, a test checks
/// something when its body, or a function of the test files that it calls (at any depth), holds
/// `#expect`, `#require`, `Issue.record`, an `XCTAssert…`, `XCTFail`, `XCTUnwrap`,
/// `expectNoDifference`, `withKnownIssue` or `confirmation`.
///
/// An empty test passes whatever the feature does, so it proves nothing: the learner tool counts
/// a step of a test-writing exercise as done only when each of its tests holds one. Comments and
/// strings are not code (``SwiftLexer``), so `// #expect(…)` does not count. It reads the
/// source rather than watching the run: Swift Testing's event stream reports issues, not the
/// expectations that passed.
///
/// ```swift
/// let expectations = TestExpectations(files: ["TimerTests.swift": text])
/// expectations.checksSomething(file: "TimerTests.swift", line: 12)  // false for `{}`
/// ```
struct TestExpectations {
  /// Names that are expectations wherever they are called.
  static let expectationNames: Set<String> = [
    "#expect", "#require", "XCTFail", "XCTUnwrap", "expectNoDifference", "expectDifference",
    "withKnownIssue", "confirmation",
  ]

  /// One function of the test files.
  private struct Function {
    var name: String
    var file: String
    /// The line of its `func`.
    var line: Int
    /// Whether its body holds an expectation itself.
    var expects: Bool
    /// The names its body calls.
    var calls: Set<String>
  }

  private var functions: [Function] = []
  /// The names of the functions that check something, directly or through what they call.
  private var checking: Set<String> = []

  /// - Parameter files: Each test file's name (as ``ListedTest/file`` has it) and text.
  init(files: [String: String]) {
    for (file, text) in files {
      let structure = SwiftStructure(text: text)
      let tokens = structure.tokens
      let bodies = structure.blocks.filter {
        $0.kind == .voidFunction || $0.kind == .valueFunction
      }
      for index in tokens.indices where structure.text(index) == "func" {
        guard let nameIndex = structure.significant(after: index),
          let body = bodies.first(where: { ($0.open ?? -1) > index }),
          let open = body.open, let close = body.close,
          // A declaration without a body (in a protocol) has none of the next one's.
          !((index + 1)..<open).contains(where: { structure.text($0) == "func" })
        else { continue }
        var expects = false
        var calls: Set<String> = []
        for inside in (open + 1)..<close where tokens[inside].kind == .identifier {
          let word = structure.text(inside)
          let next = structure.significant(after: inside).map { structure.text($0) }
          if Self.expectationNames.contains(word) || word.hasPrefix("XCTAssert") {
            expects = true
          } else if word == "Issue", next == ".",
            let dot = structure.significant(after: inside),
            let member = structure.significant(after: dot), structure.text(member) == "record"
          {
            expects = true
          } else if next == "(" || next == "{" {
            calls.insert(word)
          }
        }
        functions.append(
          Function(
            name: structure.text(nameIndex), file: file, line: tokens[index].line,
            expects: expects, calls: calls))
      }
    }
    // What checks something: the functions that expect, then those that call one, until no
    // more are found.
    checking = Set(functions.filter(\.expects).map(\.name))
    var grew = true
    while grew {
      grew = false
      for function in functions where !checking.contains(function.name) {
        if !function.calls.isDisjoint(with: checking) {
          checking.insert(function.name)
          grew = true
        }
      }
    }
  }

  /// Whether the test declared at `line` of `file` (its `@Test` attribute's line, or its
  /// `func`'s) checks something; nil when no function is declared there.
  func checksSomething(file: String, line: Int) -> Bool? {
    guard
      let function = functions.filter({ $0.file == file && $0.line >= line })
        .min(by: { $0.line < $1.line })
    else { return nil }
    return function.expects || !function.calls.isDisjoint(with: checking)
  }
}
