import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

/// `gradescope.json`: Gradescope's autograder results, in its documented shape.
struct GradescopeResultsTests {
  private func object(
    _ report: GradeReport, hidden: GradescopeResults.Visibility = .afterPublished
  ) throws -> [String: Any] {
    let json = try GradescopeResults.render(report, hiddenTests: hidden)
    return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  @Test func theScoreIsTheGradesAndEveryTestHasGradescopesFields() throws {
    let dave = try object(Fixtures.dave)
    #expect(dave["score"] as? Int == Fixtures.dave.points)
    #expect(dave["output_format"] as? String == "md")
    #expect((dave["output"] as? String)?.contains(Fixtures.dave.learner) == true)
    #expect(dave["visibility"] as? String == "visible")
    #expect(dave["stdout_visibility"] as? String == "hidden")
    let tests = try #require(dave["tests"] as? [[String: Any]])
    let expected = Fixtures.dave.exercises.flatMap(\.tests)
    #expect(tests.count == expected.count)
    #expect(tests.compactMap { $0["score"] as? Int }.reduce(0, +) == Fixtures.dave.points)
    #expect(
      tests.compactMap { $0["max_score"] as? Int }.reduce(0, +) == Fixtures.dave.maximumPoints)
    for (test, result) in zip(tests, expected) {
      #expect(
        Set(test.keys) == [
          "name", "number", "score", "max_score", "status", "output", "output_format",
          "visibility",
        ])
      #expect((test["name"] as? String)?.hasSuffix(result.id) == true)
      #expect(test["status"] as? String == (result.status == .passed ? "passed" : "failed"))
    }
    #expect(tests.map { $0["number"] as? String } == ["1.1", "1.2", "1.3", "2.1", "2.2"])
  }

  @Test func hiddenTestsHaveTheConfiguredVisibilityAndNeverTheirSource() throws {
    for hidden in GradescopeResults.Visibility.allCases {
      let tests = try #require(
        try object(Fixtures.dave, hidden: hidden)["tests"] as? [[String: Any]])
      let results = Fixtures.dave.exercises.flatMap(\.tests)
      for (test, result) in zip(tests, results) {
        #expect(test["visibility"] as? String == (result.isVisible ? "visible" : hidden.rawValue))
        // The message is the report's, which hides a hidden test's source already; a test that
        // did not pass says how it ended.
        let output = try #require(test["output"] as? String)
        if let message = result.message { #expect(output.contains(message)) }
        if result.status != .passed {
          #expect(output.hasPrefix("Outcome: \(result.status.rawValue)."))
        }
      }
    }
  }

  @Test func aGradeHeldForReviewScoresNothingUntilReleased() throws {
    var held = Fixtures.ada
    held.exercises[0].review = [
      ReviewFlag(file: "Hello.swift", line: 3, reason: "process exit", code: "exit(0)")
    ]
    #expect(held.isHeldForReview)
    let json = try object(held)
    #expect(json["score"] as? Int == 0)
    let tests = try #require(json["tests"] as? [[String: Any]])
    #expect(tests.allSatisfy { ($0["score"] as? Int) == 0 })
    #expect(tests.allSatisfy { ($0["output"] as? String)?.contains("Held for review") == true })
  }
}
