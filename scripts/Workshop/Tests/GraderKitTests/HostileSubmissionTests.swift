import Foundation
import Testing
import WorkshopKit

@testable import GraderKit

/// The fixture class graded once with real `swift` builds and test processes; every test below
/// reads its part of the result.
struct GradedClass: Sendable {
  var reports: [String: GradeReport]
  /// The same submissions graded a second time.
  var regraded: [String: GradeReport]
  var before: [String: [String: String]]
  var after: [String: [String: String]]
  var seconds: Double
  /// The fixture exercise's signatures, as `scripts/exercises signatures` computes them.
  var signatures: DecoySignatures
  /// What the grader warned about (the other exercise has no signatures).
  var warnings: [String]

  func exercise(_ learner: String, _ id: String = FixtureWorkspace.fixtureID) throws
    -> GradedExercise
  {
    let report = try #require(reports[learner], "no report for \(learner)")
    return try #require(report.exercises.first { $0.id == id }, "no \(id) for \(learner)")
  }

  func test(_ learner: String, _ id: String) throws -> GradedTest {
    try #require(try exercise(learner).tests.first { $0.id == id }, "no test \(id)")
  }

  func statuses(_ learner: String, _ exerciseID: String = FixtureWorkspace.fixtureID) throws
    -> [String: TestStatus]
  {
    Dictionary(
      uniqueKeysWithValues: try exercise(learner, exerciseID).tests.map { ($0.id, $0.status) })
  }
}

let gradedClass = Task<GradedClass, any Error> {
  try FixtureWorkspace.writeWorkspace()
  let learners = try FixtureWorkspace.writeClass()
  var before: [String: [String: String]] = [:]
  for learner in learners {
    before[learner.name] = try FixtureWorkspace.snapshot(
      FixtureWorkspace.classFolder.appendingPathComponent(learner.name))
  }
  let layout = WorkspaceLayout(root: FixtureWorkspace.root)
  // The signatures, computed by running the decoys as the checks do, in the grader's folder.
  let signatures = try ExerciseChecks(layout: layout, work: FixtureWorkspace.work)
    .signatures(FixtureWorkspace.fixtureID)
  try signatures.write(in: layout)
  let grader = Grader(layout: layout, work: FixtureWorkspace.work, jobs: 2)
  let ids = try layout.exerciseIDs()
  let submissions = try Submission.find(at: FixtureWorkspace.classFolder, exerciseIDs: ids)
  let started = Date()
  var warnings: [String] = []
  let reports = try grader.grade(submissions, exerciseIDs: ids, warning: { warnings.append($0) })
  let seconds = Date().timeIntervalSince(started)
  let again = submissions.filter {
    ["zoë correct", "fatal-error", "starter", "decoy-traps-on-negatives"].contains($0.learner)
  }
  let regraded = try grader.grade(again, exerciseIDs: ids)
  var after: [String: [String: String]] = [:]
  for learner in learners {
    after[learner.name] = try FixtureWorkspace.snapshot(
      FixtureWorkspace.classFolder.appendingPathComponent(learner.name))
  }
  return GradedClass(
    reports: Dictionary(uniqueKeysWithValues: reports.map { ($0.learner, $0) }),
    regraded: Dictionary(uniqueKeysWithValues: regraded.map { ($0.learner, $0) }),
    before: before, after: after, seconds: seconds, signatures: signatures, warnings: warnings)
}

@Suite struct HostileSubmissionTests {
  let doubles = "VisibleTests/doubles()"
  let greets = "VisibleTests/greets()"
  let negatives = "HiddenTests/doublesNegatives()"
  let many = "HiddenTests/doublesMany(value:)"
  let triples = "TripleTests/triples()"

  @Test func everyLearnerIsGradedAndNoSubmissionIsTouched() async throws {
    let graded = try await gradedClass.value
    #expect(graded.reports.count == FixtureWorkspace.learners(starter: "").count)
    for (learner, snapshot) in graded.before {
      #expect(graded.after[learner] == snapshot, "grading changed the submission of \(learner)")
    }
  }

  @Test func aCorrectSubmissionScoresFullMarks() async throws {
    let graded = try await gradedClass.value
    let report = try #require(graded.reports["zoë correct"])
    #expect(report.points == report.maximumPoints)
    #expect(report.maximumPoints == 13)
    #expect(report.exercises.allSatisfy { $0.status == .graded && $0.notes.isEmpty })
  }

  @Test func theStarterScoresZeroWithFailures() async throws {
    let graded = try await gradedClass.value
    let exercise = try graded.exercise("starter")
    #expect(exercise.points == 0)
    #expect(exercise.tests.allSatisfy { $0.status == .failed })
    #expect(try graded.test("starter", doubles).message?.contains("double(2) should be 4.") == true)
    #expect(try graded.exercise("starter", FixtureWorkspace.otherID).status == .missing)
  }

  @Test func aCompileErrorIsReportedWithTheCompilersMessage() async throws {
    let graded = try await gradedClass.value
    let exercise = try graded.exercise("compile-error")
    #expect(exercise.status == .compileError)
    #expect(exercise.tests.allSatisfy { $0.status == .error })
    let message = try #require(exercise.tests.first?.message)
    #expect(message.contains("Sources/Fixture/Fixture.swift:1:"), "\(message)")
    #expect(message.contains("error:"))
    #expect(try graded.exercise("compile-error", FixtureWorkspace.otherID).points == 5)
  }

  @Test func aFatalErrorCostsOnlyTheTestThatRanIt() async throws {
    let graded = try await gradedClass.value
    #expect(
      try graded.statuses("fatal-error")
        == [doubles: .passed, greets: .crashed, negatives: .passed, many: .passed])
    let message = try #require(try graded.test("fatal-error", greets).message)
    #expect(message.contains("signal"), "\(message)")
    #expect(try graded.exercise("fatal-error", FixtureWorkspace.otherID).points == 5)
  }

  @Test func anInfiniteLoopTimesOutOnlyItsTest() async throws {
    let graded = try await gradedClass.value
    #expect(
      try graded.statuses("infinite-loop")
        == [doubles: .passed, greets: .passed, negatives: .timedOut, many: .passed])
    #expect(try graded.exercise("infinite-loop", FixtureWorkspace.otherID).points == 5)
  }

  @Test func deepRecursionCrashesOnlyItsTest() async throws {
    let graded = try await gradedClass.value
    #expect(
      try graded.statuses("deep-recursion")
        == [doubles: .passed, greets: .crashed, negatives: .passed, many: .passed])
    #expect(try graded.exercise("deep-recursion", FixtureWorkspace.otherID).points == 5)
  }

  @Test func printedFakePassesDoNotCount() async throws {
    let graded = try await gradedClass.value
    #expect(
      try graded.statuses("prints-fake-passes")
        == [doubles: .failed, greets: .passed, negatives: .failed, many: .failed])
  }

  @Test func testsDeclaredInTheSubmissionNeverRunOrCount() async throws {
    let graded = try await gradedClass.value
    let exercise = try graded.exercise("own-tests")
    #expect(exercise.tests.map(\.id) == [doubles, greets, negatives, many])
    #expect(
      try graded.statuses("own-tests")
        == [doubles: .failed, greets: .passed, negatives: .failed, many: .failed])
  }

  @Test func editedVisibleTestsAreIgnored() async throws {
    let graded = try await gradedClass.value
    #expect(try graded.exercise("edited-tests").points == 0)
  }

  @Test func theSubmissionsPackageManifestIsIgnored() async throws {
    let graded = try await gradedClass.value
    let exercise = try graded.exercise("malicious-package")
    #expect(exercise.status == .graded)
    #expect(exercise.points == exercise.maximumPoints)
  }

  @Test func aSymbolicLinkIsLeftOutWithANote() async throws {
    let graded = try await gradedClass.value
    let exercise = try graded.exercise("symbolic-link")
    #expect(exercise.points == exercise.maximumPoints)
    #expect(exercise.notes.count == 1)
    #expect(exercise.notes.first?.contains("Outside.swift is a symbolic link") == true)
  }

  @Test func fiftyMegabytesOfOutputChangeNothing() async throws {
    let graded = try await gradedClass.value
    let exercise = try graded.exercise("floods-output")
    #expect(exercise.points == exercise.maximumPoints)
    let log = FixtureWorkspace.work.appendingPathComponent("runs")
    let sizes = try FileManager.default.subpathsOfDirectory(atPath: log.path)
      .filter { $0.contains("floods-output") && $0.hasSuffix(".log") }
      .map { try FileManager.default.attributesOfItem(atPath: log.appendingPathComponent($0).path) }
      .compactMap { $0[.size] as? Int }
    #expect(!sizes.isEmpty)
    #expect(sizes.allSatisfy { $0 < 5 << 20 }, "logs should be capped, got \(sizes)")
  }

  @Test func aMissingExerciseScoresZeroAndOthersStillCount() async throws {
    let graded = try await gradedClass.value
    let exercise = try graded.exercise("missing-exercise")
    #expect(exercise.status == .missing)
    #expect(exercise.points == 0)
    #expect(exercise.notes.first?.contains("is missing") == true)
    #expect(try graded.exercise("missing-exercise", FixtureWorkspace.otherID).points == 5)
  }

  @Test func aFileThatIsNotUTF8IsACompileErrorWithANote() async throws {
    let graded = try await gradedClass.value
    let exercise = try graded.exercise("not-utf8")
    #expect(exercise.status == .compileError)
    #expect(exercise.tests.first?.message?.contains("Latin1.swift:1:") == true)
    #expect(exercise.notes.contains { $0.contains("not valid UTF-8") })
  }

  @Test func hiddenTestsShowNeitherSourceNorLocation() async throws {
    let graded = try await gradedClass.value
    let hidden = try graded.test("starter", negatives)
    #expect(!hidden.isVisible)
    #expect(hidden.location == nil)
    #expect(hidden.message == "Negative numbers double too.")
    #expect(
      try graded.test("starter", many).message == "An expectation of this hidden test failed.")
    let visible = try graded.test("starter", doubles)
    #expect(visible.isVisible)
    #expect(visible.location == "VisibleTests.swift:6")
    let markdown = MarkdownFeedback.render(try #require(graded.reports["starter"]))
    #expect(!markdown.contains("secretExpression"))
    #expect(!markdown.contains("HiddenTests.swift"))
  }

  @Test func gradingTwiceGivesTheSameReports() async throws {
    let graded = try await gradedClass.value
    for (learner, again) in graded.regraded {
      var first = try #require(graded.reports[learner])
      first.gradedAt = again.gradedAt
      #expect(first == again, "\(learner) was graded differently the second time")
      #expect(try JSONResults.render(first) == JSONResults.render(again))
    }
  }
}
