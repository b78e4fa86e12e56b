import ExerciseModel
import Foundation
import Testing

@testable import LearnKit

/// The fixture's first exercise checked with real `swift` builds as a learner works through it:
/// the starter, a compile error, a crash, Step 1 done, everything done; then the commands on
/// top. Run once; every test below reads its part.
struct CheckJourney: Sendable {
  var statusBefore: LearnerWorkspace.Status
  var starter: ExerciseReport
  var compileError: ExerciseReport
  var crash: ExerciseReport
  var hang: ExerciseReport
  var stepOneDone: ExerciseReport
  var statusAfterEdit: LearnerWorkspace.Status
  var checkAllDone: (status: Int32, output: String)
  var checkCurrent: (status: Int32, output: String)
  var list: (status: Int32, output: String)
  var folder: URL
}

let checkJourney = Task<CheckJourney, any Error> {
  try await offThread {
    let fixture = try LearnFixture("journey")
    let workspace = fixture.workspace()
    let id = LearnFixture.stepsID
    let statusBefore = workspace.status(of: id)
    let starter = try workspace.check(id)
    try fixture.writeSteps(LearnFixture.compileError)
    let compileError = try workspace.check(id)
    try fixture.writeSteps(LearnFixture.crashInStepTwo)
    let crash = try workspace.check(id)
    try fixture.writeSteps(LearnFixture.hangInStepTwo)
    let hang = try workspace.check(id)
    try fixture.writeSteps(LearnFixture.stepOneDone)
    let stepOneDone = try workspace.check(id)
    try fixture.writeSteps(LearnFixture.allDone)
    let statusAfterEdit = workspace.status(of: id)

    func run(_ arguments: [String]) throws -> (Int32, String) {
      let output = Collected()
      let status = try LearnCommand.parse(arguments + ["--no-color"], root: fixture.root)
        .run(io: output.io())
      return (status, output.output)
    }
    let checkAllDone = try run(["check", "1"])
    // The learner graded once: the list shows the grade of each exercise.
    let report = fixture.root.appendingPathComponent(".build-grade/reports/journey/results.json")
    try FileManager.default.createDirectory(
      at: report.deletingLastPathComponent(), withIntermediateDirectories: true)
    let results = ResultsDocument(
      status: "fail", message: nil, learner: "journey", submission: fixture.layout.exercises.path,
      gradedAt: "2026-11-20T10:00:00Z", sandboxed: true, gradingNotes: [], points: 4,
      maxPoints: 6,
      exercises: [
        ResultsExercise(
          id: id, title: "Journey", status: "fail", gradingStatus: "graded", points: 4,
          maxPoints: 5, notes: [], diagnosis: nil, tests: [], review: [])
      ])
    try Data(try results.encoded().utf8).write(to: report)
    let checkCurrent = try run(["check"])
    let list = try run(["list"])
    return CheckJourney(
      statusBefore: statusBefore, starter: starter, compileError: compileError, crash: crash,
      hang: hang,
      stepOneDone: stepOneDone, statusAfterEdit: statusAfterEdit, checkAllDone: checkAllDone,
      checkCurrent: checkCurrent, list: list, folder: fixture.layout.exercise(id))
  }
}

@Suite struct CheckJourneyTests {
  func text(_ report: ExerciseReport) -> String {
    LearnerScreen.focused(report, course: nil, style: Style(color: false))
      .joined(separator: "\n")
  }

  @Test func theStarterShowsStepOneOnly() async throws {
    let journey = try await checkJourney.value
    #expect(journey.statusBefore == .notStarted)
    let focus = try #require(journey.starter.focus)
    #expect(focus.step == 1)
    #expect(focus.failing.map(\.test.key) == ["DoublingTests/doublesTwo()"])
    #expect(focus.total == 2)
    #expect(journey.starter.statusText == "step 1 of 2")
    let text = text(journey.starter)
    #expect(text.contains("✘ Step 1: doubling — 1 of 2 tests fail"))
    #expect(text.contains("double(2) should be 4: return value * 2."))
    #expect(text.contains("**Double** (`double`). Return twice the value:\n  `value * 2`."))
    // Only the lowest failing step: Step 2 and the app fail too, and are not shown.
    #expect(!text.contains("greet should say hello"))
    #expect(!text.contains("The app greets 42"))
    #expect(!text.contains("started"))
  }

  @Test func withStepOneDoneStepTwoIsShown() async throws {
    let journey = try await checkJourney.value
    let focus = try #require(journey.stepOneDone.focus)
    #expect(focus.step == 2)
    #expect(focus.failing.map(\.test.key) == ["GreetingTests/greetsAda()"])
    let text = text(journey.stepOneDone)
    #expect(text.contains("Steps   ✔1 ▶2 ✘ The app"))
    #expect(text.contains("✘ Step 2: greeting — its test fails"))
    #expect(text.contains("**Greet** (`greet`)."))
    #expect(!text.contains("double(2) should be 4"))
  }

  @Test func aCompileErrorShowsTheCompilersMessageForTheLearnersLineFirst() async throws {
    let journey = try await checkJourney.value
    guard case .compileError(let errors) = journey.compileError.result else {
      Issue.record("the compile error was not reported as one: \(journey.compileError.result)")
      return
    }
    let first = try #require(errors.first)
    #expect(first.hasPrefix("Sources/Steps/Steps.swift:1:"))
    #expect(first.contains("error:"))
    let lines = text(journey.compileError).split(separator: "\n")
    #expect(lines.first.map(String.init) == first)
    #expect(
      lines.contains { $0.contains("1 | public func double(_ value: Int) -> Int { value * }") })
    #expect(journey.compileError.statusText == "does not compile")
  }

  @Test func aCrashNamesTheStepAndTheTestThatWasRunning() async throws {
    let journey = try await checkJourney.value
    let focus = try #require(journey.crash.focus)
    #expect(focus.step == 2)
    let crashed = try #require(focus.failing.first)
    #expect(crashed.test.key == "GreetingTests/greetsAda()")
    #expect(crashed.outcome.status == .crashed)
    let text = text(journey.crash)
    #expect(text.contains("✘ Step 2: greeting"))
    #expect(text.contains("✘ greetsAda() crashed"))
    #expect(text.contains("while this test ran"))
    // The app's test crashed as well: it is named too, with its suite.
    #expect(text.contains("Also: greetsTheDouble() (The app: both together) crashed"))
    // Step 1 passed: the crash did not take the other tests down.
    #expect(journey.crash.stepStatuses.first?.passed == true)
  }

  @Test func aHangNamesTheStepAndTheTestThatWasRunning() async throws {
    let journey = try await checkJourney.value
    let focus = try #require(journey.hang.focus)
    #expect(focus.step == 2)
    let hung = try #require(focus.failing.first)
    #expect(hung.test.key == "GreetingTests/greetsAda()")
    #expect(hung.outcome.status == .timedOut)
    let text = text(journey.hang)
    #expect(text.contains("✘ greetsAda() timed out"))
    #expect(text.contains("Did not finish within 3 seconds"))
    #expect(journey.hang.stepStatuses.first?.passed == true)
  }

  @Test func anEditMakesTheLastCheckStale() async throws {
    let journey = try await checkJourney.value
    #expect(journey.statusAfterEdit == .edited)
  }

  @Test func checkExitsZeroOnlyWhenEveryVisibleTestPasses() async throws {
    let journey = try await checkJourney.value
    #expect(journey.checkAllDone.status == 0)
    #expect(
      journey.checkAllDone.output.contains("✔ Every visible test of 01-steps passes (4 tests)."))
    // Without an id, check takes the first exercise that does not pass: 02, not started.
    #expect(journey.checkCurrent.status == 1)
    #expect(journey.checkCurrent.output.contains("02-more · Fixture More"))
    #expect(journey.checkCurrent.output.contains("✘ Steps 1 and 2: tripling — its test fails"))
    #expect(journey.checkCurrent.output.contains("1. **Step 1, triple.** Multiply by three."))
    #expect(journey.checkCurrent.output.contains("2. **Step 2, nothing more.** Check it."))
  }

  @Test func theListShowsEveryExerciseWithItsStatusAndLastGrade() async throws {
    let journey = try await checkJourney.value
    #expect(journey.list.status == 0)
    let rows = journey.list.output.split(separator: "\n").map(String.init)
    let steps = try #require(rows.first { $0.contains("01-steps") })
    #expect(steps.contains("✔") && steps.contains("visible tests pass"))
    #expect(steps.contains("last grade 4/5 (2026-11-20)"))
    let more = try #require(rows.first { $0.contains("02-more") })
    #expect(more.contains("▶") && more.contains("step 1 of 2"))
    #expect(!more.contains("last grade"))
    #expect(journey.list.output.contains("Next: 02-more"))
  }
}
