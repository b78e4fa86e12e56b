import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

/// When the sandbox cannot be set up, the grader says so once in the terminal and in every
/// report; lines flagged for review appear in the instructor's reports, not the learner's.
@Suite struct GradingNotesTests {
  static let note = "Graded without a sandbox: bwrap: `bwrap` was not found."

  var unsandboxed: [GradeReport] {
    [Fixtures.ada, Fixtures.bob].map { report in
      var report = report
      report.sandboxed = false
      report.gradingNotes = [Self.note]
      return report
    }
  }

  @Test func theNoteIsInEveryReportAndOnceInTheTerminal() throws {
    let reports = unsandboxed
    let table = TerminalTable.render(reports, color: false)
    #expect(table.components(separatedBy: "Graded without a sandbox").count == 2, "\(table)")
    #expect(table.hasPrefix("note: Graded without a sandbox"))
    for report in reports {
      #expect(MarkdownFeedback.render(report).contains("Note: Graded without a sandbox"))
      let json = try JSONResults.render(report)
      #expect(json.contains(#""grading_notes" : ["#) && json.contains(#""sandboxed" : false"#))
    }
    let junit = JUnitReport.render(reports)
    #expect(junit.contains(#"<property name="grading_note" value="Graded without a sandbox"#))
    #expect(junit.contains(#"<property name="sandboxed" value="false"/>"#))
    let csv = Gradebook.csv(reports, exerciseIDs: ["01-hello", "02-optionals"])
    #expect(csv.split(separator: "\r\n").dropFirst().allSatisfy { $0.hasSuffix(",no") })
  }

  @Test func reviewFlagsReachTheInstructorsReportsOnly() throws {
    var report = Fixtures.bob
    report.exercises[0].review = [
      ReviewFlag(
        file: "Forge.swift", line: 12, reason: "command-line arguments",
        code: "let arguments = CommandLine.arguments")
    ]
    let json = try JSONResults.render(report)
    #expect(json.contains(#""reason" : "command-line arguments""#))
    #expect(json.contains(#""line" : 12"#))
    let table = TerminalTable.render([report], color: false)
    #expect(
      table.contains(
        "review     Forge.swift:12 (command-line arguments): let arguments = CommandLine.arguments"
      ), "\(table)")
    #expect(Gradebook.csv([report], exerciseIDs: ["01-hello"]).contains("Forge.swift:12"))
    #expect(!MarkdownFeedback.render(report).contains("Forge.swift:12"))
  }
}
