import ExerciseModel
import Foundation

/// Feedback for one learner as a Markdown document, written to the learner.
///
/// The document has a title, the total score, a summary table of the exercises, then one section
/// per exercise: its notes, the likely misunderstanding when the failures match a decoy's (what
/// it is and which lesson step to reread), the tests that did not pass (status, message,
/// location, hint) up to the step the learner is on, the failing tests of later steps as "not
/// reached yet", and a single line naming the tests that passed. A compile error shows the compiler's message once
/// per exercise. Hidden tests are named "hidden test" and show only their name, status, points,
/// message (already filtered by the grader, shown as plain text) and hint, never a location.
///
/// All text from the model is escaped, so names, titles and messages cannot change the
/// document's structure; messages of visible tests are shown verbatim in fenced code blocks.
public enum MarkdownFeedback {
  /// Most passed tests listed by name; above this only their number is given.
  static let passedListLimit = 12

  /// Renders the feedback for `report` as Markdown ending in a newline.
  public static func render(_ report: GradeReport) -> String {
    var blocks: [String] = []
    blocks.append("# Feedback for " + MarkdownText.inline(report.learner))
    let percent = ReportFormatting.percent(report.points, of: report.maximumPoints)
    blocks.append(
      "**Total: \(report.points) of \(report.maximumPoints) points (\(percent) %).** "
        + overallWords(report))
    blocks.append(
      "Graded at " + ReportFormatting.timestamp(report.gradedAt)
        + (report.commit.map { ", as your repository stood at commit `\($0.prefix(12))`" } ?? "")
        + ".")
    if report.isHeldForReview {
      blocks.append(
        "**Held for review.** Some lines of your submission reach for things no solution needs "
          + "(files, processes, the program's arguments or symbols); your instructor reads them "
          + "before this grade counts.")
    }
    for note in report.gradingNotes {
      blocks.append("Note: " + MarkdownText.inline(note))
    }
    if report.exercises.isEmpty {
      blocks.append("There were no exercises to grade.")
    } else {
      blocks.append("## Summary")
      blocks.append(summaryTable(report.exercises))
      for exercise in report.exercises {
        blocks += section(exercise)
      }
    }
    blocks += earlierGrades(report.earlierGrades ?? [])
    return blocks.joined(separator: "\n\n") + "\n"
  }

  /// The last grade of each exercise this run did not grade, where a learner grades their own
  /// workspace one exercise at a time.
  private static func earlierGrades(_ grades: [GradeReport.EarlierGrade]) -> [String] {
    guard !grades.isEmpty else { return [] }
    var rows = [
      "| Exercise | Title | Points | Graded on | Feedback |",
      "| :-- | :-- | --: | :-- | :-- |",
    ]
    for grade in grades {
      rows.append(
        "| "
          + [
            MarkdownText.inline(grade.id), MarkdownText.inline(grade.title),
            "\(grade.points)/\(grade.maximumPoints)",
            MarkdownText.inline(String(grade.gradedAt.prefix(10))),
            grade.feedback.map { MarkdownText.code($0) } ?? "not kept",
          ].joined(separator: " | ") + " |")
    }
    return [
      "## Other exercises, as last graded",
      "This run graded only the exercises above; the others keep their last grade and feedback:",
      rows.joined(separator: "\n"),
    ]
  }

  // MARK: - Overview

  private static func overallWords(_ report: GradeReport) -> String {
    let maximum = report.maximumPoints
    if maximum == 0 { return "There was nothing to score yet." }
    if report.points >= maximum {
      // What full marks mean depends on what was handed in: code the tests pass, tests that
      // catch the mutants, or both.
      let suites = report.exercises.filter { $0.suite != nil || $0.rowsAreMutants }.count
      let code = report.exercises.filter { $0.tests.contains { $0.mutant == nil } }.count
      if suites == 0 { return "Every test passes: excellent work!" }
      if code == 0 { return "Your tests catch every mutant: excellent work!" }
      return "Your code passes every test and your tests catch every mutant: excellent work!"
    }
    let percent = ReportFormatting.percent(report.points, of: maximum)
    if percent >= 50 {
      return "Good progress! The sections below show what is left to do."
    }
    if report.points > 0 {
      return "A good start. The sections below show, exercise by exercise, what to do next."
    }
    return "No points yet, but each section below shows where to start. You can do this!"
  }

  private static func summaryTable(_ exercises: [GradedExercise]) -> String {
    var rows = [
      "| Exercise | Title | Points | Status |",
      "| :-- | :-- | --: | :-- |",
    ]
    for exercise in exercises {
      let cells = [
        MarkdownText.inline(exercise.id), MarkdownText.inline(exercise.title),
        "\(exercise.points)/\(exercise.maximumPoints)", statusPhrase(exercise),
      ]
      rows.append("| " + cells.joined(separator: " | ") + " |")
    }
    return rows.joined(separator: "\n")
  }

  /// How many of a suite's named mutants and generated bugs it catches: "12 of the 13 named
  /// mutants and 22 of the 26 generated bugs".
  static func caughtCounts(_ suite: SuiteReport) -> String {
    let named = suite.verdicts.filter(\.isCaught).count
    var counts = "\(named) of the \(suite.verdicts.count) named mutants"
    if !suite.generated.isEmpty {
      let generated = suite.generated.filter(\.isCaught).count
      counts += " and \(generated) of the \(suite.generated.count) generated bugs"
    }
    return counts
  }

  static func statusPhrase(_ exercise: GradedExercise) -> String {
    if case .graded = exercise.status, let suite = exercise.suite {
      // The learner's tests, graded by the named mutants and the generated bugs they catch
      // (the rows "Step N: every bug…" stand for the generated ones).
      let named = suite.verdicts.filter(\.isCaught).count
      let generated = suite.generated.filter(\.isCaught).count
      let mutants = suite.verdicts.count == 1 ? "mutant" : "mutants"
      var phrase = "\(named) of \(suite.verdicts.count) named \(mutants)"
      if !suite.generated.isEmpty {
        let bugs = suite.generated.count == 1 ? "bug" : "bugs"
        phrase += ", \(generated) of \(suite.generated.count) generated \(bugs)"
      }
      phrase += " caught"
      let tests = exercise.tests.filter { $0.mutant == nil }
      if !exercise.rowsAreMutants, !tests.isEmpty {
        phrase = "\(tests.passedCount) of \(tests.count) tests pass; " + phrase
      }
      return phrase
    }
    switch exercise.status {
    case .missing: return "not submitted"
    case .compileError: return "did not compile"
    case .graded where exercise.rowsAreMutants:
      return "\(exercise.passedCount) of \(exercise.tests.count) mutants caught"
    case .graded where exercise.tests.contains { $0.mutant != nil }:
      let tests = exercise.tests.filter { $0.mutant == nil }
      let mutants = exercise.tests.filter { $0.mutant != nil }
      return "\(tests.passedCount) of \(tests.count) tests pass; \(mutants.passedCount) of "
        + "\(mutants.count) mutants caught"
    case .graded:
      let count = exercise.tests.count
      if exercise.passedCount == count {
        switch count {
        case 0: return "no tests"
        case 1: return "the test passes"
        case 2: return "both tests pass"
        default: return "all \(count) tests pass"
        }
      }
      return "\(exercise.passedCount) of \(count) tests pass"
    }
  }

  // MARK: - One exercise

  private static func section(_ exercise: GradedExercise) -> [String] {
    var blocks = [
      "## " + MarkdownText.inline(exercise.id) + ": " + MarkdownText.inline(exercise.title)
    ]
    let score = "**\(exercise.points)/\(exercise.maximumPoints) points.**"
    switch exercise.status {
    case .missing:
      blocks.append(
        score + " This exercise is not in your submission yet, so it could not be graded.")
    case .compileError where exercise.rowsAreMutants:
      blocks.append(
        score + " Your tests did not compile, so they could not be tried against the feature's "
          + "\(exercise.tests.count) mutants. Start with the first error; the others often go "
          + "away with it.")
    case .compileError:
      let count = exercise.tests.count
      blocks.append(
        score + " Your code for this exercise did not compile, so its \(count) "
          + (count == 1 ? "test" : "tests")
          + " could not run. Start with the first error; the others often go away with it.")
    case .graded:
      let phrase = capitalizedFirst(statusPhrase(exercise)) + "."
      let allPass = exercise.passedCount == exercise.tests.count
      blocks.append(score + " " + phrase + (allPass ? " Well done!" : " Keep going!"))
    }
    if !exercise.notes.isEmpty {
      blocks.append(
        "Notes:\n\n" + exercise.notes.map { "- " + MarkdownText.inline($0) }.joined(separator: "\n")
      )
    }
    switch exercise.status {
    case .missing:
      return blocks
    case .compileError:
      blocks += compilerOutput(exercise)
      if !exercise.tests.isEmpty, !exercise.rowsAreMutants {
        blocks.append("Tests waiting to run: " + testList(exercise.tests) + ".")
      }
      return blocks
    case .graded:
      break
    }
    if let progress = StepProgress.summary(
      exercise.steps,
      otherFailures: exercise.tests.filter { $0.step == nil && $0.status != .passed }.count)
    {
      blocks.append("**Progress.** " + MarkdownText.paragraph(progress))
      // The lesson's own words for the next step, quoted as the lesson writes them.
      if let lesson = exercise.nextStepLesson {
        blocks.append(
          lesson.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n"))
      }
    }
    if let diagnosis = exercise.diagnosis {
      blocks.append("**Likely misunderstanding.** " + MarkdownText.paragraph(diagnosis.message))
    }
    for mutants in [false, true] {
      let rows = exercise.tests.filter { ($0.mutant != nil) == mutants }
      let passed = rows.filter { $0.status == .passed }
      guard !passed.isEmpty, passed.count < rows.count else { continue }
      if passed.count > passedListLimit {
        let caught =
          exercise.suite.map(Self.caughtCounts) ?? "\(passed.count) of the \(rows.count) mutants"
        blocks.append(mutants ? "Your tests catch \(caught)." : "Passed: \(passed.count) tests.")
      } else {
        blocks.append(
          (mutants ? "Your tests catch the mutants that get these wrong: " : "Passed: ")
            + testList(passed) + ".")
      }
    }
    let later = Set(exercise.notReached.map(\.id))
    for test in exercise.tests where test.status != .passed && !later.contains(test.id) {
      blocks += test.mutant != nil ? missedMutant(test) : failure(test)
    }
    if let summary = exercise.notReachedSummary {
      // The named mutants' behaviours; a step's row of generated bugs is counted, not named.
      let named = exercise.notReached.filter { !SuiteFeedback.isGeneratedRow($0) }
      blocks.append(
        exercise.rowsAreMutants
          ? "**Later steps.** Their mutants are not caught yet either: "
            + MarkdownText.inline(summary) + "."
            + (named.isEmpty ? "" : " A test should check that " + testList(named) + ".")
          : exercise.notReached.contains { $0.mutant != nil }
            ? "**Not reached yet.** Later steps are not done yet, and count against the score "
              + "until you get there: " + MarkdownText.inline(summary) + ". Failing: "
              + testList(exercise.notReached.filter { $0.mutant == nil }, or: "no test")
              + "; not caught: " + testList(exercise.notReached.filter { $0.mutant != nil })
              + "."
            : "**Not reached yet.** Tests of later steps fail for now, and count against the "
              + "score until you get there: " + MarkdownText.inline(summary) + ". They are: "
              + testList(exercise.notReached) + ".")
    }
    return blocks
  }

  /// The compiler's message, once: from a visible test as code, else (filtered) as plain text.
  private static func compilerOutput(_ exercise: GradedExercise) -> [String] {
    let withMessage = exercise.tests.filter { $0.message != nil }
    if let test = withMessage.first(where: \.isVisible), let message = test.message {
      return ["The compiler said:", MarkdownText.codeBlock(message)]
    }
    if let message = withMessage.first?.message {
      return ["The compiler said:", MarkdownText.paragraph(message)]
    }
    return []
  }

  private static func testList(_ tests: [TestResult], or none: String = "") -> String {
    if tests.isEmpty { return none }
    // A mutant is named by its behaviour, never shown: "hidden" would say nothing.
    return tests.map {
      MarkdownText.code($0.id) + ($0.isVisible || $0.mutant != nil ? "" : " (hidden)")
    }
    .joined(separator: ", ")
  }

  private static func failure(_ test: TestResult) -> [String] {
    let kind = test.isVisible ? "Test " : "Hidden test "
    var blocks = [
      "### " + kind + MarkdownText.code(test.id) + ": " + test.status.rawValue
        + " (\(test.points)/\(test.maximumPoints) points)"
    ]
    blocks.append(statusWords(test.status))
    if let message = test.message, !message.trimmingCharacters(in: .whitespaces).isEmpty {
      blocks.append(
        test.isVisible ? MarkdownText.codeBlock(message) : MarkdownText.paragraph(message))
    }
    if test.isVisible, let location = test.location {
      blocks.append("Location: " + MarkdownText.code(location))
    }
    if let hint = test.hint {
      blocks.append("Hint: " + MarkdownText.paragraph(hint, codeSpans: true))
    }
    return blocks
  }

  /// A mutant the learner's tests do not catch yet, named by the behaviour a test should check.
  private static func missedMutant(_ test: TestResult) -> [String] {
    var blocks = [
      "### Not caught yet: " + MarkdownText.inline(test.id)
        + " (\(test.points)/\(test.maximumPoints) points)"
    ]
    if let message = test.message, !message.trimmingCharacters(in: .whitespaces).isEmpty {
      blocks.append(MarkdownText.paragraph(message))
    }
    return blocks
  }

  private static func capitalizedFirst(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + text.dropFirst()
  }

  private static func statusWords(_ status: TestStatus) -> String {
    switch status {
    case .passed: "This test passes."
    case .failed: "This test ran, and an expectation was not met."
    case .error: "This test could not run."
    case .crashed: "The program stopped unexpectedly while this test ran."
    case .timedOut: "This test did not finish in time: look for a loop that never ends."
    case .notRun: "This test did not run."
    }
  }
}
