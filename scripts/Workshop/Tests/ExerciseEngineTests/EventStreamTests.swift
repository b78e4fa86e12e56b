import Foundation
import Testing

@testable import ExerciseEngine

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
      test("a()"), test("b()"), test("c()"), runStarted,
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
    #expect(summary.refusals.isEmpty)
    #expect(summary.failingIssueCount == 1)
  }

  @Test func aCrashLeavesTheRunningTestUnfinished() {
    let stream = [
      test("a()"), test("b()"), runStarted, event("testStarted", "a()"),
      #"{"kind":"event","payload":{"kind":"testEnd"#,
    ].joined(separator: "\n")
    let summary = EventStreamSummary.parse(Data(stream.utf8), testModule: "MTests")
    #expect(!summary.runEnded)
    #expect(summary.unfinished == ["S/a()"])
    #expect(summary.tests["S/b()"]?.started == false)
    #expect(summary.refusals.isEmpty, "a last line cut short is a crash, not a forgery")
  }

  var runStarted: String { line("event", #"{"kind":"runStarted"}"#) }
  var runEnded: String { line("event", #"{"kind":"runEnded"}"#) }

  func refusals(_ lines: [String], graded: Set<String>? = nil) -> [String] {
    EventStreamSummary.parse(
      Data(lines.joined(separator: "\n").utf8), testModule: "MTests", graded: graded
    ).refusals
  }

  @Test func anHonestRunIsNotRefused() {
    let honest = [
      test("a()"), runStarted, event("testStarted", "a()"), event("testEnded", "a()"), runEnded,
    ]
    #expect(refusals(honest, graded: ["S/a()"]).isEmpty)
  }

  @Test func recordsAfterTheRunEndedAreRefused() {
    let forged = [
      test("a()"), runStarted, event("testStarted", "a()"), event("testEnded", "a()"), runEnded,
      event("testEnded", "a()"),
    ]
    #expect(refusals(forged) == ["a record after the run ended"])
  }

  @Test func testsTheManifestDoesNotListAreRefused() {
    let forged = [test("a()"), test("bonus()"), runStarted, runEnded]
    #expect(
      refusals(forged, graded: ["S/a()"]) == [
        "a result for S/bonus(), a test the manifest does not list"
      ])
    let otherModule = line("test", #"{"id":"Fixture.S/a()/F.swift:3:4","kind":"function"}"#)
    #expect(refusals([otherModule, runStarted, runEnded]).count == 1)
  }

  @Test func eventsForUndeclaredTestsAreRefused() {
    let forged = [test("a()"), runStarted, event("testStarted", "b()"), runEnded]
    #expect(refusals(forged).first?.contains("never declared") == true)
  }

  @Test func resultsOutOfOrderAreRefused() {
    #expect(
      refusals([test("a()"), runStarted, event("testEnded", "a()"), runEnded])
        == ["S/a() ended without having started"])
    #expect(
      refusals([
        test("a()"), runStarted, event("testStarted", "a()"), event("testStarted", "a()"),
      ]) == ["S/a() started twice"])
    #expect(
      refusals([test("a()"), event("testStarted", "a()")]) == ["an event before the run started"])
    #expect(
      refusals([runStarted, test("a()")]).contains("a test declared after the run started"))
    #expect(
      refusals([test("a()"), runStarted, event("testStarted", "a()"), runEnded])
        == ["the end of the run while S/a() was still running"])
  }

  @Test func aBrokenLineInTheMiddleIsRefused() {
    #expect(
      refusals([test("a()"), "not a record", runStarted, runEnded])
        == ["a line that is not an event record"])
  }
}
