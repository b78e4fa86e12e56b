import ExerciseEngine
import Foundation
import Testing

@testable import LearnKit

@Suite struct TestListingTests {
  /// Records as a test binary writes them with `--list-tests --event-stream-output-path`.
  static func record(_ payload: String) -> String {
    #"{"kind":"test","payload":\#(payload),"version":"6.3.0"}"#
  }

  static let stream = [
    record(#"{"id":"M.Lesson","kind":"suite","name":"Lesson"}"#),
    record(
      #"{"displayName":"Steps 1 and 2: capture","id":"M.Lesson\/Capture","kind":"suite","name":"Capture"}"#
    ),
    record(
      #"{"id":"M.Lesson\/Capture\/keeps()\/L.swift:9:6","kind":"function","name":"keeps()","sourceLocation":{"fileID":"MTests\/L.swift","line":9}}"#
    ),
    record(#"{"displayName":"Step 3: async","id":"M.Async","kind":"suite","name":"Async"}"#),
    record(
      #"{"displayName":"awaits twice","id":"M.Async\/awaits()\/L.swift:30:6","kind":"function","name":"awaits()","sourceLocation":{"fileID":"MTests\/L.swift","line":30}}"#
    ),
    record(
      #"{"displayName":"The app: a process","id":"M.AppTests","kind":"suite","name":"AppTests"}"#),
    record(
      #"{"id":"M.AppTests\/launches()\/A.swift:5:6","kind":"function","name":"launches()","sourceLocation":{"fileID":"MTests\/A.swift","line":5}}"#
    ),
    record(
      #"{"id":"M.Plain\/works(x:)\/A.swift:20:6","kind":"function","name":"works(x:)","sourceLocation":{"fileID":"MTests\/A.swift","line":20}}"#
    ),
    record(#"{"id":"M.Plain","kind":"suite","name":"Plain"}"#),
    record(#"{"id":"Other.X\/y()\/X.swift:1:1","kind":"function","name":"y()"}"#),
    #"{"kind":"event","payload":{"kind":"runStarted"}}"#,
    "not json",
  ].joined(separator: "\n")

  @Test func eachTestGetsTheStepsOfItsNearestNamedSuiteAndLearningOrder() {
    let tests = TestListing.parse(Data(Self.stream.utf8), testModule: "M")
    #expect(
      tests.map(\.key) == [
        "Lesson/Capture/keeps()", "Async/awaits()", "AppTests/launches()", "Plain/works(x:)",
      ])
    #expect(tests.map(\.steps) == [[1, 2], [3], [], []])
    #expect(
      tests.map(\.suite) == [
        "Steps 1 and 2: capture", "Step 3: async", "The app: a process", "Plain",
      ])
    #expect(tests[1].name == "awaits twice")
    #expect(tests[0].file == "L.swift" && tests[0].line == 9)
  }
}
