import Foundation

/// One exercise's section of ``HTMLReport``: what the class handed in, the score distribution
/// (a chart and its table), every graded test with its pass rate (hardest first), the likely
/// misunderstandings and who shares them, and the learners to look at. Rows carry `data-`
/// attributes with their raw numbers.
enum HTMLExerciseSection {
  /// The section of `exercise`: its facts, score distribution, tests by pass rate, likely
  /// misunderstandings and learners to look at.
  static func render(_ exercise: ExerciseStatistics) -> String {
    var lines = [
      "<section class=\"exercise\" id=\"" + HTMLReport.anchor(exercise.id) + "\" data-exercise="
        + HTMLText.attribute(exercise.id) + ">",
      "<h2>" + HTMLText.text(exercise.id) + ": " + HTMLText.text(exercise.title) + "</h2>",
    ]
    let missing = exercise.learners - exercise.submitted
    var facts = [
      "Handed in by \(exercise.submitted) of \(HTMLReport.plural(exercise.learners, "learner"))",
      "\(exercise.fullMarks) with full marks (\(exercise.maximumPoints) points)",
    ]
    if exercise.compileErrors > 0 {
      facts.append("\(exercise.compileErrors) did not compile")
    }
    if missing > 0 { facts.append("\(missing) not handed in") }
    lines.append("<p>" + HTMLText.text(facts.joined(separator: "; ")) + ".</p>")
    lines += distribution(exercise, missing: missing)
    lines += stepFunnel(exercise)
    lines += testTable(exercise)
    lines += diagnosisTable(exercise)
    lines += attentionTable(exercise)
    lines.append("</section>")
    return lines.joined(separator: "\n")
  }

  private static let bandColors = [
    "#c62828", "#e4572e", "#ef8f00", "#f2c14e", "#8bc34a", "#2e7d32",
  ]

  private static func distribution(_ exercise: ExerciseStatistics, missing: Int) -> [String] {
    var columns = zip(exercise.bands, bandColors).map { band, color in
      SVGChart.Column(label: band.label, value: band.count, color: color)
    }
    if missing > 0 {
      columns.append(SVGChart.Column(label: "not handed in", value: missing, color: "#9e9e9e"))
    }
    let description =
      "Score distribution of \(exercise.id): "
      + columns.map { "\($0.label): \($0.value)" }.joined(separator: ", ")
    let rows = columns.map { column in
      "<tr data-band=" + HTMLText.attribute(column.label) + " data-learners=\"\(column.value)\">"
        + "<td>" + HTMLText.text(column.label) + "</td><td class=\"number\">\(column.value)</td>"
        + "</tr>"
    }
    return chartBesideTable(
      heading: "Score distribution", chart: SVGChart.columns(columns, title: description),
      caption: "Learners by share of the \(exercise.maximumPoints) points.",
      tableClass: "bands", headers: ["Score", "Learners"], rows: rows)
  }

  /// A chart with its caption beside the table of its numbers, under a heading.
  private static func chartBesideTable(
    heading: String, chart: String, caption: String, tableClass: String, headers: [String],
    rows: [String]
  ) -> [String] {
    [
      "<h3>" + HTMLText.text(heading) + "</h3>",
      "<div class=\"side-by-side\">",
      "<figure>", chart, "<figcaption>" + HTMLText.text(caption) + "</figcaption>", "</figure>",
      "<table class=\"\(tableClass)\">",
      "<thead><tr>" + headers.map { "<th>" + HTMLText.text($0) + "</th>" }.joined()
        + "</tr></thead>",
      "<tbody>",
    ] + rows + ["</tbody>", "</table>", "</div>"]
  }

  /// How many learners pass each step, and each step with every step before it: a funnel
  /// (one bar per step, its width the learners who got that far) beside its table.
  private static func stepFunnel(_ exercise: ExerciseStatistics) -> [String] {
    guard !exercise.steps.isEmpty else { return [] }
    let bars = exercise.steps.map { step in
      SVGChart.Bar(label: "Step \(step.number)", value: step.passedSoFar)
    }
    let description =
      "Learners of \(exercise.id) who pass every step up to each step, of \(exercise.submitted): "
      + bars.map { "\($0.label): \($0.value)" }.joined(separator: ", ")
    let rows = exercise.steps.map { step in
      "<tr data-step=\"\(step.number)\" data-passed=\"\(step.passed)\" data-passed-so-far=\""
        + "\(step.passedSoFar)\"><td>" + HTMLText.text(step.title) + "</td>"
        + "<td class=\"number\">\(step.passed) of \(exercise.submitted)</td>"
        + "<td class=\"number\">\(step.passedSoFar) of \(exercise.submitted)</td></tr>"
    }
    return chartBesideTable(
      heading: "Steps: where the class is stuck",
      chart: SVGChart.funnel(bars, of: exercise.submitted, title: description),
      caption: "Learners who pass every step up to each one, of "
        + "\(HTMLReport.plural(exercise.submitted, "learner")) who handed it in.",
      tableClass: "steps",
      headers: ["Step", "Passes it", "Passes it and every step before"], rows: rows)
  }

  private static func testTable(_ exercise: ExerciseStatistics) -> [String] {
    // Where the learners wrote tests, the rows are the feature's mutants: what the class's tests
    // catch, and what the class forgets to test.
    let mutants = exercise.gradesTests
    var lines = [
      mutants
        ? "<h3>What the class forgets to test: mutants, least caught first</h3>"
        : "<h3>Tests, hardest first</h3>",
      "<table class=\"tests\"" + (mutants ? " data-mutants=\"true\"" : "") + ">",
      (mutants
        ? "<thead><tr><th>A test should check that…</th><th>Kind</th><th>Points</th>"
          + "<th>Caught by</th><th>Catch rate</th><th>Chart</th></tr></thead>"
        : "<thead><tr><th>Test</th><th>Kind</th><th>Points</th><th>Passed by</th>"
          + "<th>Pass rate</th><th>Chart</th></tr></thead>"),
      "<tbody>",
    ]
    for test in exercise.tests {
      let rate = test.percent.map { "\($0) %" } ?? "–"
      let color = SVGChart.rateColor(test.passed, of: test.submitted)
      lines.append(
        "<tr data-test=" + HTMLText.attribute(test.id) + " data-passed=\"\(test.passed)\""
          + " data-submitted=\"\(test.submitted)\" data-rate=\""
          + (test.percent.map(String.init) ?? "") + "\">"
          + "<td><code>" + HTMLText.text(test.id) + "</code></td>"
          + "<td>" + (mutants ? "mutant" : test.isVisible ? "visible" : "hidden") + "</td>"
          + "<td class=\"number\">\(test.points)</td>"
          + "<td class=\"number\">\(test.passed) of \(test.submitted)</td>"
          + "<td class=\"number\">" + rate + "</td>"
          + "<td>"
          + SVGChart.meter(
            test.passed, of: test.submitted, color: color,
            title: "\(test.id): \(mutants ? "caught" : "passed") by \(test.passed) of "
              + "\(test.submitted)")
          + "</td></tr>")
    }
    lines += ["</tbody>", "</table>"]
    return lines
  }

  private static func diagnosisTable(_ exercise: ExerciseStatistics) -> [String] {
    var lines = ["<h3>Likely misunderstandings, by lesson step</h3>"]
    guard !exercise.diagnoses.isEmpty else {
      lines.append(
        "<p class=\"none\">No learner's failing tests match a known misunderstanding.</p>")
      return lines
    }
    lines += [
      "<table class=\"diagnoses\">",
      "<thead><tr><th>Misunderstanding</th><th>Lesson step to reread</th><th>Learners</th>"
        + "<th>Chart</th><th>Who</th></tr></thead>",
      "<tbody>",
    ]
    for diagnosis in exercise.diagnoses {
      let count = diagnosis.learners.count
      lines.append(
        "<tr data-decoy=" + HTMLText.attribute(diagnosis.decoy) + " data-learners=\"\(count)\""
          + " data-step=\"" + (diagnosis.step.map(String.init) ?? "") + "\">"
          + "<td>" + HTMLText.text(diagnosis.misunderstanding) + "</td>"
          + "<td>" + HTMLText.text(diagnosis.lessonStep ?? "the lesson's steps") + "</td>"
          + "<td class=\"number\">\(count) of \(exercise.submitted)</td>"
          + "<td>"
          + SVGChart.meter(
            count, of: exercise.submitted, color: "#5c6bc0",
            title: "\(count) of \(exercise.submitted) learners: \(diagnosis.decoy)")
          + "</td>"
          + "<td>" + HTMLText.text(diagnosis.learners.joined(separator: ", ")) + "</td></tr>")
    }
    lines += ["</tbody>", "</table>"]
    return lines
  }

  private static func attentionTable(_ exercise: ExerciseStatistics) -> [String] {
    var lines = ["<h3>Learners to look at</h3>"]
    guard !exercise.attention.isEmpty else {
      lines.append(
        "<p class=\"none\">Nobody: no compile error, crash, time-out or note about files.</p>")
      return lines
    }
    lines += [
      "<table class=\"attention\">",
      "<thead><tr><th>Learner</th><th>Why</th><th>Details</th></tr></thead>",
      "<tbody>",
    ]
    for entry in exercise.attention {
      lines.append(
        "<tr data-learner=" + HTMLText.attribute(entry.learner) + " data-kind="
          + HTMLText.attribute(entry.kind.rawValue) + ">"
          + "<td>" + HTMLText.text(entry.learner) + "</td>"
          + "<td class=\"kind\">" + HTMLText.text(entry.kind.rawValue) + "</td>"
          + "<td>" + HTMLText.text(entry.detail) + "</td></tr>")
    }
    lines += ["</tbody>", "</table>"]
    return lines
  }
}
