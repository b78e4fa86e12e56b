import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

struct TerminalTableTests {
  @Test func fullMarksLearner() {
    let expected = """
      Ada Lovelace  graded 2025-06-15T15:06:40Z
        01-hello      Hello, World!           5/5  2/2 tests
        02-optionals  Optionals | Unwrapping  5/5  1/1 tests
        total: 10/10 points (100 %)

      """
    #expect(TerminalTable.render([Fixtures.ada], color: false) == expected)
  }

  @Test func failingTestsGetOneLineEach() {
    let expected = """
      Dave  graded 2025-06-15T15:06:40Z
        01-hello      Hello, World!           2/5  1/3 tests
          failed     Hello/greets()  Expected <&> "quoted" 'single' | piped
          failed     Hello/secret()  The greeting should end with "!".
        02-optionals  Optionals | Unwrapping  0/5  0/2 tests
          crashed    Optionals/unwraps()  The test process stopped with signal 4 (SIGILL).
          timed out  Optionals/loops()
        total: 2/10 points (20 %)

      """
    #expect(TerminalTable.render([Fixtures.dave], color: false) == expected)
  }

  @Test func theLikelyMisunderstandingIsWrappedAboveTheFailures() {
    var report = Fixtures.dave
    report.exercises[0].diagnosis = Diagnosis(
      exerciseID: "01-hello", decoy: "no-comma", match: .exact,
      misunderstanding: "Thinks the comma after the greeting is optional, so greets() fails.",
      lessonStep: "Step 2: commas")
    let expected = """
        01-hello      Hello, World!           2/5  1/3 tests
          likely     Thinks the comma after the greeting is optional, so greets() fails. Reread \u{201C}Step 2:
                     commas\u{201D} in the lesson, Exercises/01-hello/README.md. If you have not written that
                     part yet, finish it first: this is a likely cause, not a verdict.
          failed     Hello/greets()  Expected <&> "quoted" 'single' | piped
      """
    let output = TerminalTable.render([report], color: false)
    #expect(output.contains(expected), "\(output)")
    #expect(output.split(separator: "\n").allSatisfy { $0.count <= TerminalTable.lineWidth })
  }

  @Test func theProgressThroughTheStepsComesFirst() {
    var report = Fixtures.dave
    report.exercises[0].steps = [
      StepProgress(number: 1, title: "Step 1: greet", passed: 1, total: 1, started: true),
      StepProgress(number: 2, title: "Step 2: commas", passed: 0, total: 1, started: true),
    ]
    let output = TerminalTable.render([report], color: false)
    #expect(
      output.contains(
        """
          01-hello      Hello, World!           2/5  1/3 tests
            steps      Step 1 passes; next: Step 2: commas.
            failed     Hello/greets()
        """), "\(output)")
  }

  @Test func compileErrorShowsFirstCompilerErrorOnce() {
    let output = TerminalTable.render([Fixtures.bob], color: false)
    let lines = output.split(separator: "\n")
    #expect(
      lines.contains { $0.hasSuffix("Optionals | Unwrapping  0/5  0/2 tests  compile error") })
    let errorLines = lines.filter { $0.contains("cannot find 'x' in scope") }
    #expect(errorLines.count == 1)
    #expect(errorLines.first?.contains("Opt.swift:3:5: error: cannot find 'x' in scope") == true)
    #expect(!output.contains("/home/grader"))
    #expect(output.contains("note       Sources/Optionals/Link.swift is a symbolic link"))
  }

  @Test func missingExercise() {
    let output = TerminalTable.render([Fixtures.carol], color: false)
    #expect(output.contains("Optionals | Unwrapping  0/5  0/1 tests  missing\n"))
    #expect(output.contains("total: 5/10 points (50 %)"))
  }

  @Test func noColorHasNoEscapeOrControlCharacters() {
    let output = TerminalTable.render(Fixtures.all, color: false)
    #expect(!output.contains("\u{1B}"))
    #expect(
      !output.unicodeScalars.contains { $0 != "\n" && $0.properties.generalCategory == .control })
  }

  @Test func colorOnlyAddsEscapeCodes() throws {
    let colored = TerminalTable.render(Fixtures.all, color: true)
    #expect(colored.contains("\u{1B}[31mfailed   "))
    #expect(colored.contains("\u{1B}[32m5/5\u{1B}[0m"))
    let ansi = try Regex("\u{1B}\\[[0-9;]*m")
    #expect(colored.replacing(ansi, with: "") == TerminalTable.render(Fixtures.all, color: false))
  }

  @Test func columnsAlignWithNonASCIINames() throws {
    let output = TerminalTable.render(Fixtures.all, color: false)
    let blocks = output.components(separatedBy: "\n\n")
    #expect(blocks.count == Fixtures.all.count + 1)

    let summary = try #require(blocks.last).split(separator: "\n").dropFirst()
    #expect(summary.count == Fixtures.all.count + 1)
    #expect(Set(summary.map(\.count)).count == 1)
    let zoe = try #require(summary.first { $0.contains("Zoe\u{301}") })
    let ada = try #require(summary.first { $0.contains("Ada") })
    #expect(zoe.utf8.count > ada.utf8.count)
    #expect(zoe.hasSuffix("   -    5/5"))

    for block in blocks.dropLast() {
      let rows = block.split(separator: "\n").filter { $0.hasPrefix("  0") }.map {
        $0.replacing("  compile error", with: "").replacing("  missing", with: "")
      }
      #expect(!rows.isEmpty)
      #expect(Set(rows.map(\.count)).count == 1, "\(rows)")
    }
  }

  @Test func longTitlesAreTruncatedToFit() {
    var exercise = Fixtures.hello()
    exercise.title = String(repeating: "Ünïcödé title ", count: 12)
    let report = GradeReport(
      learner: "Ïda", submission: "/s", gradedAt: Fixtures.gradedAt, exercises: [exercise])
    let output = TerminalTable.render([report], color: false)
    let row = output.split(separator: "\n")[1]
    #expect(row.count <= 100)
    #expect(row.contains("… "))
  }

  @Test func emptyInput() {
    #expect(TerminalTable.render([], color: true) == "No submissions were graded.\n")
  }

  @Test func deterministic() {
    for color in [false, true] {
      #expect(
        TerminalTable.render(Fixtures.all, color: color)
          == TerminalTable.render(Fixtures.all, color: color))
    }
  }
}
