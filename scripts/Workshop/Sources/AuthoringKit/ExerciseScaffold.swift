import ExerciseModel
import Foundation

/// `scripts/exercises new <id> --title "<title>"`: starts an exercise in all three places, so
/// that its author begins from something the pipeline already accepts.
///
/// It writes `Solutions/<id>/` (a module with one `#if SOLUTION … #else … #endif` step
/// region), `Tests/<id>/` (a format-2 manifest and a visible `Step 1: …` suite that fails on the
/// starter and passes on the solution), adds the exercise at the end of
/// `Exercises/catalogue.json`, generates `Exercises/<id>/` from them as `scripts/exercises
/// generate` does, and puts a placeholder lesson beside it. It never overwrites anything:
/// when any of those files exists, or the id or its number is taken, it writes nothing.
///
/// ```swift
/// let scaffold = try ExerciseScaffold(id: "13-try-it", title: "Try it", layout: layout)
/// let written = try scaffold.create()  // paths from the root
/// ```
public struct ExerciseScaffold: Sendable {
  public var id: String
  public var title: String
  public var module: String
  public var layout: WorkspaceLayout

  /// Checks the id, title and module (from the id in UpperCamelCase unless given), and that
  /// nothing of the exercise exists yet.
  public init(id: String, title: String?, module: String? = nil, layout: WorkspaceLayout) throws {
    guard id.range(of: #"^[0-9]{2}-[a-z0-9]+(-[a-z0-9]+)*$"#, options: .regularExpression) != nil
    else {
      throw WorkshopError(
        "\"\(id)\" is not an exercise id: write NN-kebab-name, two digits then lowercase words "
          + "joined by hyphens, e.g. 13-testing-a-feature.")
    }
    guard let title = title?.trimmingCharacters(in: .whitespaces), !title.isEmpty else {
      throw WorkshopError(
        "a new exercise needs a title: scripts/exercises new \(id) --title \"What it teaches\".")
    }
    let module = module ?? Self.module(for: id)
    guard module.range(of: #"^[A-Z][A-Za-z0-9]*$"#, options: .regularExpression) != nil else {
      throw WorkshopError(
        "\"\(module)\" is not a module name: use UpperCamelCase letters and digits "
          + "(--module TryIt).")
    }
    self.id = id
    self.title = title
    self.module = module
    self.layout = layout
    let catalogue = try layout.catalogue()
    let number = id.prefix(2)
    if let taken = catalogue.entries.first(where: { $0.id == id || $0.id.hasPrefix(number + "-") })
    {
      throw WorkshopError(
        taken.id == id
          ? "\(id) is already in \(Catalogue.path): pick another id."
          : "the number \(number) is taken by \(taken.id): pick the next free number.")
    }
    if let other = catalogue.entries.first(where: { $0.module == module }) {
      throw WorkshopError(
        "the module \(module) is \(other.id)'s already: give another with --module.")
    }
    let existing = plannedPaths.filter {
      FileManager.default.fileExists(atPath: layout.root.appendingPathComponent($0).path)
    }
    guard existing.isEmpty else {
      throw WorkshopError(
        "\(id) already exists (\(existing.joined(separator: ", "))): nothing was written; pick "
          + "another id, or remove those folders.")
    }
  }

  /// `13-try-it` → `TryIt`.
  public static func module(for id: String) -> String {
    id.split(separator: "-").dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
  }

  /// The folders `create` makes, from the root.
  var plannedPaths: [String] { ["Solutions/\(id)", "Tests/\(id)", "Exercises/\(id)"] }

  /// The step the scaffold's one region and suite are about.
  static let firstStep = "Step 1: the greeting names who it greets"

  /// Writes the exercise; returns what it wrote, from the root.
  @discardableResult
  public func create() throws -> [String] {
    var catalogue = try layout.catalogue()
    let files = ExerciseScaffoldFiles(id: id, title: title, module: module)
    var written: [String] = []
    for (path, text) in files.instructorFiles {
      let url = layout.root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url, options: .withoutOverwriting)
      written.append(path)
    }
    catalogue.entries.append(
      Catalogue.Entry(
        id: id, title: title, module: module, kind: .sources,
        subject: "\(ExerciseReadiness.placeholder): what it is about, in a few words",
        summary: "\(ExerciseReadiness.placeholder): what the learner rebuilds, in a sentence",
        reimplements: [], articles: [], steps: [Self.firstStep]))
    try Data(CatalogueJSON.render(catalogue).utf8).write(to: layout.catalogueURL)
    written.append(Catalogue.path)
    try ExerciseWriter(layout: layout).generate(id)
    written.append("Exercises/\(id)/ (generated)")
    let lesson = "Exercises/\(id)/README.md"
    try Data(files.lesson.utf8).write(
      to: layout.root.appendingPathComponent(lesson), options: .withoutOverwriting)
    written.append(lesson)
    return written
  }

  /// What the author must still write, as printed after `create`.
  public var toDo: String {
    """
    Still to write (Workspace.md, "Adding an exercise", walks through each):
      1. The lesson, Exercises/\(id)/README.md: replace every \(ExerciseReadiness.placeholder); link the
         public pages it teaches by https URL, at least one of the swift-dependencies
         documentation; keep the steps a numbered list under "## Steps".
      2. The steps: the solution's #if SOLUTION regions (Solutions/\(id)/Sources/\(module)/), one
         visible @Suite("Step N: …") per step (Tests/\(id)/\(module)Tests/), the same titles in
         the exercise's "steps" in \(Catalogue.path), with its subject, summary, what it
         reimplements and its articles; every graded test in Tests/\(id)/exercise.json.
      3. Hints per step in Tests/\(id)/exercise.json: { "step": N, "text": "…" }, a ladder of at
         least two for every step: a nudge about the idea first, the near-answer last.
      4. At least \(ExerciseReadiness.minimumDecoys) decoys, Tests/\(id)/Decoys/<name>/\(module)/, each one named
         misunderstanding in the manifest's "decoys"; then scripts/exercises signatures \(id).
      5. scripts/exercises generate \(id), scripts/exercises tables, and finally
         scripts/exercises check \(id) until it passes.
    """
  }
}
