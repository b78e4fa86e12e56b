import Foundation

/// A class's points as a CSV gradebook (RFC 4180) for spreadsheets.
public enum Gradebook {
  /// Renders one row per learner, sorted by learner name, with the points of each exercise in
  /// `exerciseIDs`, then `total` and `max`.
  ///
  /// - The header is `learner,<exercise id>…,total,max,review,held,sandbox`.
  /// - An exercise cell is empty when the learner's report does not have that exercise; a
  ///   `missing` exercise gives 0.
  /// - `total` is the sum of the row's exercise cells. `max` is the sum, over `exerciseIDs`, of
  ///   the largest maximum points any report gives that exercise, so it is the same in every
  ///   row even when a report lacks an exercise.
  /// - `review` lists the lines flagged for review (``ReviewFlag``) as
  ///   `<exercise id> File.swift:line (reason)`, separated by `; `; empty when there are none.
  ///   `held` is `held for review` for a grade with flags no instructor has released
  ///   (``ReviewHolds``): its exercise cells and `total` are empty, so an import takes no points
  ///   for it; `released` once released; empty without flags.
  ///   `sandbox` is `yes` when the learner's tests ran in a sandbox, else `no` (the reports say
  ///   why).
  /// - Lines end in CRLF; a field containing a comma, quote or line break is quoted, with its
  ///   quotes doubled. A text field starting with `=`, `+`, `-`, `@`, tab or carriage return
  ///   gets a leading `'`, so spreadsheets do not run it as a formula.
  ///
  /// Names are compared case-insensitively first, then exactly, then by submission path, so
  /// the order does not depend on the order of `reports`.
  public static func csv(_ reports: [GradeReport], exerciseIDs: [String]) -> String {
    let sorted = reports.sorted { first, second in
      let keys = [first, second].map { ($0.learner.lowercased(), $0.learner, $0.submission) }
      return keys[0] < keys[1]
    }
    let maximum = exerciseIDs.reduce(0) { sum, id in
      sum
        + (reports.compactMap { exercise(id, in: $0)?.maximumPoints }.max() ?? 0)
    }
    var lines = [
      (["learner"] + exerciseIDs + ["total", "max", "review", "held", "sandbox"]).map(field)
    ]
    for report in sorted {
      var cells = [field(report.learner)]
      var total = 0
      let held = report.isHeldForReview
      for id in exerciseIDs {
        if held {
          cells.append("")
        } else if let exercise = exercise(id, in: report) {
          let points = exercise.status == .missing ? 0 : exercise.points
          total += points
          cells.append("\(points)")
        } else {
          cells.append("")
        }
      }
      cells += [
        held ? "" : "\(total)", "\(maximum)", field(report.reviewSummary.joined(separator: "; ")),
        held ? ReviewHolds.heldStatus : report.releasedFromReview == true ? "released" : "",
        report.sandboxed ? "yes" : "no",
      ]
      lines.append(cells)
    }
    return lines.map { $0.joined(separator: ",") + "\r\n" }.joined()
  }

  /// The first exercise of `report` with this id.
  private static func exercise(_ id: String, in report: GradeReport) -> GradedExercise? {
    report.exercises.first { $0.id == id }
  }

  /// `text` as a CSV field: guarded against formula injection, then quoted if needed.
  static func field(_ text: String) -> String {
    var value = text
    if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
      value = "'" + value
    }
    let needsQuotes = value.unicodeScalars.contains { "\",\r\n".unicodeScalars.contains($0) }
    guard needsQuotes else { return value }
    return "\"" + value.replacing("\"", with: "\"\"") + "\""
  }
}
