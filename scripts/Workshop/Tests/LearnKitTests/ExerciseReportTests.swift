import ExerciseEngine
import ExerciseModel
import Testing

@testable import LearnKit

@Suite struct ExerciseReportTests {
  typealias Line = ExerciseReport.Line

  func line(
    _ key: String, _ steps: [Int], _ suite: String?, _ status: TestStatus = .passed,
    explanation: String? = nil
  ) -> Line {
    let failures =
      status == .failed
      ? [EventStreamSummary.Failure(summary: "Expectation failed", details: ["\(key) failed"])] : []
    return Line(
      test: ListedTest(key: key, name: key, steps: steps, suite: suite),
      outcome: .init(status: status, failures: failures, explanation: explanation))
  }

  func report(_ lines: [Line], lessonSteps: Int = 0) -> ExerciseReport {
    var steps: [Int: String] = [:]
    for number in 0..<lessonSteps { steps[number + 1] = "Words of step \(number + 1)." }
    return ExerciseReport(
      id: "05-x", title: "X", result: .tested(lines), lesson: LessonParagraphs(steps: steps))
  }

  @Test func theLowestFailingStepIsTheFocusEvenWhenHigherStepsFailToo() throws {
    let report = report(
      [
        line("S1/a()", [1], "Step 1: one"),
        line("S2/b()", [2], "Step 2: two", .failed),
        line("S2/c()", [2], "Step 2: two"),
        line("S4/d()", [4], "Step 4: four", .failed),
        line("App/e()", [], "The app: e", .failed),
      ], lessonSteps: 4)
    let focus = try #require(report.focus)
    #expect(focus.step == 2)
    #expect(focus.failing.map(\.test.key) == ["S2/b()"])
    #expect(focus.total == 2)
    #expect(focus.titles == ["Step 2: two"])
    #expect(report.statusText == "step 2 of 4")
    #expect(report.stepStatuses.map { $0.passed } == [true, false, nil, false])
    #expect(!report.passes)
  }

  @Test func aSuiteForTwoStepsIsShownWithBothStepsWords() throws {
    let report = report(
      [line("S/a()", [1, 2], "Steps 1 and 2: both", .failed), line("T/b()", [3], "Step 3: c")],
      lessonSteps: 3)
    let focus = try #require(report.focus)
    #expect(focus.step == 1)
    #expect(focus.steps == [1, 2])
    let text = LearnerScreen.focused(report, course: nil, style: Style(color: false))
      .joined(separator: "\n")
    #expect(text.contains("Words of step 1.") && text.contains("Words of step 2."))
    #expect(!text.contains("Words of step 3."))
  }

  @Test func suitesWithoutAStepComeAfterEveryStep() throws {
    let report = report(
      [line("S1/a()", [1], "Step 1: one"), line("App/e()", [], "The app: e", .failed)],
      lessonSteps: 1)
    let focus = try #require(report.focus)
    #expect(focus.step == nil)
    #expect(focus.titles == ["The app: e"])
    #expect(report.statusText == "steps done; The app: e failing")
  }

  @Test func aCrashInALaterStepIsStillNamed() {
    let report = report(
      [
        line("S1/a()", [1], "Step 1: one", .failed),
        line("S2/b()", [2], "Step 2: two", .crashed, explanation: "The test process was killed"),
      ], lessonSteps: 2)
    #expect(report.crashesElsewhere.map(\.test.key) == ["S2/b()"])
    let text = LearnerScreen.focused(report, course: nil, style: Style(color: false))
      .joined(separator: "\n")
    #expect(text.contains("Also: S2/b() (Step 2) crashed: The test process was killed"))
  }

  @Test func aCrashedTestQuotesWhatTheRuntimePrinted() {
    let printed = CrashReason(lines: [
      .init(text: "Fatal error: SWIFT TASK CONTINUATION MISUSE", location: "M/F.swift:3")
    ])
    var crashed = line("S1/a()", [1], "Step 1: one", .crashed, explanation: "It was killed.")
    crashed.outcome.printed = printed
    var later = line("S2/b()", [2], "Step 2: two", .crashed, explanation: "It was killed.")
    later.outcome.printed = printed
    let text = LearnerScreen.focused(
      report([crashed, later], lessonSteps: 2), course: nil, style: Style(color: false)
    ).joined(separator: "\n")
    #expect(
      text.contains(
        "S1/a() crashed\n      The test process printed: Fatal error: SWIFT TASK CONTINUATION "
          + "MISUSE (M/F.swift:3)\n      It was killed."), "\(text)")
    #expect(
      text.contains(
        "Also: S2/b() (Step 2) crashed: The test process printed: Fatal error: SWIFT TASK "
          + "CONTINUATION MISUSE (M/F.swift:3)"), "\(text)")
  }

  /// `Issue.record` has no summary of its own ("Issue recorded"): the test's words, then where.
  @Test func aRecordedIssueSaysWhereNotThatItWasRecorded() {
    var failed = line("S1/a()", [1], "Step 1: one", .failed)
    failed.outcome.failures = [
      EventStreamSummary.Failure(
        summary: "Issue recorded", details: ["It reported no issue."],
        location: "BookshelfLessonTests.swift:20")
    ]
    let text = LearnerScreen.failure(failed, style: Style(color: false)).joined(separator: "\n")
    #expect(text.contains("It reported no issue.\n      recorded at BookshelfLessonTests.swift:20"))
    #expect(!text.contains("Issue recorded"))
  }

  @Test func everyTestPassing() {
    let report = report([line("S1/a()", [1], "Step 1: one")], lessonSteps: 1)
    #expect(report.passes)
    #expect(report.focus == nil)
    #expect(report.statusText == "visible tests pass")
  }

  @Test func aCompileErrorComesBeforeAnythingElse() {
    let report = ExerciseReport(
      id: "05-x", title: "X",
      result: .compileError(["Sources/X/A.swift:3:5: error: cannot find 'y' in scope"]),
      lesson: LessonParagraphs())
    let text = LearnerScreen.focused(report, course: nil, style: Style(color: false))
    #expect(text.first == "Sources/X/A.swift:3:5: error: cannot find 'y' in scope")
    #expect(report.statusText == "does not compile")
    #expect(!report.passes)
  }
}
