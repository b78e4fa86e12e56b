import CommandLineLayer
import ExerciseModel
import Foundation

/// Grading results as a plain-text table for a terminal.
///
/// Notes about the grading run (such as "graded without a sandbox") come first, once. For each
/// learner: a heading with the learner's name and `gradedAt`, one row per exercise
/// (id, title, `points/max`, passed tests `n/m`, and the exercise status when it is not
/// `graded`), then under each exercise its notes, its lines flagged for review, and, when it is
/// not fully solved, its likely misunderstanding when the failures match a decoy's (`likely`,
/// what it is and the lesson step to reread) and one line per test that did not pass (status,
/// test id, one-line reason), then `total: P/M points (X %)`. With several learners a class
/// summary table follows: one row per learner, one column per exercise.
///
/// Widths are counted in `Character`s, so non-ASCII names keep the columns aligned. Control
/// characters in names and messages never reach the terminal.
public enum TerminalTable {
  /// Width, in Characters, the rows are fitted into.
  static let lineWidth = 100
  /// Longest one-line reason shown for a test.
  static let reasonLimit = 90

  /// Renders `reports` (one per learner, in the order given) as text ending in a newline.
  ///
  /// - Parameters:
  ///   - reports: the learners to show; more than one adds a class summary table.
  ///   - color: whether to add ANSI color codes; `false` gives text without any escape code.
  public static func render(_ reports: [GradeReport], color: Bool) -> String {
    guard !reports.isEmpty else { return "No submissions were graded.\n" }
    let style = Style(enabled: color)
    var blocks: [[String]] = []
    // Notes about the run itself, once, whatever the number of learners.
    var notes: [String] = []
    for note in reports.flatMap(\.gradingNotes) where !notes.contains(note) { notes.append(note) }
    if !notes.isEmpty {
      blocks.append(notes.map { style.paint("note: ", .yellow) + ReportFormatting.singleLine($0) })
    }
    blocks += reports.map { learnerBlock($0, style: style) }
    if reports.count > 1 { blocks.append(classSummary(reports, style: style)) }
    return blocks.map { $0.joined(separator: "\n") + "\n" }.joined(separator: "\n")
  }

  // MARK: - One learner

  /// What passed, with its unit: `18/18 tests`, `3/13 mutants` (the learner's tests, judged by
  /// the mutants they catch), or both where the learner hands in code and tests.
  static func countWords(_ exercise: GradedExercise) -> String {
    let tests = exercise.tests.filter { $0.mutant == nil }
    let mutants = exercise.tests.filter { $0.mutant != nil }
    if exercise.rowsAreMutants { return "\(exercise.passedCount)/\(exercise.tests.count) mutants" }
    guard !mutants.isEmpty else { return "\(exercise.passedCount)/\(exercise.tests.count) tests" }
    return
      "\(tests.passedCount)/\(tests.count) tests · \(mutants.passedCount)/\(mutants.count) mutants"
  }

  private static func learnerBlock(_ report: GradeReport, style: Style) -> [String] {
    let name = ReportFormatting.singleLine(report.learner)
    var lines = [
      style.paint(name, .bold) + "  graded " + ReportFormatting.timestamp(report.gradedAt)
        + (report.isHeldForReview
          ? "  " + style.paint(ReviewHolds.heldStatus, .yellow)
            + " (scripts/grade release LEARNER once read)" : "")
    ]
    let exercises = report.exercises
    if exercises.isEmpty { lines.append("  (no exercises)") }
    let ids = exercises.map { ReportFormatting.singleLine($0.id) }
    let titles = exercises.map { ReportFormatting.singleLine($0.title) }
    let scores = exercises.map { "\($0.points)/\($0.maximumPoints)" }
    let counts = exercises.map(countWords)
    let idWidth = ids.map(\.count).max() ?? 0
    let scoreWidth = scores.map(\.count).max() ?? 0
    let countWidth = counts.map(\.count).max() ?? 0
    let statusWidth = ExerciseStatus.compileError.rawValue.count
    let fixedWidth = 2 + idWidth + 2 + 2 + scoreWidth + 2 + countWidth + 2 + statusWidth
    let titleWidth = min(titles.map(\.count).max() ?? 0, max(12, lineWidth - fixedWidth))

    for (index, exercise) in exercises.enumerated() {
      var row =
        "  " + ReportFormatting.padded(ids[index], to: idWidth) + "  "
        + ReportFormatting.padded(
          ReportFormatting.truncated(titles[index], to: titleWidth), to: titleWidth)
        + "  "
        + style.paint(
          ReportFormatting.padded(scores[index], to: scoreWidth, leftAligned: false),
          scoreColor(exercise.points, exercise.maximumPoints))
        + "  " + ReportFormatting.padded(counts[index], to: countWidth, leftAligned: false)
      if exercise.status != .graded {
        row += "  " + style.paint(exercise.status.rawValue, exerciseColor(exercise.status))
      }
      lines.append(row)
      lines += details(exercise, style: style)
    }
    let total = "\(report.points)/\(report.maximumPoints)"
    let percent = ReportFormatting.percent(report.points, of: report.maximumPoints)
    lines.append("  total: " + style.paint(total, .bold) + " points (\(percent) %)")
    return lines
  }

  /// The lines under an exercise row: notes, then why the exercise is not fully solved.
  private static func details(_ exercise: GradedExercise, style: Style) -> [String] {
    let statusWidth = TestStatus.timedOut.rawValue.count
    var lines = exercise.notes.map {
      "    " + ReportFormatting.padded("note", to: statusWidth) + "  "
        + ReportFormatting.firstLine(of: $0, limit: reasonLimit)
    }
    lines += exercise.review.map {
      "    " + style.paint(ReportFormatting.padded("review", to: statusWidth), .yellow) + "  "
        + ReportFormatting.truncated(
          ReportFormatting.singleLine("\($0.summary): \($0.code)"), to: reasonLimit + 20)
    }
    switch exercise.status {
    case .missing:
      lines.append(
        "    " + style.paint(ReportFormatting.padded("missing", to: statusWidth), .yellow)
          + "  no sources for this exercise in the submission")
      return lines
    case .compileError:
      let output = exercise.tests.first { $0.status == .error && $0.message != nil }?.message
      let reason = ReportFormatting.firstCompilerError(in: output, limit: reasonLimit)
      let count = exercise.tests.count
      let what = "did not compile, \(count) test\(count == 1 ? "" : "s") not run"
      lines.append(
        "    " + style.paint(ReportFormatting.padded("error", to: statusWidth), .red) + "  " + what
          + (reason.isEmpty ? "" : ": " + reason))
      return lines
    case .graded:
      break
    }
    if let progress = StepProgress.summary(
      exercise.steps,
      otherFailures: exercise.tests.filter { $0.step == nil && $0.status != .passed }.count)
    {
      // Where the learner is, first: the steps done and the next one.
      let indent = "    " + String(repeating: " ", count: statusWidth) + "  "
      for (index, line) in TextWrapping.wrapped(
        ReportFormatting.singleLine(progress), width: lineWidth - indent.count
      ).enumerated() {
        lines.append(
          index == 0
            ? "    " + style.paint(ReportFormatting.padded("steps", to: statusWidth), .dim) + "  "
              + line
            : indent + line)
      }
    }
    if let diagnosis = exercise.diagnosis {
      // The likely misunderstanding first, wrapped below its label.
      let indent = "    " + String(repeating: " ", count: statusWidth) + "  "
      let text = ReportFormatting.singleLine(
        diagnosis.misunderstanding + " " + diagnosis.reread + " " + Diagnosis.caveat)
      for (index, line) in TextWrapping.wrapped(text, width: lineWidth - indent.count)
        .enumerated()
      {
        lines.append(
          index == 0
            ? "    " + style.paint(ReportFormatting.padded("likely", to: statusWidth), .yellow)
              + "  "
              + line
            : indent + line)
      }
    }
    // The failures of later steps are one line: the learner has not reached them yet.
    let later = Set(exercise.notReached.map(\.id))
    let failing = exercise.tests.filter { $0.status != .passed && !later.contains($0.id) }
    let laterLines = exercise.notReachedSummary.map { summary in
      [
        "    " + style.paint(ReportFormatting.padded("later", to: statusWidth), .dim) + "  "
          + "not reached yet: " + summary
      ]
    }
    guard !failing.isEmpty else { return lines + (laterLines ?? []) }
    let ids = failing.map { ReportFormatting.singleLine($0.id) }
    let idWidth = min(ids.map(\.count).max() ?? 0, 48)
    for (index, test) in failing.enumerated() {
      let reason = ReportFormatting.firstLine(of: test.message, limit: reasonLimit)
      let status = ReportFormatting.padded(test.status.rawValue, to: statusWidth)
      var line = "    " + style.paint(status, testColor(test.status)) + "  "
      line +=
        reason.isEmpty
        ? ids[index] : ReportFormatting.padded(ids[index], to: idWidth) + "  " + reason
      lines.append(line)
    }
    return lines + (laterLines ?? [])
  }

  // MARK: - Class summary

  private static func classSummary(_ reports: [GradeReport], style: Style) -> [String] {
    var exerciseIDs: [String] = []
    for report in reports {
      for exercise in report.exercises where !exerciseIDs.contains(exercise.id) {
        exerciseIDs.append(exercise.id)
      }
    }
    let headers = columnHeaders(exerciseIDs)
    var rows: [[String]] = [["learner"] + headers + ["total"]]
    for report in reports {
      var row = [ReportFormatting.singleLine(report.learner)]
      for id in exerciseIDs {
        row.append(report.exercises.first { $0.id == id }.map { "\($0.points)" } ?? "-")
      }
      row.append("\(report.points)/\(report.maximumPoints)")
      rows.append(row)
    }
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    var lines = [style.paint("class summary: \(reports.count) learners", .bold)]
    for (index, row) in rows.enumerated() {
      let cells = row.enumerated().map { column, cell in
        ReportFormatting.padded(cell, to: widths[column], leftAligned: column == 0)
      }
      let line = "  " + cells.joined(separator: "  ")
      lines.append(index == 0 ? style.paint(line, .bold) : line)
    }
    return lines
  }

  /// Short column headers: the `NN` before the first `-` of each id when those are all
  /// distinct, else the whole ids.
  private static func columnHeaders(_ ids: [String]) -> [String] {
    let prefixes = ids.map { id in
      ReportFormatting.singleLine(String(id.prefix { $0 != "-" }))
    }
    let usable = !prefixes.contains("") && Set(prefixes).count == prefixes.count
    return usable ? prefixes : ids.map { ReportFormatting.singleLine($0) }
  }

  // MARK: - Colors

  private static func scoreColor(_ points: Int, _ maximum: Int) -> Style.Color {
    if points >= maximum { return .green }
    return points > 0 ? .yellow : .red
  }

  private static func exerciseColor(_ status: ExerciseStatus) -> Style.Color {
    switch status {
    case .graded: .green
    case .compileError: .red
    case .missing: .yellow
    }
  }

  private static func testColor(_ status: TestStatus) -> Style.Color {
    switch status {
    case .passed: .green
    case .failed, .error, .crashed: .red
    case .timedOut: .yellow
    case .notRun: .dim
    }
  }
}

/// ANSI styling that is a no-op when disabled.
private struct Style {
  enum Color: String {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
  }

  var enabled: Bool

  func paint(_ text: String, _ color: Color) -> String {
    enabled ? "\u{1B}[\(color.rawValue)m" + text + "\u{1B}[0m" : text
  }
}
