import ExerciseModel
import Foundation

/// The grades as Canvas and Moodle import them, filled into the learning system's own export:
/// its roster says who the learners are and how the system knows them, so the file goes back in
/// as it is.
///
/// - **Canvas** (`canvas.csv`): from the gradebook export (Grades → Export), its identifying
///   columns `Student`, `ID`, `SIS User ID`, `SIS Login ID` and `Section` kept, one new
///   assignment column per exercise (`Workshop: <id>`), a `Points Possible` row first. Canvas
///   creates the assignments on import.
/// - **Moodle** (`moodle.csv`): from an assignment's grading worksheet (View all submissions →
///   Download grading worksheet), every column kept and `Grade` filled with the total points of
///   the exercises graded; upload it back with "Upload grading worksheet".
///
/// A learner of the class is matched to a roster row when their name (the submission folder's)
/// equals, ignoring case, one of the row's identifiers: Canvas's `SIS Login ID`, `SIS User ID`,
/// `ID` or `Student`; Moodle's `Identifier` (`Participant 123`, or its number), the email
/// address or its local part, or `Full name`. A learner matched to no row, or to several, or
/// two learners to one row, stops the gradebook: grades never land on the wrong person. A row
/// with no learner, and a grade held for review, get an empty cell, which both systems leave
/// unchanged.
///
/// ```swift
/// let roster = try LMSGradebook.Roster(csv: exportText, system: .canvas)
/// let csv = try LMSGradebook.render(reports, exerciseIDs: ids, roster: roster)
/// ```
public enum LMSGradebook {
  /// The learning system a roster comes from.
  public enum System: String, CaseIterable, Sendable {
    case canvas, moodle

    /// The columns whose values identify a learner, in the order they are tried.
    var identifiers: [String] {
      switch self {
      case .canvas: ["SIS Login ID", "SIS User ID", "ID", "Student"]
      case .moodle: ["Identifier", "Email address", "Full name"]
      }
    }

    /// The file the gradebook is written to.
    public var fileName: String { "\(rawValue).csv" }
  }

  /// A learning system's export: its header and rows, as read.
  public struct Roster: Sendable, Equatable {
    public var system: System
    public var header: [String]
    public var rows: [[String]]

    /// Reads `csv`, an export of `system`.
    ///
    /// - Throws: a ``WorkshopError`` naming the columns the export lacks.
    public init(csv: String, system: System) throws {
      var records = LMSGradebook.records(csv)
      guard let header = records.first else {
        throw WorkshopError("the roster is empty: export it from \(system.rawValue) again.")
      }
      self.system = system
      self.header = header.map { $0.trimmingCharacters(in: .whitespaces) }
      records.removeFirst()
      // Canvas's export has a "Points Possible" row (and sometimes muted-assignment rows)
      // under the header: they are not learners.
      rows = records.filter { row in
        !row.allSatisfy(\.isEmpty)
          && !(row.first?.trimmingCharacters(in: .whitespaces) ?? "").hasPrefix("Points Possible")
      }
      let required =
        system == .canvas
        ? ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
        : ["Identifier", "Full name", "Grade"]
      let missing = required.filter { !self.header.contains($0) }
      guard missing.isEmpty else {
        throw WorkshopError(
          "the roster has no \(missing.joined(separator: ", ")) column: give "
            + (system == .canvas
              ? "Canvas's gradebook export (Grades → Export → Export Entire Gradebook)"
              : "Moodle's grading worksheet (the assignment's View all submissions → Download "
                + "grading worksheet)")
            + " as it was downloaded.")
      }
    }

    /// The value of `column` in `row` ("" when the row is short).
    func value(_ column: String, in row: [String]) -> String {
      guard let index = header.firstIndex(of: column), row.indices.contains(index) else {
        return ""
      }
      return row[index].trimmingCharacters(in: .whitespaces)
    }

    /// Every name by which `row` may be matched, lowercased.
    func names(of row: [String]) -> Set<String> {
      var names: Set<String> = []
      for column in system.identifiers {
        let value = value(column, in: row).lowercased()
        guard !value.isEmpty else { continue }
        names.insert(value)
        if column == "Identifier", let number = value.split(separator: " ").last {
          names.insert(String(number))
        }
        if column == "Email address", let local = value.split(separator: "@").first {
          names.insert(String(local))
        }
      }
      return names
    }
  }

  /// The gradebook of `reports` in `roster`'s system, ready to import.
  ///
  /// - Throws: a ``WorkshopError`` naming every learner that matches no row, or several, and
  ///   every row two learners match.
  public static func render(_ reports: [GradeReport], exerciseIDs: [String], roster: Roster)
    throws -> String
  {
    let rows = try match(reports.map(\.learner), in: roster)
    let byLearner = Dictionary(reports.map { ($0.learner, $0) }, uniquingKeysWith: { $1 })
    let rowOf = Dictionary(
      rows.compactMap { learner, row in byLearner[learner].map { (row, $0) } },
      uniquingKeysWith: { $1 })
    switch roster.system {
    case .canvas: return canvas(exerciseIDs: exerciseIDs, roster: roster, rowOf: rowOf)
    case .moodle: return moodle(exerciseIDs: exerciseIDs, roster: roster, rowOf: rowOf)
    }
  }

  /// The roster row of each of `learners`, by learner.
  ///
  /// - Throws: a ``WorkshopError`` naming every learner that matches no row, or several, and
  ///   every row two learners match: what `scripts/grade` checks before it grades anyone.
  public static func match(_ learners: [String], in roster: Roster) throws -> [String: Int] {
    var rows: [String: Int] = [:]
    var learnerOf: [Int: String] = [:]
    var problems: [String] = []
    for learner in learners.sorted() {
      let name = learner.lowercased()
      let matches = roster.rows.indices.filter { roster.names(of: roster.rows[$0]).contains(name) }
      switch matches.count {
      case 0:
        problems.append("\(learner) matches no learner of the roster")
      case 1:
        if let other = learnerOf[matches[0]] {
          problems.append(
            "\(other) and \(learner) both match the roster's row of "
              + describe(roster.rows[matches[0]], in: roster))
        }
        learnerOf[matches[0]] = learner
        rows[learner] = matches[0]
      default:
        problems.append(
          "\(learner) matches \(matches.count) rows of the roster ("
            + matches.map { describe(roster.rows[$0], in: roster) }.joined(separator: "; ") + ")")
      }
    }
    guard problems.isEmpty else {
      throw WorkshopError(
        "no \(roster.system.fileName) can be written, so that no grade lands on the wrong "
          + "person: " + problems.joined(separator: "; ") + ". Name each learner's folder by an "
          + "identifier of the roster (" + roster.system.identifiers.joined(separator: ", ")
          + ").")
    }
    return rows
  }

  /// A row named for a message: its first identifying value.
  static func describe(_ row: [String], in roster: Roster) -> String {
    roster.system.identifiers.lazy.map { roster.value($0, in: row) }.first { !$0.isEmpty } ?? "?"
  }

  /// The points of exercise `id` in `report` (a missing exercise scores 0); nil when it was not
  /// graded or the grade is held for review.
  static func points(_ id: String, in report: GradeReport?) -> Int? {
    guard let report, !report.isHeldForReview,
      let exercise = report.exercises.first(where: { $0.id == id })
    else { return nil }
    return exercise.status == .missing ? 0 : exercise.points
  }

  private static func canvas(exerciseIDs: [String], roster: Roster, rowOf: [Int: GradeReport])
    -> String
  {
    let identifying = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
    let maximum = exerciseIDs.map { id in
      rowOf.values.compactMap { $0.exercises.first { $0.id == id }?.maximumPoints }.max() ?? 0
    }
    var lines = [identifying + exerciseIDs.map { "Workshop: \($0)" }]
    lines.append(["Points Possible", "", "", "", ""] + maximum.map(String.init))
    for (index, row) in roster.rows.enumerated() {
      lines.append(
        identifying.map { roster.value($0, in: row) }
          + exerciseIDs.map { points($0, in: rowOf[index]).map(String.init) ?? "" })
    }
    return lines.map { $0.map(quoted).joined(separator: ",") + "\r\n" }.joined()
  }

  private static func moodle(exerciseIDs: [String], roster: Roster, rowOf: [Int: GradeReport])
    -> String
  {
    let gradeColumn = roster.header.firstIndex(of: "Grade")!
    var lines = [roster.header]
    for (index, var row) in roster.rows.enumerated() {
      while row.count < roster.header.count { row.append("") }
      let scores = exerciseIDs.map { points($0, in: rowOf[index]) }
      if rowOf[index] != nil, scores.allSatisfy({ $0 != nil }) {
        row[gradeColumn] = "\(scores.compactMap { $0 }.reduce(0, +))"
      }
      lines.append(row)
    }
    return lines.map { $0.map(quoted).joined(separator: ",") + "\r\n" }.joined()
  }

  /// `text` as a CSV field, quoted when it must be. Every value comes from the system's own
  /// export or from the grades (numbers), never from a learner, so values go back unchanged.
  static func quoted(_ text: String) -> String {
    let needsQuotes = text.unicodeScalars.contains { "\",\r\n".unicodeScalars.contains($0) }
    guard needsQuotes else { return text }
    return "\"" + text.replacing("\"", with: "\"\"") + "\""
  }

  /// The records of a CSV text (RFC 4180: quoted fields may hold commas, quotes doubled and line
  /// breaks); a byte-order mark at the start is dropped.
  static func records(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var characters = text.hasPrefix("\u{FEFF}") ? Substring(text.dropFirst()) : Substring(text)
    while let character = characters.first {
      characters.removeFirst()
      if quoted {
        if character == "\"" {
          if characters.first == "\"" {
            field.append("\"")
            characters.removeFirst()
          } else {
            quoted = false
          }
        } else {
          field.append(character)
        }
        continue
      }
      switch character {
      case "\"" where field.isEmpty: quoted = true
      case ",":
        record.append(field)
        field = ""
      case "\n", "\r\n", "\r":
        record.append(field)
        records.append(record)
        record = []
        field = ""
      default: field.append(character)
      }
    }
    if !field.isEmpty || !record.isEmpty {
      record.append(field)
      records.append(record)
    }
    return records
  }
}
