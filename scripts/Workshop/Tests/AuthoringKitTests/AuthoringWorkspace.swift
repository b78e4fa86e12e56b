import ExerciseModel
import Foundation

/// The folder every ``AuthoringWorkspace`` of this test process is made in, removed when the
/// process exits (a test may still read a workspace's layout after the workspace itself).
private let processFolder: URL = {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("authoring-tests-\(UUID().uuidString)")
  atexit { try? FileManager.default.removeItem(at: processFolder) }
  return folder
}()

/// A small workspace in a temporary folder for the authoring tools' tests: a catalogue, and
/// manifests and decoy folders for the exercises asked for.
struct AuthoringWorkspace {
  let root: URL
  var layout: WorkspaceLayout { WorkspaceLayout(root: root) }

  static func entry(_ id: String, steps: Int = 2) -> Catalogue.Entry {
    let module = id.split(separator: "-").dropFirst().map { $0.capitalized }.joined()
    return Catalogue.Entry(
      id: id, title: "Title of \(id)", module: module, subject: "subject of \(id)",
      summary: "summary of `\(id)` | piped", reimplements: ["A", "B"],
      articles: [
        .init(title: "Quick start", url: "https://example.com/quickstart"),
        .init(title: "Other", url: "https://example.com/other"),
      ],
      steps: (1...max(1, steps)).prefix(steps).map { "Step \($0): step \($0)" })
  }

  /// `entries` in the catalogue; a manifest (two tests, 3 + 2 points, `hints`) and `decoys`
  /// decoy folders for each of `withManifests`.
  init(
    entries: [Catalogue.Entry], withManifests: [String], decoys: Int = 3,
    hints: String = #"["whole", { "step": 1, "text": "one" }, { "step": 2, "text": "two" }]"#
  ) throws {
    root = processFolder.appendingPathComponent(UUID().uuidString)
    try write(CatalogueJSON.render(Catalogue(entries: entries)), Catalogue.path)
    for id in withManifests {
      try write(
        """
        { "format": 2, "id": "\(id)", "timeLimitSeconds": 10, "visibleTestFiles": ["A.swift"],
          "tests": [{ "id": "S/a()", "points": 3, "hint": "a" }, { "id": "S/b()", "points": 2, "hint": "b" }],
          "hints": \(hints), "decoys": [] }
        """, "Tests/\(id)/exercise.json")
      for index in 0..<decoys {
        try write("// decoy\n", "Tests/\(id)/Decoys/decoy-\(index)/M/M.swift")
      }
    }
  }

  func write(_ text: String, _ path: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func read(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
  }

  func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
  }
}
