import ExerciseModel
import Foundation
import Testing
import WorkshopFixtures

@testable import ExerciseEngine
@testable import GraderKit

/// ``SuiteFixture``'s class graded once, with real builds, links and (sandboxed when this
/// machine allows it) test processes; every test below reads its part of the result.
struct GradedSuiteClass: Sendable {
  var reports: [String: GradeReport]
  /// Each learner's folder before and after grading (``FixtureWorkspace/snapshot(_:)``).
  var before: [String: [String: String]]
  var after: [String: [String: String]]

  /// Learner `learner`'s graded exercise.
  func exercise(_ learner: String) throws -> GradedExercise {
    let report = try #require(reports[learner], "no report for \(learner)")
    return try #require(
      report.exercises.first { $0.id == SuiteFixture.id }, "no \(SuiteFixture.id) for \(learner)")
  }

  /// What grading learner `learner`'s suite found.
  func suite(_ learner: String) throws -> SuiteReport {
    try #require(try exercise(learner).suite, "no suite report for \(learner)")
  }
}

let gradedSuiteClass = Task<GradedSuiteClass, any Error> {
  try SuiteFixture.writeWorkspace()
  let learners = try SuiteFixture.writeClass()
  func snapshots() throws -> [String: [String: String]] {
    try Dictionary(
      uniqueKeysWithValues: learners.map {
        (
          $0.name,
          try FixtureWorkspace.snapshot(SuiteFixture.classFolder.appendingPathComponent($0.name))
        )
      })
  }
  let before = try snapshots()
  let layout = WorkspaceLayout(root: SuiteFixture.root)
  // As ``FixtureWorkspace/grader(_:)``, with a check folder of its own: the two fixtures'
  // graders may be made at the same time.
  let choice = try Sandbox.choose(
    .automatic, scratch: FixtureWorkspace.base.appendingPathComponent("suite-check"))
  let grader = Grader(
    layout: layout, work: FixtureWorkspace.work, jobs: 2, sandbox: choice.sandbox,
    notes: choice.note.map { [$0] } ?? [])
  let ids = try layout.exerciseIDs()
  let submissions = try Submission.find(at: SuiteFixture.classFolder, exerciseIDs: ids)
  let reports = try grader.grade(submissions, exerciseIDs: ids)
  return GradedSuiteClass(
    reports: Dictionary(uniqueKeysWithValues: reports.map { ($0.learner, $0) }),
    before: before, after: try snapshots())
}

/// Grading the tests a learner writes (kind `tests`) by the mutants they catch, end to end: the
/// reference suite, the starter, suites that assert nothing, hold a wrong test or do not
/// compile, and hostile tests that try to read the sources, exit, forge results or tell the
/// mutants' runs from the reference's.
@Suite struct SuiteGradingTests {
  static let sandboxOnly =
    "no sandbox can be set up here (it needs Linux user namespaces and bwrap or unshare)"

  @Test func everyLearnerIsGradedAndNoSubmissionIsTouched() async throws {
    let graded = try await gradedSuiteClass.value
    #expect(Set(graded.reports.keys) == Set(graded.before.keys))
    #expect(graded.reports.count == 10)
    for (learner, snapshot) in graded.before {
      #expect(!snapshot.isEmpty)
      #expect(graded.after[learner] == snapshot, "grading changed the submission of \(learner)")
    }
  }

  @Test func theReferenceTestsCatchEveryMutant() async throws {
    let graded = try await gradedSuiteClass.value
    let exercise = try graded.exercise("correct")
    #expect(exercise.status == .graded)
    // The hand mutants' 5 points, and each step's share of the generated ones: 2 and 3.
    #expect(exercise.points == 10)
    #expect(exercise.points == exercise.maximumPoints)
    #expect(exercise.notes.isEmpty, "\(exercise.notes)")
    #expect(
      exercise.tests.map(\.id)
        == SuiteFixture.mutants.map(\.behaviour)
        + [1, 2].map {
          SuiteFeedback.generatedRowName(step: $0)
        })
    #expect(exercise.tests.allSatisfy { $0.status == .passed })
    let suite = try graded.suite("correct")
    #expect(suite.wrongTests.isEmpty)
    #expect(suite.caught == SuiteFixture.mutants.map(\.name))
    #expect(!suite.generated.isEmpty)
    #expect(suite.generated.allSatisfy { $0.isCaught })
    #expect(
      Dictionary(uniqueKeysWithValues: suite.verdicts.map { ($0.mutant.name, $0.caughtBy ?? "") })
        == SuiteFixture.catchers)
  }

  @Test func theStarterSuiteCatchesNothingAndIsNotWrong() async throws {
    let graded = try await gradedSuiteClass.value
    let exercise = try graded.exercise("starter")
    #expect(exercise.points == 0)
    #expect(exercise.tests.allSatisfy { $0.status == .failed })
    #expect(exercise.tests.first?.message?.contains("every one of your tests still passes") == true)
    let suite = try graded.suite("starter")
    #expect(suite.tests.count == 3)
    #expect(suite.wrongTests.isEmpty)
    #expect(suite.caught.isEmpty)
  }

  @Test func testsThatAssertNothingCatchNothing() async throws {
    let graded = try await gradedSuiteClass.value
    #expect(try graded.exercise("asserts-nothing").points == 0)
    let suite = try graded.suite("asserts-nothing")
    #expect(suite.tests == ["CallsTests/callsEverything()"])
    #expect(suite.wrongTests.isEmpty)
    #expect(suite.caught.isEmpty)
  }

  @Test func aWrongTestIsNamedAndCatchesNothing() async throws {
    let graded = try await gradedSuiteClass.value
    let wrong = "MixedTests/incrementsWrongly()"
    let suite = try graded.suite("one-wrong-test")
    #expect(suite.wrongTests.map(\.test) == [wrong])
    #expect(suite.wrongTests.first?.status == .failed)
    #expect(suite.wrongTests.first?.message.contains("increment(1) should be 1.") == true)
    #expect(suite.caught == ["adds-two"])
    #expect(suite.verdicts.first?.caughtBy == "MixedTests/incrementsByOne()")
    let exercise = try graded.exercise("one-wrong-test")
    // adds-two, and step 1's share: incrementsByOne catches every generated mutant of increment.
    #expect(exercise.points == 2 + 2)
    let note = try #require(exercise.notes.first { $0.contains(wrong) }, "\(exercise.notes)")
    // Whether the name is in backticks or not (the wording of 90d5532 has none).
    #expect(
      note.replacingOccurrences(of: "`", with: "")
        .hasPrefix("Your test \(wrong) fails against a correct feature"), "\(note)")
    #expect(note.contains("increment(1) should be 1."), "\(note)")
  }

  @Test func aSuiteThatDoesNotCompileScoresZero() async throws {
    let graded = try await gradedSuiteClass.value
    let exercise = try graded.exercise("does-not-compile")
    #expect(exercise.status == .compileError)
    #expect(exercise.points == 0)
    #expect(exercise.tests.count == SuiteFixture.mutants.count + 2)
    #expect(exercise.tests.allSatisfy { $0.status == .error })
    let message = try #require(exercise.tests.first?.message)
    #expect(message.contains("Broken.swift"), "\(message)")
    #expect(message.contains("error:"), "\(message)")
  }

  /// A mutant that lacks a declaration of the feature's (an author's slip: mutants change
  /// function bodies only) is refused in words for the author, since tests linked against the
  /// feature could not start beside its library, which would read as a mutant caught. Mutants
  /// that change bodies only define every symbol the feature's library does.
  @Test func aMutantWithoutOneOfTheFeaturesDeclarationsIsRefused() async throws {
    _ = try await gradedSuiteClass.value
    // Alone in the shared build folder, as a grader would be.
    let lock = try WorkFolderLock.acquire(in: FixtureWorkspace.work) { _ in }
    defer { lock.release() }
    let sources = try ExerciseSources(
      id: SuiteFixture.id, layout: WorkspaceLayout(root: SuiteFixture.root))
    let libraries = MutantLibraries(
      sources: sources,
      package: SuiteGrading.package(in: FixtureWorkspace.work, for: SuiteFixture.id),
      scratch: SuiteGrading.scratch(in: FixtureWorkspace.work),
      logs: FixtureWorkspace.base.appendingPathComponent("mutant-check-logs"), buildTurns: nil)
    // A mutant that changes one body defines what the feature defines.
    let feature = try libraries.library(for: "adds-two")
    try libraries.check(["even-inverted", "zero-is-odd"], against: feature)
    let error = try #require(throws: WorkshopError.self) {
      try libraries.check([SuiteFixture.mutantWithoutADeclaration], against: feature)
    }
    #expect(error.description.contains("\"drops-is-even\" of 01-counting"), "\(error)")
    #expect(error.description.contains("isEven"), "\(error)")
    #expect(error.description.contains("never a declaration"), "\(error)")
  }

  // MARK: Hostile tests (sandboxed only: unsandboxed, each could win)

  /// The report of hostile learner `learner`, which must have been sandboxed.
  func hostile(_ learner: String) async throws -> (GradedExercise, SuiteReport) {
    let graded = try await gradedSuiteClass.value
    #expect(graded.reports[learner]?.sandboxed == true, "\(learner) was graded unsandboxed")
    return (try graded.exercise(learner), try graded.suite(learner))
  }

  /// A test that fails when it can read the assembled package's `Sources/`, the mutants or the
  /// solutions: in the sandbox it reads nothing, so it passes everywhere and catches nothing.
  @Test(.enabled(if: FixtureWorkspace.sandboxAvailable, Comment(rawValue: sandboxOnly)))
  func testsCannotReadTheSourcesTheMutantsOrTheSolutions() async throws {
    let (exercise, suite) = try await hostile("reads-sources")
    #expect(suite.wrongTests.isEmpty, "it could read: \(suite.wrongTests.map(\.message))")
    #expect(suite.tests == ["ReadsTests/readsNothing()"])
    #expect(exercise.points == 0)
  }

  /// A test that exits the process with status 0 is wrong, and scores nothing.
  @Test(.enabled(if: FixtureWorkspace.sandboxAvailable, Comment(rawValue: sandboxOnly)))
  func aTestThatExitsIsWrong() async throws {
    let (exercise, suite) = try await hostile("exits")
    #expect(suite.wrongTests.map(\.test) == ["ExitsTests/exitsEarly()"])
    #expect(
      exercise.notes.contains {
        $0.replacingOccurrences(of: "`", with: "").hasPrefix("Your test ExitsTests/exitsEarly() ")
      }, "\(exercise.notes)")
    #expect(suite.caught.isEmpty)
    #expect(exercise.points == 0)
  }

  /// Printed passes and forged "passed" records in the event stream do not make a failing test
  /// right.
  @Test(.enabled(if: FixtureWorkspace.sandboxAvailable, Comment(rawValue: sandboxOnly)))
  func forgedResultsDoNotMakeATestRight() async throws {
    let (exercise, suite) = try await hostile("prints-fake-results")
    #expect(suite.wrongTests.map(\.test) == ["ForgedTests/forgesAPass()"])
    #expect(suite.caught.isEmpty)
    #expect(exercise.points == 0)
  }

  /// A test that looks for anything telling a mutant's run from the reference's (environment,
  /// arguments, its own path, a run counter in its temporary folders) never finds it: it is not
  /// wrong, and catches nothing. Had it learned, it would fail on mutants only and catch them
  /// all.
  @Test(.enabled(if: FixtureWorkspace.sandboxAvailable, Comment(rawValue: sandboxOnly)))
  func aTestCannotTellAMutantsRunFromTheReferences() async throws {
    let (exercise, suite) = try await hostile("learns-the-mutant")
    #expect(suite.wrongTests.isEmpty, "it saw: \(suite.wrongTests.map(\.message))")
    #expect(suite.caught.isEmpty, "it told the mutants apart")
    #expect(exercise.points == 0)
  }
}

/// A suite that checks only the bytes of the feature's library, with a digest learned from an
/// earlier grading's feedback, catches nothing and is held for review: every grading links the
/// feature with a salt of its own.
@Suite struct LearnedBytesTests {
  @Test func aDigestLearnedInOneGradingNeverMatchesTheNext() async throws {
    let graded = try await gradedSuiteClass.value
    let first = try graded.exercise("learns-the-digest")
    let suite = try graded.suite("learns-the-digest")
    // In the first grading its test fails against the feature, quoting the digest it saw.
    let wrong = try #require(suite.wrongTests.first, "\(suite)")
    let digest = try #require(
      wrong.message.split(separator: "digest: ").last.map { String($0.prefix { $0.isHexDigit }) })
    #expect(!digest.isEmpty)
    #expect(!first.review.isEmpty)
    #expect(try #require(graded.reports["learns-the-digest"]).isHeldForReview)

    // The next hand-in replays it, in a grading of its own.
    let folder = FixtureWorkspace.base.appendingPathComponent("suite-replay")
    try? FileManager.default.removeItem(at: folder)
    let tests = folder.appendingPathComponent(
      "replays-the-digest/Exercises/\(SuiteFixture.id)/Tests/\(SuiteFixture.module)Tests")
    try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
    try Data(SuiteFixture.checksTheLibraryBytes(digest).utf8).write(
      to: tests.appendingPathComponent("Bytes.swift"))
    let layout = WorkspaceLayout(root: SuiteFixture.root)
    let choice = try Sandbox.choose(
      .automatic, scratch: FixtureWorkspace.base.appendingPathComponent("suite-replay-check"))
    let grader = Grader(
      layout: layout, work: FixtureWorkspace.work, jobs: 2, sandbox: choice.sandbox)
    let ids = try layout.exerciseIDs()
    let report = try #require(
      try grader.grade(Submission.find(at: folder, exerciseIDs: ids), exerciseIDs: ids).first)
    let exercise = try #require(report.exercises.first)
    #expect(exercise.points == 0)
    #expect(exercise.suite?.wrongTests.map(\.test) == ["BytesTests/theLibraryIsTheFeature()"])
    #expect(report.isHeldForReview)
  }
}
