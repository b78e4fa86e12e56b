import Foundation

/// The learner tool's text: one exercise's focused result (the lowest failing step only, with
/// its failures and the lesson's words for it), and the list of every exercise.
///
/// The same text serves watch mode (redrawn after every run) and `scripts/learn check`.
public enum LearnerScreen {
  /// The focused result of `report`.
  ///
  /// A compile error comes first, before anything else: the compiler's messages, the learner's
  /// files first, and the line of code the first one points at. Otherwise: the exercise, the
  /// course's progress bar, one mark per step, then the lowest failing step alone.
  public static func focused(
    _ report: ExerciseReport, course: CourseProgress?, style: Style
  ) -> [String] {
    var lines: [String] = []
    if case .compileError(let errors) = report.result {
      lines += errors.map { style.red($0) }
      lines += report.sourceExcerpt.map { style.dim($0) }
      lines.append(
        style.red("✘") + " \(report.id) does not compile: fix the first error above, then save.")
      lines.append("")
    }
    lines.append(style.bold("\(report.id) · \(report.title)"))
    if let course { lines.append("Course  " + course.bar(style: style)) }
    if report.compiles, !report.lines.isEmpty {
      lines.append("Steps   " + stepMarks(report, style))
      if report.judgedByMutants, report.stepStatuses.contains(where: { $0.passed == nil }) {
        lines.append(
          style.dim(
            report.mutantLines.isEmpty
              ? "        – not judged yet: your tests meet the lesson's mutants once every test passes"
              : "        – no lesson mutant: "
                + (report.inLearnerEdition
                  ? "your instructor's grade judges this step's tests"
                  : "scripts/grade -e \(report.id) judges this step's tests")
          ))
      }
    }
    lines.append("")

    switch report.result {
    case .compileError:
      return lines
    case .failedToStart(let problem):
      lines.append(style.red("✘") + " The tests could not start. " + problem)
      return lines
    case .tested(let tested):
      if tested.isEmpty {
        lines.append(
          "No visible tests were found in Exercises/\(report.id)/Tests: run "
            + "`scripts/learn reset \(report.id)` to get them back (your files are backed up first)."
        )
        return lines
      }
    }
    guard let focus = report.focus else {
      lines.append(allPass(report, style: style))
      return lines
    }
    let title = focus.titles.joined(separator: " · ")
    // A test that checks nothing passes under `swift test`: it is not said to fail.
    let empty = focus.failing.filter { report.checkingNothing.contains($0.test.key) }.count
    let verb =
      empty == 0
      ? "fail" : empty == focus.failing.count ? "check nothing yet" : "fail or check nothing yet"
    let count =
      focus.failing.count == focus.total
      ? (focus.total == 1
        ? (empty == 1 ? "its test checks nothing yet" : "its test fails")
        : "all \(focus.total) tests \(verb)")
      : "\(focus.failing.count) of \(focus.total) tests \(verb)"
    lines.append(style.red("✘ ") + style.bold(title) + " — \(count)")
    for line in focus.failing {
      lines.append("")
      lines += failure(line, style: style)
      if report.featureIsGiven, !line.test.key.hasPrefix("mutant "),
        !report.checkingNothing.contains(line.test.key)
      {
        let atFault = "Your test fails against the correct feature: the test is at fault."
        lines.append(
          "      " + style.yellow(atFault)
            + " Grading counts it as a wrong test, which catches nothing.")
      }
    }
    let words = focus.steps.compactMap { step in report.lesson.text(of: step).map { (step, $0) } }
    if !words.isEmpty {
      lines.append("")
      let which = focus.steps.count == 1 ? "Step \(focus.steps[0])" : "These steps"
      lines.append(
        style.bold("\(which) in the lesson") + style.dim(" (Exercises/\(report.id)/README.md):"))
      for (step, text) in words {
        let paragraph = text.split(separator: "\n", omittingEmptySubsequences: false)
        let marker = focus.steps.count > 1 ? "\(step). " : ""
        for (index, row) in paragraph.enumerated() {
          let prefix = index == 0 ? marker : String(repeating: " ", count: marker.count)
          lines.append(row.isEmpty ? "" : "  " + prefix + row)
        }
      }
    }
    for line in report.crashesElsewhere {
      let step = line.test.steps.first.map { "Step \($0)" } ?? (line.test.suite ?? "a test")
      lines.append("")
      lines.append(
        style.yellow("Also:") + " \(line.test.name) (\(step)) \(line.outcome.status.rawValue): "
          + (line.outcome.printed?.quoted(hidingTestLocations: false)
            ?? line.outcome.explanation ?? ""))
    }
    return lines
  }

  /// The line when nothing fails. Where the learner writes tests, it says what judged them:
  /// the lesson's mutants caught, and how many more count only in grading.
  static func allPass(_ report: ExerciseReport, style: Style) -> String {
    let mutants = report.mutantLines.count
    guard report.judgedByMutants, mutants > 0 else {
      let judged =
        report.judgedByMutants && report.inLearnerEdition
        ? " Your own tests are judged when your instructor grades: the mutants they must "
          + "catch are not in this edition." : ""
      let count = report.lines.count
      return style.green("✔") + " Every visible test of \(report.id) passes "
        + "(\(count) test\(count == 1 ? "" : "s")).\(judged)"
    }
    let tests = report.lines.count - mutants
    let steps = Array(Set(report.mutantLines.flatMap(\.test.steps))).sorted()
    let stepWords =
      steps.isEmpty
      ? ""
      : " (step\(steps.count == 1 ? "" : "s") \(steps.map(String.init).joined(separator: ", ")))"
    let more = report.gradedMutantCount - mutants
    let bugs = report.generatedBugCount
    let counted = [
      more > 0 ? "\(more) more named mutant\(more == 1 ? "" : "s")" : nil,
      bugs > 0 ? "\(bugs) generated bug\(bugs == 1 ? "" : "s")" : nil,
    ].compactMap(\.self)
    let grading =
      report.inLearnerEdition
      ? "; more count when your instructor grades"
      : counted.isEmpty
        ? ""
        : "; \(counted.joined(separator: " and ")) count when you are graded "
          + "(scripts/grade -e \(report.id))"
    return style.green("✔") + " Every test passes (\(tests)), and your tests catch the lesson's "
      + "\(mutants) mutant\(mutants == 1 ? "" : "s")\(stepWords)\(grading)."
  }

  /// `✔1 ✔2 ▶3 ✘4 –5   ✘ The app`: each step's mark (▶ the one shown, – no tests), then the
  /// suites without a step.
  static func stepMarks(_ report: ExerciseReport, _ style: Style) -> String {
    let shown = report.focus?.step
    var marks = report.stepStatuses.map { step, passed -> String in
      switch passed {
      case .some(true): style.green("✔\(step)")
      case .some(false): step == shown ? style.bold(style.red("▶\(step)")) : style.red("✘\(step)")
      case .none: style.dim("–\(step)")
      }
    }
    for (name, passed) in report.otherSuites {
      let short = name.split(separator: ":").first.map(String.init) ?? name
      let focused = report.focus?.step == nil && report.focus?.titles.first == name
      marks.append(
        passed
          ? style.green("✔ \(short)")
          : focused ? style.bold(style.red("▶ \(short)")) : style.red("✘ \(short)"))
    }
    return marks.joined(separator: " ")
  }

  /// One failing test: its name and place, what a crashed test process printed about its crash,
  /// then its first failure (one per argument of a parameterized test, each distinct one once:
  /// the author's words first, then the expectation that failed), then what the runner saw (a
  /// crash, a hang). Later failures are counted, not shown: they may follow from the first.
  static func failure(_ line: ExerciseReport.Line, style: Style) -> [String] {
    let outcome = line.outcome
    let place = line.test.file.isEmpty ? "" : style.dim("  \(line.test.file):\(line.test.line)")
    let status = outcome.status == .failed ? "" : " " + style.red(outcome.status.rawValue)
    var lines = ["  " + style.red("✘") + " \(line.test.name)\(status)\(place)"]
    // A crash's quote first: the runtime's words are the best clue (display only).
    if let printed = outcome.printed {
      lines += printed.quoted(hidingTestLocations: false).split(separator: "\n").map {
        "      " + $0
      }
    }
    var seen = Set<String>()
    var shown = 0
    let shownFailures = outcome.shownFailures
    for failure in shownFailures {
      // The arguments of a parameterized test fail with the same words and other values:
      // the words once, with the first values.
      let words = failure.details.isEmpty ? failure.summary : failure.details.joined()
      guard seen.insert(words).inserted else { continue }
      shown += 1
      guard shown <= 3 else { continue }
      for detail in failure.details {
        lines += detail.split(separator: "\n").map { "      " + $0 }
      }
      let location = failure.location.map { " (\($0))" } ?? ""
      // `Issue.record`'s summary says only that: where it was recorded is what it adds.
      if failure.summary == "Issue recorded", !failure.details.isEmpty {
        if let place = failure.location {
          lines.append("      " + style.dim("recorded at " + place))
        }
        continue
      }
      lines += failure.summary.split(separator: "\n").enumerated().map {
        "      " + style.dim(String($0.element) + ($0.offset == 0 ? location : ""))
      }
    }
    if shown > 3 { lines.append("      " + style.dim("… and \(shown - 3) more failures")) }
    let later = outcome.failures.count - shownFailures.count
    if later > 0 {
      lines.append(
        "      "
          + style.dim(
            "(\(later) later \(later == 1 ? "failure" : "failures") of this test not shown: "
              + "fix this one first, they may follow from it)"))
    }
    if let explanation = outcome.explanation {
      lines += explanation.split(separator: "\n").map { "      " + $0 }
    }
    return lines
  }

  /// The line of code a compiler error points at (`Sources/M/File.swift:3:5: error: …`, the
  /// path relative to `folder`), with a caret under its column.
  public static func sourceExcerpt(for error: String?, in folder: URL?) -> [String]? {
    guard let error, let folder,
      let match = error.range(
        of: #"^[^:]+\.swift:[0-9]+:[0-9]+"#, options: .regularExpression)
    else { return nil }
    let parts = error[match].split(separator: ":")
    guard parts.count == 3, let number = Int(parts[1]), let column = Int(parts[2]),
      let data = try? Data(contentsOf: folder.appendingPathComponent(String(parts[0])))
    else { return nil }
    let rows = String(decoding: data, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false)
    guard number >= 1, number <= rows.count else { return nil }
    let gutter = String(number)
    return [
      "  \(gutter) | \(rows[number - 1])",
      "  \(String(repeating: " ", count: gutter.count)) | "
        + String(repeating: " ", count: max(column - 1, 0)) + "^",
    ]
  }

  /// Every exercise in catalogue order: its status, and the last grade when there is one.
  public static func list(
    workspace: LearnerWorkspace, current: String?, grades: [String: LastGrade], style: Style
  ) -> [String] {
    let places = workspace.catalogue()
    let width = places.map(\.id.count).max() ?? 0
    var lines = [style.bold("Exercises, in learning order")]
    for place in places {
      let status = workspace.status(of: place.id)
      let mark: String
      let text: String
      switch status {
      case .coming:
        mark = style.dim("·")
        text = style.dim("coming: \(place.subject)")
      case .missing:
        mark = style.red("!")
        text =
          "missing: Exercises/\(place.id)/ is gone; `scripts/learn reset \(place.id)` restores it"
      case .notStarted:
        mark = place.id == current ? style.yellow("▶") : " "
        text = "not started"
      case .edited:
        mark = place.id == current ? style.yellow("▶") : " "
        text = "edited since its last check (`scripts/learn check \(place.id.prefix(2))` tells)"
      case .checked(let record):
        mark = record.passes ? style.green("✔") : place.id == current ? style.yellow("▶") : " "
        text = record.status
      }
      var row = "  \(mark) \(place.id.padding(toLength: width, withPad: " ", startingAt: 0))  "
      if let title = place.title { row += "\(title) · " }
      row += text
      if let grade = grades[place.id] {
        row += style.dim(" · last grade \(grade.points)/\(grade.maximumPoints) (\(grade.day))")
      }
      lines.append(row)
    }
    return lines
  }
}
