import ExerciseModel
import Foundation
import Testing
import WorkshopFixtures

@testable import GraderKit

/// A workspace with one exercise where the learner writes the feature *and* its tests (kind
/// `both`), written at run time: `half(_:)`, its solution tests (one visible, one hidden), a
/// reference suite for the learner's tests, and one mutant.
enum BothFixture {
  static let root = FixtureWorkspace.base.appendingPathComponent("both-workspace")
  static let classFolder = FixtureWorkspace.base.appendingPathComponent("both-class")
  static let id = "01-halving"
  static let module = "Halving"

  static let solution = """
    /// Half of a number, rounded towards zero.
    public func half(_ value: Int) -> Int {
      #if SOLUTION
        return value / 2
      #else
        // Return half the value.
        return 0
      #endif
    }

    """
  static let visibleTests = """
    import Halving
    import Testing

    @Suite("Step 1: halves a number") struct VisibleTests {
      @Test func halvesFour() { #expect(half(4) == 2, "half(4) should be 2.") }
    }

    """
  static let hiddenTests = """
    import Halving
    import Testing

    @Suite struct HiddenTests {
      @Test func halvesOddNumbersDown() { #expect(half(5) == 2, "half(5) should be 2.") }
    }

    """
  static let referenceSuite = """
    import Halving
    import Testing

    @Suite("Step 1: halves a number") struct MyTests {
      @Test func halvesTen() {
        #if SOLUTION
          #expect(half(10) == 5)
        #else
          // Check the half of an even number.
        #endif
      }
    }

    """
  static let mutant = "public func half(_ value: Int) -> Int { value / 3 }\n"

  static var manifest: String {
    """
    {
      "format": 2, "id": "\(id)", "timeLimitSeconds": 4, "budgetSeconds": 40,
      "visibleTestFiles": ["VisibleTests.swift"],
      "tests": [
        { "id": "VisibleTests/halvesFour()", "points": 2, "hint": "Divide by two." },
        { "id": "HiddenTests/halvesOddNumbersDown()", "points": 1, "hint": "Integers round down." }
      ],
      "hints": [{ "step": 1, "text": "Divide by two." }, { "step": 1, "text": "value / 2" }],
      "decoys": [],
      "mutants": [
        { "name": "divides-by-three", "behaviour": "half of an even number is exactly half",
          "step": 1, "points": 3, "inLesson": true }
      ],
      "weakSuites": []
    }
    """
  }

  static func writeWorkspace() throws {
    try? FileManager.default.removeItem(at: root)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: root.appendingPathComponent("Packages"),
      withDestinationURL: FixtureWorkspace.repository.appendingPathComponent("Packages"))
    let catalogue = Catalogue(entries: [
      .init(
        id: id, title: "Halving", module: module, kind: .both, subject: "halving",
        summary: "halving, and its tests", steps: ["Step 1: halves a number"])
    ])
    try write(root, CatalogueJSON.render(catalogue), Catalogue.path)
    try write(root, manifest, "Tests/\(id)/exercise.json")
    try write(root, visibleTests, "Tests/\(id)/\(module)Tests/VisibleTests.swift")
    try write(root, hiddenTests, "Tests/\(id)/\(module)Tests/HiddenTests.swift")
    try write(root, mutant, "Tests/\(id)/Mutants/divides-by-three/\(module)/\(module).swift")
    try write(root, solution, "Solutions/\(id)/Sources/\(module)/\(module).swift")
    try write(root, referenceSuite, "Solutions/\(id)/Tests/\(module)Tests/MyTests.swift")
    try FixtureWorkspace.recordFeatureMutants(id, root: root)
  }

  /// Writes learner `name`: `sources` (solved or not) and `tests` (the learner's own file, and
  /// the visible file as given or emptied).
  static func writeLearner(_ name: String, solvedSources: Bool, ownTests: String?) throws {
    let folder = classFolder.appendingPathComponent("\(name)/Exercises/\(id)")
    let sources =
      "public func half(_ value: Int) -> Int { " + (solvedSources ? "value / 2" : "0") + " }\n"
    try write(folder, sources, "Sources/\(module)/\(module).swift")
    // Every learner's visible file is emptied: grading must use the instructor's copy.
    try write(folder, "", "Tests/\(module)Tests/VisibleTests.swift")
    if let ownTests { try write(folder, ownTests, "Tests/\(module)Tests/MyTests.swift") }
  }

  private static func write(_ folder: URL, _ text: String, _ path: String) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }
}

let gradedBothClass = Task<[String: GradeReport], any Error> {
  try BothFixture.writeWorkspace()
  try? FileManager.default.removeItem(at: BothFixture.classFolder)
  let solvedSuite = BothFixture.referenceSuite
    .replacingOccurrences(of: "    #if SOLUTION\n", with: "")
    .replacingOccurrences(of: "    #else\n      // Check the half of an even number.\n", with: "")
    .replacingOccurrences(of: "    #endif\n", with: "")
  try BothFixture.writeLearner("both-halves", solvedSources: true, ownTests: solvedSuite)
  try BothFixture.writeLearner("code-only", solvedSources: true, ownTests: nil)
  try BothFixture.writeLearner("tests-only", solvedSources: false, ownTests: solvedSuite)
  let layout = WorkspaceLayout(root: BothFixture.root)
  let grader = Grader(layout: layout, work: FixtureWorkspace.work, jobs: 2)
  let ids = try layout.exerciseIDs()
  let submissions = try Submission.find(at: BothFixture.classFolder, exerciseIDs: ids)
  let reports = try grader.grade(submissions, exerciseIDs: ids)
  return Dictionary(uniqueKeysWithValues: reports.map { ($0.learner, $0) })
}

/// An exercise where the learner writes both the feature and its tests: the solution tests
/// grade their code, the mutants grade their tests, and each half counts on its own.
@Suite struct BothKindTests {
  func exercise(_ learner: String) async throws -> GradedExercise {
    let reports = try await gradedBothClass.value
    return try #require(reports[learner]?.exercises.first)
  }

  @Test func bothHalvesScoreFullMarks() async throws {
    let exercise = try await exercise("both-halves")
    // Two tests (3 points), the hand mutant (3), and step 1's share of the generated ones (3).
    #expect(exercise.points == 9, "\(exercise.tests.map { ($0.id, $0.status) })")
    #expect(exercise.suite?.caught == ["divides-by-three"])
    #expect(exercise.suite?.generated.allSatisfy(\.isCaught) == true)
    #expect(
      exercise.tests.map(\.mutant) == [
        nil, nil, "divides-by-three", SuiteFeedback.generatedRowMutant(step: 1),
      ])
  }

  @Test func codeWithoutTestsCatchesNoMutant() async throws {
    let exercise = try await exercise("code-only")
    #expect(exercise.points == 3)
    #expect(exercise.tests.last?.status == .failed)
    #expect(exercise.nextStep == 1, "the step's mutant is not caught yet")
  }

  @Test func testsWithoutCodeStillCatchTheMutant() async throws {
    let exercise = try await exercise("tests-only")
    // The hand mutant and step 1's share of the generated ones, none of the code's tests.
    #expect(exercise.points == 6, "\(exercise.tests.map { ($0.id, $0.status) })")
    #expect(exercise.tests.prefix(2).allSatisfy { $0.status == .failed })
    #expect(exercise.suite?.wrongTests.isEmpty == true, "graded with the reference feature")
  }

  @Test func theVisibleFileIsTheInstructorsInBothHalves() async throws {
    let exercise = try await exercise("both-halves")
    #expect(exercise.tests.first?.id == "VisibleTests/halvesFour()")
    #expect(exercise.tests.first?.status == .passed)
    #expect(exercise.suite?.tests == ["MyTests/halvesTen()"])
  }

  @Test func theFeedbackCountsTestsAndMutantsApart() async throws {
    let reports = try await gradedBothClass.value
    let markdown = MarkdownFeedback.render(try #require(reports["code-only"]))
    #expect(
      markdown.contains("2 of 2 tests pass; 0 of 1 named mutant, 0 of "),
      "the named mutants and the generated bugs are counted apart")
    #expect(markdown.contains("Not caught yet: Step 1: every bug a complete suite catches"))
    #expect(markdown.contains("Not caught yet: half of an even number is exactly half"))
  }
}
