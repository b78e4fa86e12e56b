import Foundation
import Testing

@testable import ExerciseModel

@Suite struct ResultsSchemaTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A document with every optional value absent, so every key must still be written.
  static let sparse = ResultsDocument(
    status: "fail", message: nil, learner: "ada", submission: "/class/ada",
    gradedAt: "2026-11-23T10:00:00Z", sandboxed: false, gradingNotes: [], points: 1, maxPoints: 3,
    exercises: [
      ResultsExercise(
        id: "01-a", title: "A", status: "fail", gradingStatus: "graded", points: 1, maxPoints: 3,
        notes: [],
        diagnosis: ResultsDiagnosis(
          decoy: "d", match: "exact", misunderstanding: "m", lessonStep: nil,
          lesson: "Exercises/01-a/README.md", message: "Reread."),
        tests: [
          ResultsTest(
            name: "S/t()", status: "fail", outcome: "failed", message: nil, location: nil,
            visible: true, points: 1, maxPoints: 3, hint: nil)
        ],
        review: [ReviewFlag(file: "A.swift", line: 2, reason: "process exit", code: "exit(0)")])
    ])

  @Test func theDocumentationNamesEveryKeyOfTheTypesAndNoOther() {
    #expect(ResultsSchema.problems() == [])
    #expect(
      ResultsSchema.tables.map(\.typeName) == [
        "ResultsDocument", "ResultsExercise", "ResultsSuite", "ResultsDiagnosis", "ResultsTest",
      ])
  }

  @Test func workspaceMapHoldsTheSchemaWordForWord() throws {
    let map = try String(
      contentsOf: Self.repository.appendingPathComponent("Instructors.md"), encoding: .utf8)
    #expect(map.contains(ResultsSchema.markdown + "\n"))
  }

  @Test func everyKeyIsWrittenAbsentValuesAsNull() throws {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(Self.sparse.encoded().utf8)) as? [String: Any])
    #expect(Set(object.keys) == Set(ResultsDocument.CodingKeys.allCases.map(\.rawValue)))
    #expect(object["message"] is NSNull)
    let exercise = try #require((object["exercises"] as? [[String: Any]])?.first)
    #expect(Set(exercise.keys) == Set(ResultsExercise.CodingKeys.allCases.map(\.rawValue)))
    let diagnosis = try #require(exercise["diagnosis"] as? [String: Any])
    #expect(Set(diagnosis.keys) == Set(ResultsDiagnosis.CodingKeys.allCases.map(\.rawValue)))
    #expect(diagnosis["lesson_step"] is NSNull)
    let test = try #require((exercise["tests"] as? [[String: Any]])?.first)
    #expect(Set(test.keys) == Set(ResultsTest.CodingKeys.allCases.map(\.rawValue)))
    #expect(test["hint"] is NSNull && test["location"] is NSNull)
    let flag = try #require((exercise["review"] as? [[String: Any]])?.first)
    #expect(Set(flag.keys) == Set(ReviewFlag.CodingKeys.allCases.map(\.rawValue)))
  }

  @Test func readsBackWhatItWrites() throws {
    let text = try Self.sparse.encoded()
    #expect(try ResultsDocument.decode(Data(text.utf8)) == Self.sparse)
    #expect(text.hasPrefix("{\n  \"commit\" : null,\n  \"exercises\" : [\n"))
    #expect(!text.hasSuffix("\n"))
    #expect(throws: (any Error).self) { try ResultsDocument.decode(Data("{}".utf8)) }
  }

  @Test func aKeyUndocumentedOrMadeUpIsAProblem() {
    var tables = ResultsSchema.tables
    tables[4].fields.removeAll { $0.keys == ["hint"] }
    tables[4].fields.append(ResultsSchema.Field(["colour"], "string", "Made up."))
    tables[4].fields.append(ResultsSchema.Field(["name"], "string", "Again."))
    tables[1].fields[5].meaning = "Lines to look at."
    #expect(
      ResultsSchema.problems(tables) == [
        "the schema's `review` does not name its entries' `file`",
        "the schema's `review` does not name its entries' `line`",
        "the schema's `review` does not name its entries' `reason`",
        "the schema's `review` does not name its entries' `code`",
        "ResultsTest writes `hint`, which the schema does not document",
        "the schema documents `colour`, which ResultsTest does not have",
        "the schema documents ResultsTest's `name` twice",
      ])
  }
}
