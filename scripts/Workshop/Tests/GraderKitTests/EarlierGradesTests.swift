import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

/// A learner who grades their own workspace one exercise at a time keeps the others' last
/// grades and feedback in the new feedback.
@Suite struct EarlierGradesTests {
  /// A workspace folder with a history holding 13's last grade and feedback.
  func workspace() throws -> (root: URL, output: URL) {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("earlier-grades-\(UUID().uuidString)")
    let output = root.appendingPathComponent(".build-grade/reports")
    let folder = output.appendingPathComponent("me")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let results = ResultsDocument(
      status: "fail", message: nil, learner: "me",
      submission: root.appendingPathComponent("Exercises").path,
      gradedAt: "2026-12-01T09:30:00Z", sandboxed: true, gradingNotes: [], points: 40,
      maxPoints: 48,
      exercises: [
        ResultsExercise(
          id: "13-testing-a-feature", title: "Testing a feature", status: "fail",
          gradingStatus: "graded", points: 40, maxPoints: 48, notes: [], diagnosis: nil,
          tests: [], review: [])
      ])
    try Data(try results.encoded().utf8).write(to: folder.appendingPathComponent("results.json"))
    try Data("# Feedback of 13\n".utf8).write(to: folder.appendingPathComponent("feedback.md"))
    try GradeHistory(root: root).keep(reports: output)
    return (root, output)
  }

  func report(submission: URL) -> GradeReport {
    GradeReport(
      learner: "me", submission: submission.path, gradedAt: Fixtures.gradedAt,
      exercises: [
        GradedExercise(
          id: "14-controlling-a-feature", title: "Controlling a feature", status: .graded,
          notes: [], tests: [Fixtures.passed("Draw/posts()", points: 2)])
      ])
  }

  @Test func gradingAnotherExerciseKeepsTheLastGradeAndFeedbackOfTheFirst() throws {
    let (root, output) = try workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let report = GradeCommand.withEarlierGrades(
      report(submission: root.appendingPathComponent("Exercises")), root: root, output: output)
    let earlier = try #require(report.earlierGrades)
    #expect(earlier.map(\.id) == ["13-testing-a-feature"])
    #expect(earlier.first?.points == 40 && earlier.first?.maximumPoints == 48)
    let feedback = try #require(earlier.first?.feedback)
    #expect(feedback.hasPrefix(".build-grade/history/") && feedback.hasSuffix(".md"))
    #expect(
      try String(contentsOf: root.appendingPathComponent(feedback), encoding: .utf8)
        == "# Feedback of 13\n")
    let markdown = MarkdownFeedback.render(report)
    #expect(markdown.contains("## Other exercises, as last graded"))
    #expect(
      markdown.contains(
        "| 13-testing-a-feature | Testing a feature | 40/48 | 2026-12-01 | `\(feedback)` |"),
      "\(markdown)")
  }

  @Test func anotherLearnersSubmissionShowsNoEarlierGrades() throws {
    let (root, output) = try workspace()
    defer { try? FileManager.default.removeItem(at: root) }
    let report = GradeCommand.withEarlierGrades(
      report(submission: root.appendingPathComponent("class/ada")), root: root, output: output)
    #expect(report.earlierGrades == nil)
    #expect(!MarkdownFeedback.render(report).contains("as last graded"))
  }
}
