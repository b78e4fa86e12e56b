import ExerciseModel
import Foundation

/// A class's results as one self-contained web page, `report.html`, for an instructor (and, with
/// one learner, for that learner).
///
/// The page needs nothing but itself: no network, no script, no external style sheet, font or
/// image. Its charts are inline SVG drawn by the grader (``SVGChart``), and every number a chart
/// shows is also in a table, so the page reads the same without JavaScript, in a text browser
/// or on paper. It holds:
///
/// - a table of the learners: points per exercise, total, and their likely misunderstandings;
/// - per exercise (``ExerciseStatistics``, drawn by ``HTMLExerciseSection``): the score
///   distribution, every graded test with its
///   pass rate across the class (hardest first), how many learners share each diagnosed
///   misunderstanding, and the learners to look at (compile errors, crashes, time-outs, the
///   grader's notes about their files and the lines flagged for review).
///
/// The markup is well-formed XML too (elements closed, only XML's predefined entities), and
/// rows carry `data-` attributes with their raw numbers, so tools and tests can read the page
/// with an XML parser. The same reports always give the same page, apart from the time of
/// grading in its header.
public enum HTMLReport {
  /// Renders `reports` as an HTML document ending in a newline.
  public static func render(_ reports: [GradeReport]) -> String {
    let learners = ClassStatistics.sorted(reports)
    let ids = ClassStatistics.exerciseIDs(learners)
    // A grade held for review counts in no class figure until an instructor releases it
    // (``ExerciseStatistics``).
    let held = learners.filter(\.isHeldForReview)
    let statistics = ids.map { ExerciseStatistics(id: $0, reports: learners) }
    let title =
      learners.count == 1
      ? "Grading report for " + ReportFormatting.singleLine(learners[0].learner)
      : "Class report: \(learners.count) learners"
    var body: [String] = []
    body.append("<header>")
    body.append("<h1>" + HTMLText.text(title) + "</h1>")
    let gradedAt = learners.map(\.gradedAt).max().map(ReportFormatting.timestamp) ?? "never"
    body.append(
      "<p class=\"meta\">\(plural(learners.count, "learner")) · "
        + "\(plural(ids.count, "exercise")) · graded at " + HTMLText.text(gradedAt) + "</p>")
    body.append("</header>")
    if !held.isEmpty {
      body.append(
        "<p class=\"held\">Held for review, and left out of every figure below until released "
          + "(<code>scripts/grade release LEARNER</code>): "
          + held.map { HTMLText.text($0.learner) }.joined(separator: ", ") + ".</p>")
    }
    if ids.isEmpty {
      body.append("<p>There were no exercises to grade.</p>")
    } else {
      body.append(contents(statistics))
      body.append(learnerTable(learners, ids: ids))
      for exercise in statistics {
        body.append(HTMLExerciseSection.render(exercise))
      }
    }
    body.append(footer)
    let lines = [
      "<!DOCTYPE html>",
      "<html lang=\"en\">",
      "<head>",
      "<meta charset=\"utf-8\"/>",
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>",
      "<title>" + HTMLText.text(title) + "</title>",
      "<style>", style, "</style>",
      "</head>",
      "<body>",
    ]
    return (lines + body + ["</body>", "</html>"]).joined(separator: "\n") + "\n"
  }

  // MARK: - Overview

  private static func contents(_ statistics: [ExerciseStatistics]) -> String {
    var lines = ["<nav>", "<h2>Exercises</h2>", "<ul>"]
    for exercise in statistics {
      let submitted = exercise.submitted
      let summary =
        submitted == 0
        ? "not submitted by anyone"
        : "\(exercise.fullMarks) of \(submitted) with full marks"
          + (exercise.diagnoses.isEmpty
            ? "" : ", \(plural(exercise.diagnoses.count, "misunderstanding")) diagnosed")
      lines.append(
        "<li><a href=\"#" + anchor(exercise.id) + "\">" + HTMLText.text(exercise.id) + ": "
          + HTMLText.text(exercise.title) + "</a> (" + summary + ")</li>")
    }
    lines += ["</ul>", "</nav>"]
    return lines.joined(separator: "\n")
  }

  private static func learnerTable(_ reports: [GradeReport], ids: [String]) -> String {
    var lines = [
      "<section id=\"learners\">",
      "<h2>Learners</h2>",
      "<div class=\"wide\">",
      "<table class=\"learners\">",
      "<thead><tr><th>Learner</th>"
        + ids.map { "<th>" + HTMLText.text(shortID($0, among: ids)) + "</th>" }.joined()
        + "<th>Total</th><th>Likely misunderstandings</th></tr></thead>",
      "<tbody>",
    ]
    for report in reports {
      var cells = ["<td>" + HTMLText.text(report.learner) + "</td>"]
      for id in ids {
        guard let exercise = report.exercises.first(where: { $0.id == id }) else {
          cells.append("<td class=\"number\">–</td>")
          continue
        }
        let shown: String
        var style = "number"
        switch exercise.status {
        case .missing:
          shown = "missing"
          style += " dim"
        case .compileError:
          shown = "compile error"
          style += " bad"
        case .graded: shown = "\(exercise.points)/\(exercise.maximumPoints)"
        }
        // Where the learner is in the exercise's steps, under the points: the next step (the
        // whole progress sentence as its tooltip).
        var progress = ""
        if exercise.status == .graded, let sentence = StepProgress.summary(exercise.steps) {
          let next = exercise.nextStep.map { "next: Step \($0)" } ?? "every step"
          progress =
            "<br/><span class=\"step\" data-next-step=\""
            + (exercise.nextStep.map(String.init) ?? "") + "\" title="
            + HTMLText.attribute(sentence) + ">" + HTMLText.text(next) + "</span>"
        }
        cells.append(
          "<td class=\"\(style)\" data-exercise=" + HTMLText.attribute(id)
            + " data-points=\"\(exercise.points)\">" + HTMLText.text(shown) + progress + "</td>")
      }
      let percent = ReportFormatting.percent(report.points, of: report.maximumPoints)
      cells.append(
        "<td class=\"number\">\(report.points)/\(report.maximumPoints) (\(percent) %)</td>")
      // Each likely misunderstanding by its decoy's short name; the exercise's section says it
      // in full (and so does the name's tooltip).
      let diagnosed = report.exercises.compactMap { exercise in
        exercise.diagnosis.map { (exercise.id, $0) }
      }
      cells.append(
        diagnosed.isEmpty
          ? "<td class=\"dim\">none</td>"
          : "<td><ul class=\"plain\">"
            + diagnosed.map { id, diagnosis in
              "<li data-exercise=" + HTMLText.attribute(id) + " data-decoy="
                + HTMLText.attribute(diagnosis.decoy) + " title="
                + HTMLText.attribute(diagnosis.misunderstanding) + "><b>"
                + HTMLText.text(shortID(id, among: ids)) + "</b> "
                + HTMLText.text(diagnosis.decoy) + "</li>"
            }.joined() + "</ul></td>")
      lines.append(
        "<tr data-learner=" + HTMLText.attribute(report.learner)
          + " data-points=\"\(report.points)\" data-max-points=\"\(report.maximumPoints)\">"
          + cells.joined() + "</tr>")
    }
    lines += ["</tbody>", "</table>", "</div>", "</section>"]
    return lines.joined(separator: "\n")
  }

  // MARK: - Pieces

  private static let footer = """
    <footer>
    <p>Written by scripts/grade. Pass rates and score bands count the learners who handed the \
    exercise in; one whose code did not compile passes no test. A likely misunderstanding is \
    named when a learner's failing tests match those of a decoy, a wrong implementation kept \
    with the exercise, by the rule in Workspace.md (Diagnosis): it is a likely cause, not a \
    verdict. Learners to look at: compile errors, crashed or timed-out tests, the grader's \
    notes about files it left out, and lines flagged for review (what no solution needs, such as \
    process exit, file I/O or starting processes) or event-stream records it refused.</p>
    </footer>
    """

  /// Kept free of `<` and `&`, so the page stays well-formed XML.
  private static let style = """
    body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; \
    max-width: 72rem; padding: 0 1rem; color: #222; line-height: 1.4; }
    h1 { margin-bottom: 0.2rem; }
    h2 { border-bottom: 2px solid #ddd; padding-bottom: 0.2rem; margin-top: 2.5rem; }
    h3 { margin-top: 1.5rem; }
    .meta { color: #555; margin-top: 0; }
    table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
    th, td { border-bottom: 1px solid #ddd; padding: 0.25rem 0.6rem; text-align: left; \
    vertical-align: top; }
    th { background: #f4f4f4; }
    td.number { text-align: right; white-space: nowrap; }
    td.kind, td.bad { font-weight: bold; color: #b71c1c; }
    td.dim { color: #999; }
    span.step { font-size: 0.85em; color: #555; white-space: nowrap; }
    .wide { overflow-x: auto; }
    code { font-size: 0.9em; }
    ul.plain { margin: 0; padding-left: 1rem; }
    .none { color: #2e7d32; }
    .side-by-side { display: flex; flex-wrap: wrap; gap: 2rem; align-items: flex-start; }
    figure { margin: 0; }
    figcaption { color: #555; font-size: 0.9em; }
    svg.meter { vertical-align: middle; }
    footer { margin-top: 3rem; color: #555; font-size: 0.9em; }
    @media print { h2 { break-before: page; } }
    """

  /// `1 learner`, `2 learners`.
  static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// The page anchor of an exercise.
  package static func anchor(_ id: String) -> String { "exercise-" + slug(id) }

  /// `NN` when every id's number before the first `-` is distinct, else the whole id.
  private static func shortID(_ id: String, among ids: [String]) -> String {
    let prefixes = ids.map { String($0.prefix { $0 != "-" }) }
    let usable = !prefixes.contains("") && Set(prefixes).count == prefixes.count
    return usable ? String(id.prefix { $0 != "-" }) : id
  }
}
