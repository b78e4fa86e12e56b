import ExerciseEngine
import ExerciseModel
import Foundation
import Testing

@testable import LearnKit

/// Where the learner writes tests, a step is judged by the lesson's mutants and by the lesson's
/// own tests, never by the learner's tests passing (an empty test passes); the screen says so.
@Suite struct MutantJudgedReportTests {
  typealias Line = ExerciseReport.Line

  func line(_ key: String, step: Int, file: String, passed: Bool = true) -> Line {
    Line(
      test: ListedTest(
        key: key, name: key, steps: [step], suite: "Step \(step): s", file: file, line: 1),
      outcome: .init(status: passed ? .passed : .failed))
  }

  func mutant(_ name: String, step: Int, caught: Bool = true) -> Line {
    Line(
      test: ListedTest(
        key: "mutant \(name)", name: "catches a feature where this goes wrong: \(name)",
        steps: [step], suite: "Step \(step): s"),
      outcome: .init(status: caught ? .passed : .failed))
  }

  func report(_ lines: [Line], lessonFiles: Set<String> = ["LessonTests.swift"])
    -> ExerciseReport
  {
    var report = ExerciseReport(
      id: "14-x", title: "X", result: .tested(lines),
      lesson: LessonParagraphs(steps: [1: "One.", 2: "Two.", 3: "Three."]))
    report.judgedByMutants = true
    report.lessonTestFiles = lessonFiles
    report.gradedMutantCount = 5
    return report
  }

  func screen(_ report: ExerciseReport) -> String {
    LearnerScreen.focused(report, course: nil, style: Style(color: false)).joined(separator: "\n")
  }

  @Test func aStepWithoutALessonMutantIsJudgedByTheLessonsTests() {
    let report = report([
      line("L1/a()", step: 1, file: "LessonTests.swift"),
      line("Mine1/a()", step: 1, file: "SuspenseTests.swift"),
      line("L2/a()", step: 2, file: "LessonTests.swift"),
      line("Mine3/a()", step: 3, file: "WinnerTests.swift"),
      mutant("one", step: 1),
      mutant("two", step: 2),
    ])
    // Step 3 has only the learner's own test: nothing judges it.
    #expect(report.stepStatuses.map(\.passed) == [true, true, nil])
    let text = screen(report)
    #expect(
      text.contains(
        "✔ Every test passes (4), and your tests catch the lesson's 2 mutants (steps 1, 2); "
          + "3 more named mutants count when you are graded (scripts/grade -e 14-x)."))
    #expect(!text.contains("not judged yet"))
    // A learner who finished reads why step 3 has no mark.
    #expect(text.contains("– no lesson mutant: scripts/grade -e 14-x judges this step's tests"))
    // The generated mutants count in grading too, and the line says so.
    var graded = report
    graded.generatedBugCount = 26
    #expect(
      screen(graded).contains(
        "; 3 more named mutants and 26 generated bugs count when you are graded "
          + "(scripts/grade -e 14-x)."))
  }

  @Test func beforeTheMutantsRunTheScreenSaysWhyAStepIsNotJudged() {
    let report = report([
      line("L1/a()", step: 1, file: "LessonTests.swift"),
      line("Mine1/a()", step: 1, file: "SuspenseTests.swift"),
      line("L2/a()", step: 2, file: "LessonTests.swift", passed: false),
      line("Mine3/a()", step: 3, file: "WinnerTests.swift"),
    ])
    #expect(report.stepStatuses.map(\.passed) == [true, false, nil])
    #expect(
      screen(report).contains(
        "– not judged yet: your tests meet the lesson's mutants once every test passes"))
  }

  @Test func theLearnersOwnPassingTestsJudgeNothing() {
    // Kind `tests`: no lesson files; a missed mutant fails its step.
    let report = report(
      [
        line("Mine1/a()", step: 1, file: "SuspenseTests.swift"),
        line("Mine2/a()", step: 2, file: "StampTests.swift"),
        mutant("one", step: 1, caught: false),
      ], lessonFiles: [])
    #expect(report.stepStatuses.map(\.passed) == [false, nil, nil])
    #expect(report.focus?.step == 1)
  }

  @Test func aTestThatFailsAgainstAGivenFeatureIsNamedAtFault() {
    var given = report([line("Mine1/a()", step: 1, file: "WelcomeTests.swift", passed: false)])
    given.featureIsGiven = true
    given.lessonTestFiles = []
    #expect(
      screen(given).contains(
        "Your test fails against the correct feature: the test is at fault. Grading counts it "
          + "as a wrong test, which catches nothing."))
    // Where the learner writes the feature too, their own code may be what fails.
    let both = report([line("Mine1/a()", step: 1, file: "SuspenseTests.swift", passed: false)])
    #expect(!screen(both).contains("the test is at fault"))
  }

  /// A test that holds no expectation is told so: not "fails" (it passes under `swift test`), and
  /// not "at fault".
  @Test func aTestThatChecksNothingIsNotSaidToFail() {
    var given = report([
      line("Mine1/a()", step: 1, file: "WelcomeTests.swift", passed: false),
      line("Mine1/b()", step: 1, file: "WelcomeTests.swift", passed: false),
    ])
    given.featureIsGiven = true
    given.lessonTestFiles = []
    given.checkingNothing = ["Mine1/a()", "Mine1/b()"]
    let text = screen(given)
    #expect(text.contains("— all 2 tests check nothing yet"), "\(text)")
    #expect(!text.contains("the test is at fault"))
    given.checkingNothing = ["Mine1/a()"]
    #expect(screen(given).contains("— all 2 tests fail or check nothing yet"))
  }

  /// In a learner edition the grading beyond the lesson's mutants is the instructor's: the screen
  /// never sends the learner to a `scripts/grade` that cannot judge their tests.
  @Test func aLearnerEditionSaysTheInstructorJudgesTheRest() {
    var withMutants = report([
      line("L1/a()", step: 1, file: "LessonTests.swift"),
      line("Mine3/a()", step: 3, file: "WinnerTests.swift"),
      mutant("one", step: 1),
    ])
    withMutants.inLearnerEdition = true
    let text = screen(withMutants)
    #expect(
      text.contains(
        "✔ Every test passes (2), and your tests catch the lesson's 1 mutant (step 1); more "
          + "count when your instructor grades."), "\(text)")
    #expect(text.contains("– no lesson mutant: your instructor's grade judges this step's tests"))
    #expect(!text.contains("scripts/grade"))
    // Where the feature is the learner's too, the edition holds none of its mutants.
    var without = report([line("L1/a()", step: 1, file: "LessonTests.swift")])
    without.inLearnerEdition = true
    #expect(
      screen(without).contains(
        "✔ Every visible test of 14-x passes (1 test). Your own tests are judged when your "
          + "instructor grades: the mutants they must catch are not in this edition."))
  }

  /// Once everything passes, a learner edition sends the learner to hand in, not to a grader
  /// that cannot count the hidden tests.
  @Test func whenAllPassALearnerEditionSaysToHandIn() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("edition-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(LearnerWorkspace(root: root).whenAllPass.contains("scripts/grade"))
    let marker = root.appendingPathComponent(WorkspaceLayout.learnerEditionMarker)
    try FileManager.default.createDirectory(
      at: marker.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("# Tests/ in the learner edition\n".utf8).write(to: marker)
    let edition = LearnerWorkspace(root: root).whenAllPass
    #expect(edition.contains("your instructor") && !edition.contains("scripts/grade"))
  }
}
