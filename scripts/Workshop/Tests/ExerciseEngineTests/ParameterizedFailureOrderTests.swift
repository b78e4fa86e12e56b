import Foundation
import Testing

@testable import ExerciseEngine

/// A parameterized test's failures read in the order of its arguments, whatever order its test
/// cases (run in parallel) recorded them in; a stream that does not name the test cases keeps
/// the order by source location and text.
///
/// The fixtures are streams recorded from a real run (Swift 6.3.1, Linux) of
///
/// ```swift
/// @Suite struct ParamTests {
///   @Test(arguments: [5, 3, 9, 1]) func ints(_ value: Int) {
///     #expect(f(value) == 0, "value \\(value) is not zero")
///   }
///   @Test(arguments: [Point(x: 2), Point(x: 1)]) func points(_ value: Point) {
///     #expect(value.x == 0, "point \\(value.x)")
///   }
/// }
/// ```
///
/// with backtraces, timestamps and paths left out (two more tests of the run are left out too).
/// In the version 0 stream the two cases of `points(_:)` ran in parallel and Point(1)'s issue
/// arrived first.
@Suite struct ParameterizedFailureOrderTests {
  func failures(_ stream: String, _ key: String) -> [String] {
    let summary = EventStreamSummary.parse(Data(stream.utf8), testModule: "PTests")
    return (summary.tests[key]?.failures ?? [])
      .sorted { EventStreamSummary.Failure.sortKey($0) < EventStreamSummary.Failure.sortKey($1) }
      .map { $0.details.joined() }
  }

  @Test func failuresFollowTheArgumentsWhenTheStreamNamesTheTestCases() {
    #expect(
      failures(Self.version0, "ParamTests/ints(_:)") == [
        "value 5 is not zero", "value 3 is not zero", "value 9 is not zero", "value 1 is not zero",
      ])
    #expect(failures(Self.version0, "ParamTests/points(_:)") == ["point 2", "point 1"])
  }

  @Test func eachFailureKnowsItsArgument() {
    let summary = EventStreamSummary.parse(Data(Self.version0.utf8), testModule: "PTests")
    #expect(summary.refusals.isEmpty)
    let ints = summary.tests["ParamTests/ints(_:)"]?.failures ?? []
    #expect(
      Dictionary(uniqueKeysWithValues: ints.map { ($0.details.joined(), $0.argument) }) == [
        "value 5 is not zero": 0, "value 3 is not zero": 1, "value 9 is not zero": 2,
        "value 1 is not zero": 3,
      ])
  }

  @Test func withoutTestCasesTheOrderIsBySourceLocationThenText() {
    let summary = EventStreamSummary.parse(Data(Self.version6_3.utf8), testModule: "PTests")
    #expect(summary.refusals.isEmpty)
    #expect(summary.tests.values.allSatisfy { $0.failures.allSatisfy { $0.argument == nil } })
    #expect(
      failures(Self.version6_3, "ParamTests/ints(_:)") == [
        "value 1 is not zero", "value 3 is not zero", "value 5 is not zero", "value 9 is not zero",
      ])
    #expect(failures(Self.version6_3, "ParamTests/points(_:)") == ["point 1", "point 2"])
  }

  @Test func theOrderDoesNotDependOnArrival() {
    let lines = Self.version0.split(separator: "\n").map(String.init)
    let reversedIssues =
      lines.filter { !$0.contains("issueRecorded") }.dropLast()
      + lines.filter { $0.contains("issueRecorded") }.reversed() + [lines.last!]
    // The issues now arrive after their tests ended: the order must still be the arguments'.
    let summary = EventStreamSummary.parse(
      Data(reversedIssues.joined(separator: "\n").utf8), testModule: "PTests")
    let ints = (summary.tests["ParamTests/ints(_:)"]?.failures ?? [])
      .sorted { EventStreamSummary.Failure.sortKey($0) < EventStreamSummary.Failure.sortKey($1) }
    #expect(ints.map(\.argument) == [0, 1, 2, 3])
  }

  @Test func failuresWithoutAnArgumentComeAfterTheOnesWithOne() {
    let named = EventStreamSummary.Failure(summary: "b", location: "F.swift:9", argument: 1)
    let unnamed = EventStreamSummary.Failure(summary: "a", location: "F.swift:1")
    let first = EventStreamSummary.Failure(summary: "z", location: "F.swift:20", argument: 0)
    let sorted = [unnamed, named, first].sorted {
      EventStreamSummary.Failure.sortKey($0) < EventStreamSummary.Failure.sortKey($1)
    }
    #expect(sorted.map(\.summary) == ["z", "b", "a"])
  }

  // swift-format-ignore
  /// Recorded with `--event-stream-version 0`, what the tools ask for.
  static let version0 = #"""
{"kind":"test","payload":{"id":"PTests.ParamTests","kind":"suite","name":"ParamTests"},"version":0}
{"kind":"test","payload":{"_testCases":[{"displayName":"5","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [53])], discriminator: 0, isStable: true"},{"displayName":"3","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [51])], discriminator: 0, isStable: true"},{"displayName":"9","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [57])], discriminator: 0, isStable: true"},{"displayName":"1","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [49])], discriminator: 0, isStable: true"}],"id":"PTests.ParamTests/ints(_:)/PTests.swift:7:4","isParameterized":true,"kind":"function","name":"ints(_:)"},"version":0}
{"kind":"test","payload":{"_testCases":[{"displayName":"Point(2)","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [80, 111, 105, 110, 116, 40, 50, 41])], discriminator: 0, isStable: false"},{"displayName":"Point(1)","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [80, 111, 105, 110, 116, 40, 49, 41])], discriminator: 0, isStable: false"}],"id":"PTests.ParamTests/points(_:)/PTests.swift:15:4","isParameterized":true,"kind":"function","name":"points(_:)"},"version":0}
{"kind":"event","payload":{"kind":"runStarted","messages":[]},"version":0}
{"kind":"event","payload":{"kind":"testStarted","messages":[{"symbol":"default","text":"Suite ParamTests started."}],"testID":"PTests.ParamTests"},"version":0}
{"kind":"event","payload":{"kind":"testStarted","messages":[{"symbol":"default","text":"Test points(_:) started."}],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":0}
{"kind":"event","payload":{"kind":"testStarted","messages":[{"symbol":"default","text":"Test ints(_:) started."}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"Point(2)","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [80, 111, 105, 110, 116, 40, 50, 41])], discriminator: 0, isStable: false"},"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value → Point(2) to points(_:) started."}],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"Point(1)","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [80, 111, 105, 110, 116, 40, 49, 41])], discriminator: 0, isStable: false"},"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value → Point(1) to points(_:) started."}],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"Point(1)","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [80, 111, 105, 110, 116, 40, 49, 41])], discriminator: 0, isStable: false"},"issue":{"isKnown":false,"sourceLocation":{"column":5,"fileID":"PTests/PTests.swift","line":17}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (value.x → 1) == 0"},{"symbol":"details","text":"point 1"}],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"Point(1)","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [80, 111, 105, 110, 116, 40, 49, 41])], discriminator: 0, isStable: false"},"kind":"testCaseEnded","messages":[],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"5","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [53])], discriminator: 0, isStable: true"},"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value → 5 to ints(_:) started."}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"5","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [53])], discriminator: 0, isStable: true"},"issue":{"isKnown":false,"sourceLocation":{"column":5,"fileID":"PTests/PTests.swift","line":9}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (f(value) → 5) == 0"},{"symbol":"details","text":"value 5 is not zero"}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"5","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [53])], discriminator: 0, isStable: true"},"kind":"testCaseEnded","messages":[],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"3","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [51])], discriminator: 0, isStable: true"},"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value → 3 to ints(_:) started."}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"3","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [51])], discriminator: 0, isStable: true"},"issue":{"isKnown":false,"sourceLocation":{"column":5,"fileID":"PTests/PTests.swift","line":9}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (f(value) → 3) == 0"},{"symbol":"details","text":"value 3 is not zero"}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"3","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [51])], discriminator: 0, isStable: true"},"kind":"testCaseEnded","messages":[],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"9","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [57])], discriminator: 0, isStable: true"},"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value → 9 to ints(_:) started."}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"9","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [57])], discriminator: 0, isStable: true"},"issue":{"isKnown":false,"sourceLocation":{"column":5,"fileID":"PTests/PTests.swift","line":9}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (f(value) → 9) == 0"},{"symbol":"details","text":"value 9 is not zero"}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"9","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [57])], discriminator: 0, isStable: true"},"kind":"testCaseEnded","messages":[],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"1","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [49])], discriminator: 0, isStable: true"},"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value → 1 to ints(_:) started."}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"1","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [49])], discriminator: 0, isStable: true"},"issue":{"isKnown":false,"sourceLocation":{"column":5,"fileID":"PTests/PTests.swift","line":9}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (f(value) → 1) == 0"},{"symbol":"details","text":"value 1 is not zero"}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"Point(2)","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [80, 111, 105, 110, 116, 40, 50, 41])], discriminator: 0, isStable: false"},"issue":{"isKnown":false,"sourceLocation":{"column":5,"fileID":"PTests/PTests.swift","line":17}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (value.x → 2) == 0"},{"symbol":"details","text":"point 2"}],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"Point(2)","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [80, 111, 105, 110, 116, 40, 50, 41])], discriminator: 0, isStable: false"},"kind":"testCaseEnded","messages":[],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":0}
{"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"fail","text":"Test points(_:) with 2 test cases failed after 0.009 seconds with 2 issues."}],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":0}
{"kind":"event","payload":{"_testCase":{"displayName":"1","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [49])], discriminator: 0, isStable: true"},"kind":"testCaseEnded","messages":[],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":0}
{"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"fail","text":"Test ints(_:) with 4 test cases failed after 0.010 seconds with 4 issues."}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":0}
{"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"fail","text":"Suite ParamTests failed after 0.011 seconds with 13 issues."}],"testID":"PTests.ParamTests"},"version":0}
{"kind":"event","payload":{"kind":"runEnded","messages":[{"symbol":"fail","text":"Test run with 4 tests in 1 suite failed after 0.011 seconds with 13 issues."}]},"version":0}
"""#

  // swift-format-ignore
  /// Recorded with the default version (6.3), whose records do not name the test case.
  static let version6_3 = #"""
{"kind":"test","payload":{"id":"PTests.ParamTests","kind":"suite","name":"ParamTests"},"version":"6.3.0"}
{"kind":"test","payload":{"id":"PTests.ParamTests/ints(_:)/PTests.swift:7:4","isParameterized":true,"kind":"function","name":"ints(_:)"},"version":"6.3.0"}
{"kind":"test","payload":{"id":"PTests.ParamTests/points(_:)/PTests.swift:15:4","isParameterized":true,"kind":"function","name":"points(_:)"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"runStarted","messages":[]},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testStarted","messages":[{"symbol":"default","text":"Suite ParamTests started."}],"testID":"PTests.ParamTests"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testStarted","messages":[{"symbol":"default","text":"Test points(_:) started."}],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testStarted","messages":[{"symbol":"default","text":"Test ints(_:) started."}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value → Point(2) to points(_:) started."}],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":"6.3.0"}
{"kind":"event","payload":{"issue":{"isFailure":true,"isKnown":false,"severity":"error","sourceLocation":{"column":5,"fileID":"PTests/PTests.swift","line":17}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (value.x → 2) == 0"},{"symbol":"details","text":"point 2"}],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testCaseEnded","messages":[],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value → Point(1) to points(_:) started."}],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":"6.3.0"}
{"kind":"event","payload":{"issue":{"isFailure":true,"isKnown":false,"severity":"error","sourceLocation":{"column":5,"fileID":"PTests/PTests.swift","line":17}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (value.x → 1) == 0"},{"symbol":"details","text":"point 1"}],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testCaseEnded","messages":[],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value → 5 to ints(_:) started."}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":"6.3.0"}
{"kind":"event","payload":{"issue":{"isFailure":true,"isKnown":false,"severity":"error","sourceLocation":{"column":5,"fileID":"PTests/PTests.swift","line":9}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (f(value) → 5) == 0"},{"symbol":"details","text":"value 5 is not zero"}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testCaseEnded","messages":[],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value → 3 to ints(_:) started."}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":"6.3.0"}
{"kind":"event","payload":{"issue":{"isFailure":true,"isKnown":false,"severity":"error","sourceLocation":{"column":5,"fileID":"PTests/PTests.swift","line":9}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (f(value) → 3) == 0"},{"symbol":"details","text":"value 3 is not zero"}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testCaseEnded","messages":[],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value → 9 to ints(_:) started."}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":"6.3.0"}
{"kind":"event","payload":{"issue":{"isFailure":true,"isKnown":false,"severity":"error","sourceLocation":{"column":5,"fileID":"PTests/PTests.swift","line":9}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (f(value) → 9) == 0"},{"symbol":"details","text":"value 9 is not zero"}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testCaseEnded","messages":[],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value → 1 to ints(_:) started."}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":"6.3.0"}
{"kind":"event","payload":{"issue":{"isFailure":true,"isKnown":false,"severity":"error","sourceLocation":{"column":5,"fileID":"PTests/PTests.swift","line":9}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (f(value) → 1) == 0"},{"symbol":"details","text":"value 1 is not zero"}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testCaseEnded","messages":[],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"fail","text":"Test points(_:) with 2 test cases failed after 0.004 seconds with 2 issues."}],"testID":"PTests.ParamTests/points(_:)/PTests.swift:15:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"fail","text":"Test ints(_:) with 4 test cases failed after 0.004 seconds with 4 issues."}],"testID":"PTests.ParamTests/ints(_:)/PTests.swift:7:4"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"fail","text":"Suite ParamTests failed after 0.009 seconds with 13 issues."}],"testID":"PTests.ParamTests"},"version":"6.3.0"}
{"kind":"event","payload":{"kind":"runEnded","messages":[{"symbol":"fail","text":"Test run with 4 tests in 1 suite failed after 0.010 seconds with 13 issues."}]},"version":"6.3.0"}
"""#
}
