import ExerciseModel
import Foundation

/// The learner edition of a workspace: what learners clone, with nothing of the instructor's
/// side in it.
///
/// It holds the library (`Packages/`), the exercises as their starters generate them (lessons,
/// starters, visible tests), the learner tool and the grader (`scripts/learn`, `scripts/grade`,
/// `scripts/lib/`, `scripts/Workshop/`), the learners' README (`Learners.md`, as `README.md`)
/// and the GitHub Classroom workflow. Of `Tests/<id>/` it keeps only what the learner tool
/// reads: the manifest without hidden tests, decoys, hidden mutants or mutation records; the
/// visible test files; the starter with its regions marked and every answer taken out
/// (`Starter/`, read where the solution is: ``StarterRegions/redacted(_:file:)``); and where the
/// learner writes tests for a feature the lesson gives, the lesson's mutants. No `Solutions/`,
/// signatures or weak suites. ``leaks(in:)`` proves it.
///
/// ```swift
/// let edition = LearnerEdition(layout: WorkspaceLayout(root: workspace))
/// try edition.write(to: URL(fileURLWithPath: "/tmp/course"))  // a git repository
/// ```
public struct LearnerEdition: Sendable {
  public var layout: WorkspaceLayout

  public init(layout: WorkspaceLayout) {
    self.layout = layout
  }

  /// The files of `scripts/` a learner runs: the two commands and the tool they build.
  static let scripts = [
    "learn", "grade", "lib", "Workshop/Package.swift", "Workshop/Sources", "Workshop/Tests",
  ]

  /// The edition's files, by path.
  public func files() throws -> SourceTree {
    guard !layout.isLearnerEdition else {
      throw WorkshopError(
        "\(layout.root.path) is a learner edition already: make the edition from the "
          + "instructor's workspace, the one with Solutions/.")
    }
    var tree = SourceTree()
    func add(_ path: String, as target: String? = nil) throws {
      let url = layout.root.appendingPathComponent(path)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
        throw WorkshopError(
          "\(url.path) is missing: the learner edition needs it. Make the edition from a "
            + "complete checkout of the workspace.")
      }
      if isFolder.boolValue {
        tree = tree.overlaid(with: try SourceTree.read(url).prefixed(target ?? path))
      } else {
        tree.files[target ?? path] = try Data(contentsOf: url)
      }
    }
    try add("Packages")
    for path in Self.scripts { try add("scripts/" + path) }
    try add("Learners.md", as: "README.md")
    try add(".gitignore")
    try add(".swift-format")
    try add("scripts/batch/github-classroom.yml", as: ".github/workflows/classroom.yml")
    try add(Catalogue.path)
    try add("Exercises/README.md")
    tree.files[WorkspaceLayout.learnerEditionMarker] = Data(Self.marker.utf8)
    for id in try layout.exerciseIDs() {
      tree = tree.overlaid(with: try exercise(id))
    }
    return tree
  }

  /// Exercise `id`'s files in the edition: `Exercises/<id>/` as generated, with its lesson, and
  /// the learner's part of `Tests/<id>/`.
  private func exercise(_ id: String) throws -> SourceTree {
    let sources = try ExerciseSources(id: id, layout: layout)
    let manifest = sources.manifest
    var tree = try sources.generatedExercise().prefixed("Exercises/\(id)")
    // The lesson and anything else of the folder that is not generated (build folders are
    // hidden, so never read).
    for (path, data) in try SourceTree.read(layout.exercise(id)).files
    where path != "Package.swift" && !path.hasPrefix("Sources/") && !path.hasPrefix("Tests/") {
      tree.files["Exercises/\(id)/\(path)"] = data
    }
    let folder = "Tests/\(id)"
    tree.files["\(folder)/exercise.json"] = try reducedManifest(sources)
    for name in manifest.visibleTestFiles {
      tree.files["\(folder)/\(manifest.testModule)/\(name)"] = sources.solutionTests.files[name]
    }
    tree = tree.overlaid(with: try redacted(sources.solution).prefixed("\(folder)/Starter/Sources"))
    tree = tree.overlaid(
      with: try redacted(sources.referenceSuite).prefixed(
        "\(folder)/Starter/Tests/\(manifest.testModule)"))
    for mutant in Self.shippedMutants(manifest) {
      let mutantFolder = layout.instructor(id).appendingPathComponent("Mutants/\(mutant.name)")
      tree = tree.overlaid(
        with: try SourceTree.read(mutantFolder).prefixed("\(folder)/Mutants/\(mutant.name)"))
    }
    return tree
  }

  /// The mutants the edition holds: the lesson's, where the learner writes tests only (the
  /// feature is the lesson's, so a mutant of it gives nothing away). Where the learner writes
  /// the feature too, a mutant is the reference feature with one bug: none is handed out.
  static func shippedMutants(_ manifest: ExerciseManifest) -> [ManifestMutant] {
    manifest.gradesSources ? [] : manifest.mutants.filter(\.inLesson)
  }

  /// Every Swift file of `tree` with its answers taken out.
  private func redacted(_ tree: SourceTree) throws -> SourceTree {
    var files: [String: Data] = [:]
    for (path, data) in tree.files {
      files[path] =
        path.hasSuffix(".swift")
        ? Data(
          try StarterRegions.redacted(String(decoding: data, as: UTF8.self), file: path).utf8)
        : data
    }
    return SourceTree(files: files)
  }

  /// `Tests/<id>/exercise.json` as the learner's tools need it: the visible tests only, the
  /// hints, the lesson's mutants where they are handed out; no decoys, hidden tests, hidden
  /// mutants, weak suites or records of the mutation analysis.
  private func reducedManifest(_ sources: ExerciseSources) throws -> Data {
    let url = layout.manifestURL(sources.manifest.id)
    guard
      var object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        as? [String: Any]
    else { throw WorkshopError("\(url.path) does not hold a JSON object.") }
    let visibility = TestVisibility(sources: sources)
    let tests = object["tests"] as? [[String: Any]] ?? []
    object["tests"] = tests.filter { visibility.isVisible($0["id"] as? String ?? "") }
    object["decoys"] = []
    let shipped = Set(Self.shippedMutants(sources.manifest).map(\.name))
    let mutants = object["mutants"] as? [[String: Any]] ?? []
    object["mutants"] = mutants.filter { shipped.contains($0["name"] as? String ?? "") }
    for key in [
      "equivalentMutants", "suiteEquivalentMutants", "suiteUntested", "suiteUngradedMutants",
      "weakSuites",
    ] {
      object[key] = nil
    }
    return try JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      + Data("\n".utf8)
  }

  /// `Tests/LEARNER-EDITION.md`: what `Tests/` holds in the edition.
  static let marker = """
    # Tests/ in the learner edition

    This file marks the workspace as a learner edition. `Tests/<id>/` holds only what
    `scripts/learn` and `scripts/grade` read here:

    - `exercise.json`: the exercise's steps, hints and visible tests;
    - the visible test files, as `Exercises/<id>/Tests/` has them;
    - `Starter/`: the starter, with the places you fill in marked and left empty, from which
      `scripts/learn reset` writes the exercise again;
    - `Mutants/`, in 13: the lesson's mutants of the feature you test.

    The hidden tests, and the grading of the tests you write in 14 to 16, are your instructor's.

    """
}
