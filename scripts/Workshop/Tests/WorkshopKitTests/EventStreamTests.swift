import Foundation
import Testing

@testable import WorkshopKit

@Suite struct EventStreamTests {
  func line(_ kind: String, _ payload: String) -> String {
    #"{"kind":"\#(kind)","payload":\#(payload),"version":"6.3.0"}"#
  }

  func test(_ name: String) -> String {
    line("test", #"{"id":"MTests.S/\#(name)/F.swift:3:4","kind":"function","name":"\#(name)"}"#)
  }

  func event(_ kind: String, _ name: String, issue: String? = nil) -> String {
    let issuePart =
      issue.map { #","issue":\#($0),"messages":[{"symbol":"fail","text":"Expectation failed"}]"# }
      ?? ""
    return line(
      "event", #"{"kind":"\#(kind)","testID":"MTests.S/\#(name)/F.swift:3:4"\#(issuePart)}"#)
  }

  @Test func keysDropTheModuleAndTheLocation() {
    #expect(EventStreamSummary.testKey("MTests.S/a()/F.swift:3:4", testModule: "MTests") == "S/a()")
    #expect(
      EventStreamSummary.testKey("MTests.Outer/Inner/b(x:)/F.swift:9:2", testModule: "MTests")
        == "Outer/Inner/b(x:)")
    #expect(EventStreamSummary.testKey("Other.S/a()/F.swift:3:4", testModule: "MTests") == nil)
  }

  @Test func passesFailuresAndKnownIssues() {
    let stream = [
      test("a()"), test("b()"), test("c()"),
      event("testStarted", "a()"), event("testEnded", "a()"),
      event("testStarted", "b()"),
      event(
        "issueRecorded", "b()", issue: #"{"isFailure":true,"isKnown":false,"severity":"error"}"#),
      event("testEnded", "b()"),
      event("testStarted", "c()"),
      event(
        "issueRecorded", "c()", issue: #"{"isFailure":false,"isKnown":true,"severity":"error"}"#),
      event("testEnded", "c()"),
      line("event", #"{"kind":"runEnded"}"#),
    ].joined(separator: "\n")
    let summary = EventStreamSummary.parse(Data(stream.utf8), testModule: "MTests")
    #expect(summary.order == ["S/a()", "S/b()", "S/c()"])
    #expect(summary.tests["S/a()"]?.failures == [])
    #expect(summary.tests["S/b()"]?.failures.map(\.text) == ["Expectation failed"])
    #expect(summary.tests["S/c()"]?.failures == [])
    #expect(summary.runEnded)
  }

  @Test func aCrashLeavesTheRunningTestUnfinished() {
    let stream = [
      test("a()"), test("b()"), event("testStarted", "a()"), "garbage that is not JSON",
    ].joined(separator: "\n")
    let summary = EventStreamSummary.parse(Data(stream.utf8), testModule: "MTests")
    #expect(!summary.runEnded)
    #expect(summary.unfinished == ["S/a()"])
    #expect(summary.tests["S/b()"]?.started == false)
  }
}
