import ExerciseModel
import Foundation
import Testing

@testable import LearnKit

/// What the learner tool shows of exercises it is not checking right now: the course bar counts
/// every exercise whose last check passed and whose files are unchanged since, and the list shows
/// each exercise's most recent grade, even after a later run graded other exercises only.
@Suite struct CourseStateTests {
  /// Records a check of `id` with the files as they are now, as `LearnerWorkspace.check` does.
  func record(_ id: String, passes: Bool, in fixture: LearnFixture) throws {
    let fingerprint = ExerciseFiles.read(fixture.layout.exercise(id)).fingerprint
    try fixture.workspace().state.update {
      $0.records[id] = .init(
        fingerprint: fingerprint, status: passes ? "visible tests pass" : "step 1 of 2",
        passes: passes, checkedAt: Date(timeIntervalSince1970: 0))
    }
  }

  @Test func checkingOneExerciseKeepsAnotherOnesEarlierPassOnTheBar() throws {
    let fixture = try LearnFixture("course-bar")
    try fixture.writeSteps(LearnFixture.allDone)
    try record(LearnFixture.stepsID, passes: true, in: fixture)
    let workspace = fixture.workspace()
    // `scripts/learn check 02` just saw 02 pass: 01 passed at its own, earlier check.
    let both = CourseProgress(
      workspace: workspace, current: LearnFixture.moreID, currentPasses: true)
    #expect(both.cells == [.passed, .passed, .coming])
    #expect(both.bar(style: Style(color: false)) == "[██·] 2 of 3 exercises pass")
    let one = CourseProgress(
      workspace: workspace, current: LearnFixture.moreID, currentPasses: false)
    #expect(one.bar(style: Style(color: false)) == "[█▓·] 1 of 3 exercises pass")
    // A pass counts only while the files are the ones it was seen with.
    try fixture.writeSteps(LearnFixture.stepOneDone)
    let edited = CourseProgress(
      workspace: workspace, current: LearnFixture.moreID, currentPasses: true)
    #expect(edited.cells == [.open, .passed, .coming])
  }

  /// Writes `results.json` for the learner folder `learner` of the default report folder, as
  /// `scripts/grade` does (replacing the one of the last run), then keeps it as the grader does.
  func grade(
    _ points: [String: Int], at gradedAt: String, submission: URL, learner: String = "me",
    in fixture: LearnFixture
  ) throws {
    let reports = fixture.root.appendingPathComponent(".build-grade/reports")
    let file = reports.appendingPathComponent("\(learner)/results.json")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let exercises = points.keys.sorted().map {
      ResultsExercise(
        id: $0, title: $0, status: "fail", gradingStatus: "graded", points: points[$0]!,
        maxPoints: 5, notes: [], diagnosis: nil, tests: [], review: [])
    }
    let results = ResultsDocument(
      status: "fail", message: nil, learner: learner, submission: submission.path,
      gradedAt: gradedAt, sandboxed: true, gradingNotes: [], points: points.values.reduce(0, +),
      maxPoints: 5 * points.count, exercises: exercises)
    try Data(try results.encoded().utf8).write(to: file)
    try Data("feedback of \(gradedAt)\n".utf8).write(
      to: file.deletingLastPathComponent().appendingPathComponent("feedback.md"))
    try GradeHistory(root: fixture.root).keep(reports: reports)
  }

  @Test func gradingOneExerciseKeepsTheOtherExercisesLastGrades() throws {
    let fixture = try LearnFixture("last-grades")
    let ours = fixture.layout.exercises
    try grade(
      [LearnFixture.stepsID: 4, LearnFixture.moreID: 1], at: "2026-11-20T10:00:00Z",
      submission: ours, in: fixture)
    // `scripts/grade -e 02`: the report folder now holds 02 only.
    try grade([LearnFixture.moreID: 5], at: "2026-11-21T10:00:00Z", submission: ours, in: fixture)
    var grades = LastGrade.read(root: fixture.root)
    #expect(
      grades[LearnFixture.stepsID]
        == LastGrade(points: 4, maximumPoints: 5, gradedAt: "2026-11-20T10:00:00Z"))
    #expect(
      grades[LearnFixture.moreID]
        == LastGrade(points: 5, maximumPoints: 5, gradedAt: "2026-11-21T10:00:00Z"))
    // The list shows both.
    let lines = LearnerScreen.list(
      workspace: fixture.workspace(), current: nil, grades: grades, style: Style(color: false))
    #expect(
      lines.contains { $0.contains("01-steps") && $0.contains("last grade 4/5 (2026-11-20)") })
    #expect(lines.contains { $0.contains("02-more") && $0.contains("last grade 5/5 (2026-11-21)") })

    // Grading 01 again: the first run is no exercise's newest grade any more, and is dropped.
    try grade([LearnFixture.stepsID: 5], at: "2026-11-22T10:00:00Z", submission: ours, in: fixture)
    grades = LastGrade.read(root: fixture.root)
    #expect(grades[LearnFixture.stepsID]?.gradedAt == "2026-11-22T10:00:00Z")
    #expect(grades[LearnFixture.moreID]?.gradedAt == "2026-11-21T10:00:00Z")
    #expect(
      GradeHistory(root: fixture.root).kept().map(\.results.gradedAt) == [
        "2026-11-21T10:00:00Z", "2026-11-22T10:00:00Z",
      ])
    // Each exercise's last feedback is kept beside its results, and only those.
    let feedback = GradeHistory(root: fixture.root).newestFeedback()
    #expect(
      try feedback.mapValues { try String(contentsOf: $0, encoding: .utf8) } == [
        LearnFixture.stepsID: "feedback of 2026-11-22T10:00:00Z\n",
        LearnFixture.moreID: "feedback of 2026-11-21T10:00:00Z\n",
      ])
    let kept = try FileManager.default.contentsOfDirectory(
      atPath: fixture.root.appendingPathComponent(".build-grade/history").path)
    #expect(kept.filter { $0.hasSuffix(".md") }.count == 2, "\(kept)")
  }

  @Test func anotherSubmissionsReportIsNeverTheLearnersGrade() throws {
    let fixture = try LearnFixture("other-grades")
    let elsewhere = fixture.root.appendingPathComponent("class/ada")
    try grade(
      [LearnFixture.stepsID: 2], at: "2026-11-23T10:00:00Z", submission: elsewhere,
      learner: "ada", in: fixture)
    #expect(LastGrade.read(root: fixture.root).isEmpty)
    #expect(GradeHistory(root: fixture.root).kept().isEmpty)
  }
}
