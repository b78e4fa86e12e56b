import ExerciseEngine
import ExerciseModel
import Foundation
import Testing
import WorkshopFixtures

@testable import AuthoringKit
@testable import GraderKit

/// ``DecoyClass`` (`scripts/exercises diagnoses`) run on the fixture exercise: one learner per
/// decoy, the crashing one included, and the correct, starter and compile-error learners. It
/// grades in the graders' folder of the fixture, with its decoys' signatures.
let decoyClassRun = Task<(DecoyClass, DecoyClass.Outcome), any Error> {
  try await FixtureWorkspace.signed.value
  let layout = WorkspaceLayout(root: FixtureWorkspace.root)
  let decoyClass = DecoyClass(
    layout: layout, folder: FixtureWorkspace.base.appendingPathComponent("decoy-class"))
  let outcome = try decoyClass.run(
    exerciseIDs: [FixtureWorkspace.fixtureID], baselines: true,
    grader: Grader(layout: layout, work: FixtureWorkspace.work, jobs: 2))
  return (decoyClass, outcome)
}

@Suite struct DecoyClassTests {
  let id = FixtureWorkspace.fixtureID

  /// The learner of the fixture's crashing decoy.
  var traps: DecoyClass.Learner {
    DecoyClass.Learner(
      name: "\(id).traps-on-negatives", decoy: (exercise: id, name: "traps-on-negatives"))
  }

  @Test func everyDecoysLearnerIsToldItsMisunderstandingAndNobodyElse() async throws {
    let (_, outcome) = try await decoyClassRun.value
    #expect(outcome.problems.isEmpty, "\(outcome.problems)")
    #expect(outcome.learners == FixtureWorkspace.fixtureDecoys.count + 3)
    #expect(outcome.decoyLearners == FixtureWorkspace.fixtureDecoys.count)
    #expect(outcome.diagnosed == outcome.decoyLearners)
  }

  /// Copies the class's reports to a fresh folder, lets `edit` change the results.json of the
  /// learner named `learner`, and returns what ``DecoyClass`` finds wrong with them.
  func problems(
    editing learner: String, _ edit: (inout [String: Any]) -> Void
  ) async throws -> [String] {
    let (decoyClass, _) = try await decoyClassRun.value
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("decoy-class-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    var copy = decoyClass
    copy.folder = folder
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: decoyClass.reportsFolder, to: copy.reportsFolder)
    let results = copy.reportsFolder.appendingPathComponent("\(learner)/results.json")
    var exercise = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: results)) as? [String: Any])
    var exercises = try #require(exercise["exercises"] as? [[String: Any]])
    edit(&exercises[0])
    exercise["exercises"] = exercises
    try JSONSerialization.data(withJSONObject: exercise).write(to: results)
    let learners = [
      traps, DecoyClass.Learner(name: "correct", decoy: nil),
    ]
    return try copy.problems(learners: learners, exerciseIDs: [id])
  }

  @Test func aDecoysLearnerToldNothingIsAProblemThatSaysWhatItGot() async throws {
    let problems = try await problems(editing: traps.name) { $0["diagnosis"] = NSNull() }
    #expect(problems.count == 1)
    let problem = try #require(problems.first)
    #expect(
      problem.hasPrefix(
        "\(traps.name): \(id) should be diagnosed with \"traps-on-negatives\" but got none; "
          + "its learner's tests: crashed HiddenTests/doublesNegatives(), exactly as "
          + "Tests/\(id)/signatures.json records"),
      "\(problem)")
  }

  @Test func aRunThatDiffersFromTheSignatureIsNamed() async throws {
    let problems = try await problems(editing: traps.name) { exercise in
      exercise["diagnosis"] = NSNull()
      var tests = exercise["tests"] as? [[String: Any]] ?? []
      for index in tests.indices where tests[index]["outcome"] as? String == "crashed" {
        tests[index]["outcome"] = "timed out"
      }
      exercise["tests"] = tests
    }
    let problem = try #require(problems.first)
    #expect(problem.contains("but got none"), "\(problem)")
    #expect(problem.contains("its learner's tests: timed out HiddenTests/doublesNegatives()"))
    #expect(problem.contains("records crashed HiddenTests/doublesNegatives()"), "\(problem)")
  }

  @Test func aDiagnosisForAnyoneElseIsAProblem() async throws {
    let problems = try await problems(editing: "correct") { exercise in
      exercise["diagnosis"] = ["decoy": "adds-two"]
    }
    #expect(
      problems == [
        "correct: \(id) was diagnosed with \"adds-two\", but this learner models no "
          + "misunderstanding of \(id)"
      ])
  }
}
