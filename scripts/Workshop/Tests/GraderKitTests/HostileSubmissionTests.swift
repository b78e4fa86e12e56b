import ExerciseEngine
import ExerciseModel
import Foundation
import Testing
import WorkshopFixtures

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
  /// The instructor's workspace (its `Tests/`, `Solutions/`, manifests) before and after.
  var workspaceBefore: [String: String]
  var workspaceAfter: [String: String]
  /// Processes a learner started that were still alive when grading returned.
  var lingering: [Int32]
  /// Whether a learner managed to plant a file in the grader's own folder.
  var planted: Bool
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

  func test(_ learner: String, _ id: String) throws -> TestResult {
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
  try await FixtureWorkspace.signed.value
  let learners = try FixtureClass.writeClass()
  var before: [String: [String: String]] = [:]
  for learner in learners {
    before[learner.name] = try FixtureWorkspace.snapshot(
      FixtureWorkspace.classFolder.appendingPathComponent(learner.name))
  }
  let planted = FixtureWorkspace.work.appendingPathComponent("planted-by-a-learner")
  try? FileManager.default.removeItem(at: planted)
  let layout = WorkspaceLayout(root: FixtureWorkspace.root)
  let signatures = try #require(
    try DecoySignatures.load(for: FixtureWorkspace.fixtureID, in: layout))
  let workspaceBefore = try FixtureWorkspace.snapshot(FixtureWorkspace.root)
  let grader = try FixtureWorkspace.grader(layout)
  let ids = try layout.exerciseIDs()
  let submissions = try Submission.find(at: FixtureWorkspace.classFolder, exerciseIDs: ids)
  let started = Date()
  var warnings: [String] = []
  let reports = try grader.grade(submissions, exerciseIDs: ids, warning: { warnings.append($0) })
  let seconds = Date().timeIntervalSince(started)
  let again = submissions.filter {
    [
      "zoë correct", "fatal-error", "starter", "decoy-traps-on-negatives", "forges-a-fatal-line",
    ].contains($0.learner)
  }
  let lingering = FixtureWorkspace.processes(containing: HostileSources.lingeringMarker)
  for pid in lingering { kill(pid, SIGKILL) }
  let regraded = try grader.grade(again, exerciseIDs: ids)
  var after: [String: [String: String]] = [:]
  for learner in learners {
    after[learner.name] = try FixtureWorkspace.snapshot(
      FixtureWorkspace.classFolder.appendingPathComponent(learner.name))
  }
  for pid in FixtureWorkspace.processes(containing: HostileSources.lingeringMarker) {
    kill(pid, SIGKILL)
  }
  return GradedClass(
    reports: Dictionary(uniqueKeysWithValues: reports.map { ($0.learner, $0) }),
    regraded: Dictionary(uniqueKeysWithValues: regraded.map { ($0.learner, $0) }),
    before: before, after: after, seconds: seconds, workspaceBefore: workspaceBefore,
    workspaceAfter: try FixtureWorkspace.snapshot(FixtureWorkspace.root), lingering: lingering,
    planted: FileManager.default.fileExists(atPath: planted.path), signatures: signatures,
    warnings: warnings)
}

@Suite struct HostileSubmissionTests {
  let doubles = "VisibleTests/doubles()"
  let greets = "VisibleTests/greets()"
  let negatives = "HiddenTests/doublesNegatives()"
  let many = "HiddenTests/doublesMany(value:)"
  let triples = "TripleTests/triples()"

  @Test func everyLearnerIsGradedAndNoSubmissionIsTouched() async throws {
    let graded = try await gradedClass.value
    #expect(graded.reports.count == FixtureClass.learners(starter: "").count)
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

  // MARK: What a determined learner tried in a class run (issue 12)

  /// A submission rewrote the assembled solution tests (the next learner, an untouched
  /// starter, scored full marks) and the instructor's own `Tests/`.
  @Test(
    .enabled(
      if: FixtureWorkspace.sandboxAvailable,
      "no sandbox can be set up here (it needs Linux user namespaces and bwrap or unshare)"))
  func noSubmissionChangesTheGradersOrTheInstructorsFiles() async throws {
    let graded = try await gradedClass.value
    #expect(graded.workspaceAfter == graded.workspaceBefore, "the instructor's files changed")
    #expect(!graded.planted, "a learner wrote into the grader's folder")
    #expect(try graded.exercise("tampers-with-files").points == 0)
    #expect(try graded.exercise("starter").points == 0)
    #expect(graded.regraded["starter"]?.points == 0)
  }

  /// Starters that found `--event-stream-output-path` on the command line appended "passed"
  /// records and exited, or rewrote the stream: both scored full marks in about 2 s.
  @Test func forgedResultsScoreNothing() async throws {
    let graded = try await gradedClass.value
    for learner in ["forges-results", "rewrites-results"] {
      let exercise = try graded.exercise(learner)
      #expect(exercise.points == 0, "\(learner) scored \(exercise.points)")
      #expect(exercise.tests.allSatisfy { $0.status != .passed }, "\(learner)")
    }
  }

  /// The forgers' results are refused with the reason, and the lines they needed are flagged
  /// for the instructor's review (never shown to the learner).
  @Test func forgeriesAreRefusedAndFlaggedForReview() async throws {
    let graded = try await gradedClass.value
    for learner in ["forges-results", "rewrites-results"] {
      let exercise = try graded.exercise(learner)
      #expect(exercise.tests.allSatisfy { $0.status == .error }, "\(learner)")
      #expect(
        exercise.tests.first?.message?.contains("wrote results that cannot be honest") == true)
      let reasons = Set(exercise.review.map(\.reason))
      #expect(
        reasons.isSuperset(of: ["command-line arguments", "process exit", "refused record"]),
        "\(learner): \(reasons)")
      let feedback = MarkdownFeedback.render(try #require(graded.reports[learner]))
      #expect(!feedback.contains("CommandLine.arguments"))
    }
    #expect(try graded.exercise("zoë correct").review.isEmpty)
    #expect(try graded.exercise("starter").review.isEmpty)
    if FixtureWorkspace.sandboxAvailable {
      #expect(graded.reports.values.allSatisfy { $0.sandboxed && $0.gradingNotes.isEmpty })
    }
  }

  /// A submission read the hidden tests from disk and put them in its own failure messages.
  @Test(
    .enabled(
      if: FixtureWorkspace.sandboxAvailable,
      "no sandbox can be set up here (it needs Linux user namespaces and bwrap or unshare)"))
  func hiddenTestsCannotBeReadFromDisk() async throws {
    let graded = try await gradedClass.value
    let markdown = MarkdownFeedback.render(try #require(graded.reports["reads-hidden-tests"]))
    #expect(!markdown.contains("secretExpression"), "the hidden test's source leaked")
    #expect(try graded.exercise("reads-hidden-tests").points == 8)
  }

  /// Processes started by tests (in a new session, holding the grader's descriptors, or in
  /// their own process group) outlived the grader, and one made it miss the test's exit.
  @Test(
    .enabled(
      if: FixtureWorkspace.sandboxAvailable,
      "no sandbox can be set up here (it needs Linux user namespaces and bwrap or unshare)"))
  func nothingATestStartsOutlivesGrading() async throws {
    let graded = try await gradedClass.value
    #expect(graded.lingering.isEmpty, "processes outlived grading: \(graded.lingering)")
    #expect(
      try graded.statuses("leaves-processes")
        == [doubles: .passed, greets: .passed, negatives: .passed, many: .passed])
  }

  /// 6 GB were allocated unhindered, the grader's own output was reachable through
  /// `/proc/<parent>/fd/1`, and the network was there; each scores only when stopped.
  @Test(
    .enabled(
      if: FixtureWorkspace.sandboxAvailable,
      "no sandbox can be set up here (it needs Linux user namespaces and bwrap or unshare)"))
  func memoryThreadsFilesNetworkAndTheGradersOutputAreOutOfReach() async throws {
    let graded = try await gradedClass.value
    #expect(
      try graded.statuses("probes-limits")
        == [doubles: .passed, greets: .passed, negatives: .passed, many: .passed])
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
