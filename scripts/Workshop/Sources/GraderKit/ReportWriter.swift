import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `scripts/grade` leaves after a run: the table on standard output, and the chosen
/// report files (feedback.md, results.json, junit.xml, gradebook.csv, report.html) in the
/// output folder.
struct ReportWriter {
  /// The report files to write.
  var formats: Set<GradeCommand.Format>
  /// False with `--no-color`; the table has colors only on a terminal without NO_COLOR.
  var color: Bool
  /// Who sees a hidden test's entry in `gradescope.json`.
  var gradescopeHidden = GradescopeResults.Visibility.afterPublished
  /// Learning systems' exports to fill in with the grades (`canvas.csv`, `moodle.csv`).
  var rosters: [LMSGradebook.Roster] = []

  /// Prints the table and writes the report files (and `extra` files); returns the exit status
  /// (1 when a report could not be written).
  func present(
    _ reports: [GradeReport], exerciseIDs: [String], classNotes: [String], output: URL,
    extra: [(path: String, contents: Data)]
  ) throws -> Int32 {
    let useColor =
      color && isatty(STDOUT_FILENO) == 1
      && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    for note in classNotes { print("note: " + note) }
    print(TerminalTable.render(reports, color: useColor), terminator: "")
    let files = try self.files(reports, exerciseIDs: exerciseIDs) + extra
    guard !files.isEmpty else { return 0 }
    let outcome = try ReportFolder(output).write(files)
    if !outcome.written.isEmpty { print("reports: \(output.path)") }
    for problem in outcome.problems { printError("grade: \(problem)") }
    return outcome.problems.isEmpty ? 0 : 1
  }

  /// The chosen report files, by path relative to the output folder.
  func files(_ reports: [GradeReport], exerciseIDs: [String]) throws -> [(
    path: String, contents: Data
  )] {
    var files: [(path: String, contents: Data)] = []
    let folders = LearnerFolderName.folders(for: reports.map(\.learner))
    for (report, folder) in zip(reports, folders) {
      if formats.contains(.markdown) {
        files.append(("\(folder)/feedback.md", Data(MarkdownFeedback.render(report).utf8)))
      }
      if formats.contains(.json) {
        files.append(("\(folder)/results.json", Data(try JSONResults.render(report).utf8)))
      }
      if formats.contains(.gradescope) {
        files.append(
          (
            "\(folder)/gradescope.json",
            Data(try GradescopeResults.render(report, hiddenTests: gradescopeHidden).utf8)
          ))
      }
    }
    if formats.contains(.junit) {
      files.append(("junit.xml", Data(JUnitReport.render(reports).utf8)))
    }
    if formats.contains(.csv) {
      files.append(
        ("gradebook.csv", Data(Gradebook.csv(reports, exerciseIDs: exerciseIDs).utf8)))
    }
    if formats.contains(.html) {
      files.append(("report.html", Data(HTMLReport.render(reports).utf8)))
    }
    for roster in rosters {
      files.append(
        (
          roster.system.fileName,
          Data(try LMSGradebook.render(reports, exerciseIDs: exerciseIDs, roster: roster).utf8)
        ))
    }
    return files
  }
}
