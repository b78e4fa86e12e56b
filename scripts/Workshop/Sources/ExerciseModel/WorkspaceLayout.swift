import Foundation

/// Where things are in a workspace: `Exercises/`, `Solutions/`, `Tests/`, `Packages/`.
///
/// A learner edition (``isLearnerEdition``) has no `Solutions/`: each exercise's starter, with
/// its regions marked and every answer taken out, is in `Tests/<id>/Starter/` instead, and the
/// tools read it where they read the solution.
public struct WorkspaceLayout: Sendable {
  public var root: URL
  /// Whether this is a learner edition: `Tests/LEARNER-EDITION.md` marks one.
  public let isLearnerEdition: Bool

  /// The file that marks a learner edition, and tells its reader what `Tests/` holds there.
  public static let learnerEditionMarker = "Tests/LEARNER-EDITION.md"

  public init(root: URL) {
    self.root = root.standardizedFileURL
    isLearnerEdition = FileManager.default.fileExists(
      atPath: self.root.appendingPathComponent(Self.learnerEditionMarker).path)
  }

  public var packages: URL { root.appendingPathComponent("Packages") }
  public var exercises: URL { root.appendingPathComponent("Exercises") }
  public var solutions: URL { root.appendingPathComponent("Solutions") }
  public var solutionTests: URL { root.appendingPathComponent("Tests") }

  public func exercise(_ id: String) -> URL { exercises.appendingPathComponent(id) }
  /// `Solutions/<id>/`, or in a learner edition, the starter that stands for it.
  public func solution(_ id: String) -> URL {
    isLearnerEdition
      ? instructor(id).appendingPathComponent("Starter") : solutions.appendingPathComponent(id)
  }
  public func instructor(_ id: String) -> URL { solutionTests.appendingPathComponent(id) }
  public func manifestURL(_ id: String) -> URL {
    instructor(id).appendingPathComponent("exercise.json")
  }

  /// The ids of every exercise with a manifest, in learning order.
  public func exerciseIDs() throws -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: solutionTests.path)) ?? []
    return names.filter {
      FileManager.default.fileExists(atPath: manifestURL($0).path)
    }.sorted()
  }

  /// `Exercises/catalogue.json`: the exercises in learning order.
  public var catalogueURL: URL { root.appendingPathComponent(Catalogue.path) }

  /// The catalogue of exercises, read and validated.
  public func catalogue() throws -> Catalogue {
    try DecodedFiles.value(key: "catalogue \(catalogueURL.path)", files: [catalogueURL]) {
      try Catalogue.load(from: catalogueURL)
    }
  }

  /// The manifest of exercise `id`: its catalogue entry with its grading data.
  public func manifest(_ id: String) throws -> ExerciseManifest {
    try DecodedFiles.value(
      key: "manifest \(manifestURL(id).path)", files: [manifestURL(id), catalogueURL]
    ) { try readManifest(id) }
  }

  private func readManifest(_ id: String) throws -> ExerciseManifest {
    guard FileManager.default.fileExists(atPath: manifestURL(id).path) else {
      let known = (try? exerciseIDs())?.joined(separator: ", ") ?? ""
      throw WorkshopError(
        "There is no exercise \"\(id)\" (no \(manifestURL(id).path)). Known exercises: \(known).")
    }
    guard let entry = try catalogue().entry(id) else {
      throw WorkshopError(
        "\(id) has a manifest (\(manifestURL(id).path)) but \(catalogueURL.path) does not list "
          + "it: add its entry there (id, title, module, kind, subject, summary, reimplements, "
          + "articles, steps), in learning order.")
    }
    return try ExerciseManifest.load(
      from: manifestURL(id), entry: entry, learnerEdition: isLearnerEdition)
  }

  /// Picks exercises: all when `selection` is empty; otherwise each entry may be a full id or
  /// its number prefix (`02`).
  public func select(_ selection: [String]) throws -> [String] {
    let all = try exerciseIDs()
    guard !selection.isEmpty else { return all }
    return try selection.map { wanted in
      if all.contains(wanted) { return wanted }
      let matches = all.filter { $0.hasPrefix(wanted + "-") }
      guard matches.count == 1 else {
        throw WorkshopError(
          "\"\(wanted)\" names no exercise. Use an id or its number; known: \(all.joined(separator: ", "))."
        )
      }
      return matches[0]
    }
  }
}
