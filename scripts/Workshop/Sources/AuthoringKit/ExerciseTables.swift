import ExerciseModel
import Foundation
import Mutation

/// The tables of exercises in the docs, generated from the catalogue (`Exercises/catalogue.json`)
/// and the manifests, so they cannot drift apart: `scripts/exercises tables` rewrites them,
/// `scripts/exercises tables --check` names each file whose table is out of date.
///
/// A table is generated between two marker lines; the word after `begin` says which table:
///
/// ```markdown
/// <!-- exercises-table:begin workspace -->
/// | id | title | reimplements | articles | points |
/// …
/// <!-- exercises-table:end -->
/// ```
///
/// `workspace` is Workspace.md's catalogue (title, what is rebuilt, articles, points with the
/// number of tests and of decoys, counted from `Tests/<id>/Decoys/`); `learners` is
/// Exercises/README.md's (the id and what the learner rebuilds).
public struct ExerciseTables: Sendable {
  /// The files that may hold tables, from the workspace root; files that are missing or hold no
  /// markers are left alone.
  public static let files = ["README.md", "Workspace.md", "Instructors.md", "Exercises/README.md"]
  static let beginMarker = "<!-- exercises-table:begin "
  static let endMarker = "<!-- exercises-table:end -->"

  /// Which table a pair of markers holds.
  public enum Style: String, Sendable, CaseIterable {
    /// id, title, reimplements, articles, points (tests, decoys).
    case workspace
    /// exercise, what you rebuild.
    case learners
    /// Not a table of exercises: the documentation of `results.json` (``ResultsSchema``), kept
    /// beside the types it documents and written into Instructors.md the same way.
    case resultsSchema = "results-schema"
  }

  public var layout: WorkspaceLayout
  public var files: [String]

  public init(layout: WorkspaceLayout, files: [String] = Self.files) {
    self.layout = layout
    self.files = files
  }

  /// The table of `style`, one line per exercise of the catalogue, with its header.
  public func table(_ style: Style) throws -> String {
    if style == .resultsSchema { return ResultsSchema.markdown }
    let catalogue = try layout.catalogue()
    let present = Set(try layout.exerciseIDs())
    var lines: [String]
    switch style {
    case .workspace:
      lines = ["| id | title | reimplements | articles | points |", "|---|---|---|---|---|"]
      for entry in catalogue.entries {
        let articles = entry.articles.map { "[\(cell($0.title))](\($0.url))" }
        var points = "coming"
        if present.contains(entry.id) {
          let manifest = try layout.manifest(entry.id)
          let decoys = decoyCount(entry.id)
          var parts: [String] = []
          if manifest.gradesSources {
            parts += [
              "\(manifest.tests.count) tests", decoys == 1 ? "1 decoy" : "\(decoys) decoys",
            ]
          }
          var maximum = manifest.maximumPoints
          if manifest.gradesTests {
            // The generated mutants' shares, when their record can be read (else the checks say
            // what is wrong with it).
            let generated = try? FeatureMutants.load(ExerciseSources(id: entry.id, layout: layout))
            maximum += generated?.shares(handMutants: manifest.mutants) ?? 0
            parts += [
              "\(manifest.mutants.count) mutants",
              "\(generated?.graded.count ?? 0) generated mutants",
              "\(manifest.weakSuites.count) weak suites",
            ]
          }
          points = "\(maximum) (\(parts.joined(separator: ", ")))"
        }
        lines.append(
          "| `\(entry.id)` | \(cell(entry.title)) | "
            + "\(cell(entry.reimplements.joined(separator: "; "))) | "
            + "\(articles.joined(separator: "; ")) | \(points) |")
      }
    case .learners:
      lines = ["| exercise | what you rebuild |", "|---|---|"]
      for entry in catalogue.entries {
        lines.append("| `\(entry.id)` | \(cell(entry.summary)) |")
      }
    case .resultsSchema:
      lines = []
    }
    return lines.joined(separator: "\n")
  }

  /// The number of decoys in `Tests/<id>/Decoys/`: its folders.
  public func decoyCount(_ id: String) -> Int {
    let folder = layout.instructor(id).appendingPathComponent("Decoys")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { name in
      var isDirectory: ObjCBool = false
      return !name.hasPrefix(".")
        && FileManager.default.fileExists(
          atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }.count
  }

  /// `text` with every table between markers regenerated; throws on a marker without its end
  /// or naming an unknown table.
  public func regenerated(_ text: String, file: String) throws -> String {
    var output: [Substring] = []
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while let line = lines.popFirst() {
      output.append(line)
      guard line.hasPrefix(Self.beginMarker) else { continue }
      let name = line.dropFirst(Self.beginMarker.count).replacingOccurrences(of: "-->", with: "")
        .trimmingCharacters(in: .whitespaces)
      guard let style = Style(rawValue: name) else {
        throw WorkshopError(
          "\(file): the marker \"\(line)\" names no table; use "
            + Style.allCases.map { "\(Self.beginMarker)\($0.rawValue) -->" }.joined(
              separator: " or ") + ".")
      }
      guard let end = lines.firstIndex(where: { $0.hasPrefix(Self.endMarker) }) else {
        throw WorkshopError(
          "\(file): \"\(line)\" has no \(Self.endMarker) after it; add one below the table.")
      }
      output.append(
        contentsOf: try table(style).split(separator: "\n", omittingEmptySubsequences: false))
      lines = lines[end...]
    }
    return output.joined(separator: "\n")
  }

  /// The files whose tables differ from the generated ones, by path from the root.
  public func drift() throws -> [String] {
    try files.filter { file in
      guard let text = read(file) else { return false }
      return try regenerated(text, file: file) != text
    }
  }

  /// Rewrites the tables that differ. Returns the files it changed.
  @discardableResult
  public func write() throws -> [String] {
    try files.filter { file in
      guard let text = read(file) else { return false }
      let new = try regenerated(text, file: file)
      guard new != text else { return false }
      try Data(new.utf8).write(to: layout.root.appendingPathComponent(file))
      return true
    }
  }

  private func read(_ file: String) -> String? {
    (try? Data(contentsOf: layout.root.appendingPathComponent(file))).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// Text made safe for one Markdown table cell: one line, `|` escaped.
  private func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
  }
}
