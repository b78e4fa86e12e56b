import Foundation
import Testing

@testable import GraderKit

struct JSONResultsTests {
  private func object(_ report: GradeReport) throws -> [String: Any] {
    let json = try JSONResults.render(report)
    let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
    return try #require(value as? [String: Any])
  }

  private func exercises(_ object: [String: Any]) throws -> [[String: Any]] {
    try #require(object["exercises"] as? [[String: Any]])
  }

  @Test func topLevelFields() throws {
    let bob = try object(Fixtures.bob)
    #expect(bob["version"] as? Int == 3)
    #expect(bob["status"] as? String == "fail")
    #expect(bob["message"] is NSNull)
    #expect(bob["learner"] as? String == "Bob")
    #expect(bob["submission"] as? String == "/submissions/Bob")
    #expect(bob["graded_at"] as? String == "2025-06-15T15:06:40Z")
    #expect(bob["points"] as? Int == 5)
    #expect(bob["max_points"] as? Int == 10)
    let statuses = try exercises(bob).map {
      [$0["status"] as? String, $0["grading_status"] as? String]
    }
    #expect(statuses == [["pass", "graded"], ["error", "compile error"]])
    #expect(try object(Fixtures.ada)["status"] as? String == "pass")
    #expect(try object(Fixtures.carol)["status"] as? String == "fail")
  }

  @Test func everyExerciseErrorIsError() throws {
    var report = Fixtures.bob
    report.exercises.removeFirst()
    let json = try object(report)
    #expect(json["status"] as? String == "error")
    #expect(
      json["message"] as? String == "No exercise could be graded: 02-optionals (compile error).")
  }

  @Test func testStatusesAndNulls() throws {
    let dave = try exercises(try object(Fixtures.dave))
    #expect(dave.map { $0["status"] as? String } == ["fail", "fail"])
    let tests = dave.flatMap { ($0["tests"] as? [[String: Any]]) ?? [] }
    #expect(tests.map { $0["status"] as? String } == ["fail", "fail", "pass", "error", "error"])
    #expect(
      tests.map { $0["outcome"] as? String } == [
        "failed", "failed", "passed", "crashed", "timed out",
      ])
    #expect(tests.map { $0["visible"] as? Bool } == [true, false, true, true, true])
    #expect(tests[0]["message"] as? String == Fixtures.nastyMessage)
    #expect(tests[0]["location"] as? String == "Hello.swift:12")
    #expect(tests[1]["location"] is NSNull)
    #expect(tests[2]["message"] is NSNull)
    #expect(tests[2]["hint"] is NSNull)
    #expect(tests[4]["hint"] as? String == "Does the loop end?")
    #expect(
      Set(tests[0].keys) == [
        "name", "status", "outcome", "message", "location", "visible", "points", "max_points",
        "hint", "step",
      ])
  }

  @Test func sortedKeysAndRoundTrip() throws {
    let json = try JSONResults.render(Fixtures.dave)
    let keys = [
      "exercises", "graded_at", "learner", "max_points", "message", "points", "status",
      "submission", "version",
    ].map { "\n  \"\($0)\" : " }
    let positions = try keys.map { try #require(json.range(of: $0)).lowerBound }
    #expect(positions == positions.sorted())
    let summary = try JSONResults.decodeSummary(json)
    #expect(summary.points == 2 && summary.maxPoints == 10)
    #expect(throws: (any Error).self) { try JSONResults.decodeSummary("{}") }
  }

  @Test func schemaDescriptionNamesEveryField() {
    for field in [
      "version", "status", "message", "learner", "submission", "graded_at", "points", "max_points",
      "exercises", "grading_status", "notes", "tests", "name", "outcome", "location", "visible",
      "hint", "diagnosis", "decoy", "match", "misunderstanding", "lesson_step", "lesson",
    ] {
      #expect(JSONResults.schemaDescription.contains("`\(field)`"), "\(field)")
    }
  }

  @Test func theDiagnosisIsAnObjectOrNull() throws {
    var report = Fixtures.dave
    report.exercises[0].diagnosis = Diagnosis(
      exerciseID: "01-hello", decoy: "no-comma", match: .close,
      misunderstanding: "Forgets the comma.", lessonStep: nil)
    let exercises = try exercises(try object(report))
    let diagnosis = try #require(exercises[0]["diagnosis"] as? [String: Any])
    #expect(
      Set(diagnosis.keys) == [
        "decoy", "match", "misunderstanding", "lesson_step", "lesson", "message",
      ])
    #expect(diagnosis["match"] as? String == "close")
    #expect(diagnosis["lesson_step"] is NSNull)
    #expect(diagnosis["lesson"] as? String == "Exercises/01-hello/README.md")
    #expect((diagnosis["message"] as? String)?.hasPrefix("Your code fails nearly the same") == true)
    #expect(exercises[1]["diagnosis"] is NSNull)
  }

  @Test func deterministic() throws {
    for report in Fixtures.all {
      #expect(try JSONResults.render(report) == JSONResults.render(report))
    }
  }
}
