import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

/// `canvas.csv` and `moodle.csv`: the grades filled into each system's own export.
struct LMSGradebookTests {
  /// A report for `learner`: `01-hello` at `points` of 10, `02-optionals` at 5 of 5.
  func report(_ learner: String, _ points: Int) -> GradeReport {
    var hello = Fixtures.ada.exercises[0]
    hello.id = "01-hello"
    hello.tests = [
      TestResult(
        id: "Hello/greets()", isVisible: true, status: points == 10 ? .passed : .failed,
        message: nil, location: nil, points: points, maximumPoints: 10, hint: nil)
    ]
    var optionals = hello
    optionals.id = "02-optionals"
    optionals.tests = [
      TestResult(
        id: "Optionals/unwraps()", isVisible: true, status: .passed, message: nil,
        location: nil, points: 5, maximumPoints: 5, hint: nil)
    ]
    return GradeReport(
      learner: learner, submission: "/class/\(learner)", gradedAt: Fixtures.gradedAt,
      exercises: [hello, optionals])
  }

  /// Canvas's gradebook export, as downloaded: a byte-order mark, a quoted name with a comma,
  /// the "Points Possible" row, and a column of its own (a quiz) that goes nowhere.
  let canvasExport =
    "\u{FEFF}Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1 (801)\r\n"
    + "    Points Possible,,,,,10\r\n"
    + "\"Lovelace, Ada\",101,S-1,alovelace,Section A,9\r\n"
    + "\"Hopper, Grace\",102,S-2,ghopper,Section A,7\r\n"
    + "\"Turing, Alan\",103,S-3,aturing,Section B,8\r\n"

  @Test func canvasGetsItsIdentifyingColumnsAndOneAssignmentPerExercise() throws {
    let roster = try LMSGradebook.Roster(csv: canvasExport, system: .canvas)
    let csv = try LMSGradebook.render(
      [report("alovelace", 10), report("S-2", 4)], exerciseIDs: ["01-hello", "02-optionals"],
      roster: roster)
    #expect(
      csv
        == "Student,ID,SIS User ID,SIS Login ID,Section,Workshop: 01-hello,Workshop: 02-optionals\r\n"
        + "Points Possible,,,,,10,5\r\n"
        + "\"Lovelace, Ada\",101,S-1,alovelace,Section A,10,5\r\n"
        + "\"Hopper, Grace\",102,S-2,ghopper,Section A,4,5\r\n"
        // No hand-in from Alan: empty cells, which Canvas leaves as they are.
        + "\"Turing, Alan\",103,S-3,aturing,Section B,,\r\n")
  }

  /// Moodle's grading worksheet, as downloaded.
  let moodleWorksheet =
    "Identifier,\"Full name\",\"Email address\",Status,Grade,\"Maximum Grade\",\"Grade can be changed\",\"Last modified (submission)\",\"Last modified (grade)\",\"Feedback comments\"\n"
    + "\"Participant 7\",\"Ada Lovelace\",ada@uni.example,\"Submitted for grading\",,100.00,Yes,\"Monday, 1 December 2026, 10:00 AM\",-,\n"
    + "\"Participant 8\",\"Grace Hopper\",grace@uni.example,\"No submission\",,100.00,Yes,-,-,\n"

  @Test func moodleGetsItsWorksheetBackWithTheGradeFilledIn() throws {
    let roster = try LMSGradebook.Roster(csv: moodleWorksheet, system: .moodle)
    let csv = try LMSGradebook.render(
      [report("ada", 6)], exerciseIDs: ["01-hello", "02-optionals"], roster: roster)
    let lines = csv.split(separator: "\r\n").map(String.init)
    #expect(lines.count == 3)
    #expect(
      lines[0]
        == "Identifier,Full name,Email address,Status,Grade,Maximum Grade,Grade can be changed,"
        + "Last modified (submission),Last modified (grade),Feedback comments")
    // Ada (matched by her email's local part): 6 + 5 points; Grace: no hand-in, left empty.
    #expect(
      lines[1]
        == "Participant 7,Ada Lovelace,ada@uni.example,Submitted for grading,11,100.00,Yes,"
        + "\"Monday, 1 December 2026, 10:00 AM\",-,")
    #expect(
      lines[2] == "Participant 8,Grace Hopper,grace@uni.example,No submission,,100.00,Yes,-,-,")
    // The participant number alone, and the full name, match too.
    #expect(
      try LMSGradebook.match(["8", "ada lovelace"], in: roster) == ["8": 1, "ada lovelace": 0])
  }

  @Test func aLearnerTheRosterDoesNotNameOnceStopsTheGradebook() throws {
    let roster = try LMSGradebook.Roster(csv: canvasExport, system: .canvas)
    #expect {
      try LMSGradebook.match(["alovelace", "nobody"], in: roster)
    } throws: { "\($0)".contains("nobody matches no learner of the roster") }
    #expect {
      try LMSGradebook.match(["alovelace", "S-1"], in: roster)
    } throws: { "\($0)".contains("S-1 and alovelace both match the roster's row of alovelace") }
    let twice = canvasExport + "\"Lovelace, Ada\",104,S-4,alovelace,Section C,\r\n"
    #expect {
      try LMSGradebook.match(
        ["alovelace"], in: try LMSGradebook.Roster(csv: twice, system: .canvas))
    } throws: { "\($0)".contains("alovelace matches 2 rows of the roster") }
  }

  @Test func anExportWithoutItsColumnsSaysWhatToGive() {
    #expect {
      try LMSGradebook.Roster(csv: "Name,Grade\nAda,1\n", system: .canvas)
    } throws: { "\($0)".contains("no Student, ID, SIS User ID, SIS Login ID, Section column") }
    #expect {
      try LMSGradebook.Roster(csv: "Name,Grade\nAda,1\n", system: .moodle)
    } throws: { "\($0)".contains("Download grading worksheet") }
  }

  @Test func aHeldGradeIsLeftEmpty() throws {
    var held = report("alovelace", 10)
    held.exercises[0].review = [
      ReviewFlag(file: "Hello.swift", line: 3, reason: "process exit", code: "exit(0)")
    ]
    let roster = try LMSGradebook.Roster(csv: canvasExport, system: .canvas)
    let csv = try LMSGradebook.render([held], exerciseIDs: ["01-hello"], roster: roster)
    #expect(csv.contains("\"Lovelace, Ada\",101,S-1,alovelace,Section A,\r\n"))
  }
}
