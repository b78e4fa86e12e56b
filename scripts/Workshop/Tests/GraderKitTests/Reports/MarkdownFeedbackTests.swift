import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

struct MarkdownFeedbackTests {
  @Test func hiddenTestsShowNoLocationAndNoCode() {
    let markdown = MarkdownFeedback.render(Fixtures.dave)
    #expect(!markdown.contains("SecretTests.swift"))
    #expect(markdown.contains("### Hidden test `Hello/secret()`: failed (0/1 points)"))
    #expect(markdown.contains("\n\nThe greeting should end with \"\\!\".\n\n"))
    #expect(markdown.contains("Hint: Read the task again."))
    // The visible test keeps its location and its message verbatim in a code block.
    #expect(markdown.contains("Location: `Hello.swift:12`"))
    #expect(
      markdown.contains(
        "```\nExpected <&> \"quoted\" 'single' | piped\nsecond line bell\n```"))
    #expect(!markdown.contains("\u{07}"))
  }

  @Test func progressLeadsWithTheLessonsWordsAndEachTestCarriesItsStepInJUnit() throws {
    var report = Fixtures.dave
    report.exercises[0].steps = [
      StepProgress(number: 1, title: "Step 1: greet", passed: 1, total: 1, started: true),
      StepProgress(number: 2, title: "Step 2: commas", passed: 0, total: 1, started: false),
    ]
    report.exercises[0].tests[0].steps = [2]
    report.exercises[0].nextStepLesson = "**Commas** go between words.\n\nThen a `!`."
    let markdown = MarkdownFeedback.render(report)
    #expect(
      markdown.contains(
        "**Progress.** Step 1 passes; next: Step 2: commas.\n\n"
          + "> **Commas** go between words.\n>\n> Then a `!`."))
    let junit = JUnitReport.render([report])
    #expect(junit.contains(#"<property name="step" value="2"/>"#))
    let json = try JSONResults.render(report)
    #expect(json.contains(#""next_step_lesson" : "**Commas** go between words."#))
  }

  @Test func failuresOfLaterStepsAreListedAsNotReachedYet() {
    var report = Fixtures.dave
    // Hello/named() (step 1) passes; Hello/greets() is step 2, the next; Hello/secret() step 3.
    report.exercises[0].tests[0].steps = [2]
    report.exercises[0].tests[1].steps = [3]
    report.exercises[0].tests[2].steps = [1]
    report.exercises[0].steps = StepProgress.steps(
      titles: ["Step 1: name", "Step 2: commas", "Step 3: bang"],
      tests: report.exercises[0].tests, started: [1, 2])
    let markdown = MarkdownFeedback.render(report)
    #expect(markdown.contains("### Test `Hello/greets()`: failed"))
    #expect(!markdown.contains("### Hidden test `Hello/secret()`"))
    #expect(
      markdown.contains(
        "**Not reached yet.** Tests of later steps fail for now, and count against the score "
          + "until you get there: Step 3: 1 test. They are: `Hello/secret()` (hidden)."))
    let terminal = TerminalTable.render([report], color: false)
    #expect(terminal.contains("    later      not reached yet: Step 3: 1 test\n"), "\(terminal)")
    #expect(!terminal.contains("Hello/secret()"))
  }

  /// A row of a learner's suite: a mutant of `step`, caught or not.
  static func mutantRow(_ behaviour: String, step: Int, caught: Bool) -> TestResult {
    var row = TestResult(
      id: behaviour, isVisible: true, status: caught ? .passed : .failed,
      message: caught ? nil : "Every one of your tests passes against it.", location: nil,
      points: caught ? 2 : 0, maximumPoints: 2, hint: nil, steps: [step])
    row.mutant = "step-\(step)-mutant"
    return row
  }

  static func suite(_ rows: [TestResult]) -> GradedExercise {
    var exercise = GradedExercise(
      id: "13-testing-a-feature", title: "Testing a feature", status: .graded, notes: [],
      tests: rows)
    exercise.writesTests = true
    return exercise
  }

  /// Full marks read as what was handed in: code that passes, tests that catch, or both.
  @Test func fullMarksSayWhatWasDone() {
    let allCaught = Self.suite([
      Self.mutantRow("the welcome appears at 10 seconds", step: 1, caught: true)
    ])
    func words(_ exercises: [GradedExercise]) -> String {
      MarkdownFeedback.render(
        GradeReport(
          learner: "Ada", submission: "/submissions/Ada", gradedAt: Fixtures.gradedAt,
          exercises: exercises))
    }
    #expect(words([Fixtures.hello()]).contains("Every test passes: excellent work!"))
    let suiteOnly = words([allCaught])
    #expect(suiteOnly.contains("Your tests catch every mutant: excellent work!"))
    #expect(!suiteOnly.contains("Every test passes"))
    #expect(
      words([Fixtures.hello(), allCaught]).contains(
        "Your code passes every test and your tests catch every mutant: excellent work!"))
  }

  /// A suite's status counts the named mutants and the generated bugs apart, as
  /// `scripts/learn` does, never the rows of the table.
  @Test func aSuitesStatusCountsNamedMutantsAndGeneratedBugsApart() throws {
    var exercise = Self.suite([
      Self.mutantRow("the welcome appears at 10 seconds", step: 1, caught: true),
      Self.mutantRow("the timer counts 1, 2, 3", step: 2, caught: false),
    ])
    exercise.suite = SuiteReport(
      tests: ["WelcomeTests/welcome()"], wrongTests: [], realTime: [],
      verdicts: [
        .init(
          mutant: ManifestMutant(name: "a", behaviour: "a", step: 1, points: 2),
          caughtBy: "WelcomeTests/welcome()"),
        .init(mutant: ManifestMutant(name: "b", behaviour: "b", step: 2, points: 2), caughtBy: nil),
      ],
      generated: (1...3).map {
        .init(id: "g\($0)", step: 1, behaviour: "the welcome", isCaught: $0 != 3)
      })
    #expect(
      MarkdownFeedback.statusPhrase(exercise)
        == "1 of 2 named mutants, 2 of 3 generated bugs caught")
    #expect(
      MarkdownFeedback.caughtCounts(try #require(exercise.suite))
        == "1 of the 2 named mutants and 2 of the 3 generated bugs")
  }

  /// A suite's later steps may be written already: their misses are not called unreached.
  @Test func laterStepsOfASuiteAreNotCalledUnreached() {
    var exercise = Self.suite([
      Self.mutantRow("the welcome appears at 10 seconds", step: 1, caught: true),
      Self.mutantRow("the timer counts 1, 2, 3", step: 2, caught: false),
      Self.mutantRow("the notes take their ids from uuid", step: 3, caught: false),
    ])
    exercise.steps = StepProgress.steps(
      titles: ["Step 1: welcome", "Step 2: timer", "Step 3: notes"], tests: exercise.tests,
      started: [1, 2, 3])
    let markdown = MarkdownFeedback.render(
      GradeReport(
        learner: "Ada", submission: "/submissions/Ada", gradedAt: Fixtures.gradedAt,
        exercises: [exercise]))
    #expect(!markdown.contains("Not reached yet"), "\(markdown)")
    #expect(markdown.contains("**Later steps.** Their mutants are not caught yet either: Step 3"))
  }

  /// A later step's row of generated bugs is counted as the bugs it stands for, and is no
  /// behaviour a test should check.
  @Test func laterStepsCountTheirGeneratedBugs() throws {
    var generatedRow = Self.mutantRow(
      "Step 2: every bug a complete suite catches", step: 2, caught: false)
    generatedRow.mutant = SuiteFeedback.generatedRowMutant(step: 2)
    var exercise = Self.suite([
      Self.mutantRow("the welcome appears at 10 seconds", step: 1, caught: false),
      Self.mutantRow("the timer counts 1, 2, 3", step: 2, caught: false),
      generatedRow,
    ])
    exercise.suite = SuiteReport(
      tests: [], wrongTests: [], realTime: [], verdicts: [],
      generated: (1...10).map {
        .init(id: "g\($0)", step: 2, behaviour: "the timer", isCaught: $0 == 10)
      })
    exercise.steps = StepProgress.steps(
      titles: ["Step 1: welcome", "Step 2: timer"], tests: exercise.tests, started: [])
    #expect(exercise.notReachedSummary == "Step 2: 1 named mutant and 9 generated bugs")
    let markdown = MarkdownFeedback.render(
      GradeReport(
        learner: "Ada", submission: "/submissions/Ada", gradedAt: Fixtures.gradedAt,
        exercises: [exercise]))
    #expect(
      markdown.contains(
        "Step 2: 1 named mutant and 9 generated bugs. A test should check that "
          + "`the timer counts 1, 2, 3`."), "\(markdown)")
  }

  @Test func compileErrorShownOncePerExercise() {
    let markdown = MarkdownFeedback.render(Fixtures.bob)
    #expect(markdown.components(separatedBy: "cannot find 'x' in scope").count == 2)
    #expect(markdown.contains("did not compile, so its 2 tests could not run"))
    #expect(
      markdown.contains(
        "Tests waiting to run: `Optionals/unwraps()`, `Optionals/hidden()` (hidden)."))
    #expect(
      markdown.contains("- Sources/Optionals/Link.swift is a symbolic link; it was not used."))
  }

  @Test func summaryTableEscapesCells() {
    let markdown = MarkdownFeedback.render(Fixtures.dave)
    #expect(
      markdown.contains("| 02-optionals | Optionals \\| Unwrapping | 0/5 | 0 of 2 tests pass |"))
    var report = Fixtures.ada
    report.exercises[0].title = "Line one\nline | two"
    let rows = MarkdownFeedback.render(report).split(separator: "\n").filter {
      $0.hasPrefix("| 01")
    }
    #expect(rows == ["| 01-hello | Line one line \\| two | 5/5 | both tests pass |"])
  }

  @Test func fullMarksAndMissing() {
    let ada = MarkdownFeedback.render(Fixtures.ada)
    #expect(ada.hasPrefix("# Feedback for Ada Lovelace\n\n**Total: 10 of 10 points (100 %).**"))
    #expect(ada.contains("Graded at 2025-06-15T15:06:40Z."))
    #expect(!ada.contains("###"))
    let carol = MarkdownFeedback.render(Fixtures.carol)
    #expect(carol.contains("| 02-optionals | Optionals \\| Unwrapping | 0/5 | not submitted |"))
    #expect(carol.contains("not in your submission yet"))
  }

  @Test func passedTestsOnOneLine() {
    let markdown = MarkdownFeedback.render(Fixtures.dave)
    #expect(markdown.contains("\nPassed: `Hello/named()`.\n"))
  }

  @Test func escapingHelpers() {
    #expect(
      MarkdownText.inline("# a*b_c <d> [e](f) | `g` $h")
        == "\\# a\\*b\\_c \\<d\\> \\[e\\](f) \\| \\`g\\` \\$h")
    #expect(
      MarkdownText.paragraph("1. one\n- two\n\n\n=three") == "1\\. one\\\n\\- two\n\n\\=three")
    #expect(MarkdownText.codeBlock("a ``` b") == "````\na ``` b\n````")
    #expect(MarkdownText.code("`x`") == "`` `x` ``")
  }

  /// A hint's code spans show as code, escaped once; the rest is escaped as plain text.
  @Test func hintsKeepTheirCodeSpans() {
    #expect(
      MarkdownText.paragraph(
        #"Use `id: uuid()` from `@Dependency(\.uuid)`, *not* UUID()."#, codeSpans: true)
        == #"Use `id: uuid()` from `@Dependency(\.uuid)`, \*not\* UUID()."#)
    #expect(
      MarkdownText.paragraph("a `` b ` c `` and `open", codeSpans: true)
        == "a `` b ` c `` and \\`open")
    var report = Fixtures.dave
    report.exercises[0].tests[0].status = .failed
    report.exercises[0].tests[0].hint = #"Read the id from `@Dependency(\.uuid)`."#
    #expect(
      MarkdownFeedback.render(report).contains(#"Hint: Read the id from `@Dependency(\.uuid)`."#))
  }

  @Test func theLikelyMisunderstandingComesBeforeTheFailures() {
    var report = Fixtures.dave
    report.exercises[0].diagnosis = Diagnosis(
      exerciseID: "01-hello", decoy: "no-comma", match: .exact,
      misunderstanding: "Thinks *commas* are optional.", lessonStep: "Step 2: commas")
    let markdown = MarkdownFeedback.render(report)
    let expected =
      "**Likely misunderstanding.** Your code fails exactly the tests that catch this "
      + "misunderstanding: Thinks \\*commas\\* are optional. Reread \u{201C}Step 2: commas\u{201D} "
      + "in the lesson, Exercises/01-hello/README.md."
    #expect(markdown.contains(expected), "\(markdown)")
    let diagnosis = markdown.range(of: "**Likely misunderstanding.**")?.lowerBound
    let firstFailure = markdown.range(of: "### Test `Hello/greets()`")?.lowerBound
    #expect(diagnosis != nil && firstFailure != nil && diagnosis! < firstFailure!)
    #expect(!MarkdownFeedback.render(Fixtures.dave).contains("Likely misunderstanding"))
  }

  @Test func deterministic() {
    for report in Fixtures.all {
      #expect(MarkdownFeedback.render(report) == MarkdownFeedback.render(report))
    }
  }
}
