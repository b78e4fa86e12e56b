import Foundation

/// Generates `Exercises/<id>/`'s package, starter and visible tests from the instructor's files.
public struct ExerciseWriter: Sendable {
  public var layout: WorkspaceLayout

  public init(layout: WorkspaceLayout) {
    self.layout = layout
  }

  /// The generated part of `Exercises/<id>/`, rooted there.
  private func expected(_ id: String) throws -> SourceTree {
    try ExerciseSources(id: id, layout: layout).generatedExercise()
  }

  /// The generated files present in `Exercises/<id>/` now (the lesson and build folders are not
  /// generated).
  private func current(_ id: String) throws -> SourceTree {
    let directory = layout.exercise(id)
    var tree = SourceTree()
    tree.files["Package.swift"] = try? Data(
      contentsOf: directory.appendingPathComponent("Package.swift"))
    if tree.files["Package.swift"] == nil { tree.files.removeValue(forKey: "Package.swift") }
    tree = tree.overlaid(
      with: try SourceTree.read(directory.appendingPathComponent("Sources")).prefixed("Sources"))
    tree = tree.overlaid(
      with: try SourceTree.read(directory.appendingPathComponent("Tests")).prefixed("Tests"))
    return tree
  }

  /// The generated files that differ from what the solution generates, by path.
  public func drift(_ id: String) throws -> [String] {
    let want = try expected(id)
    let have = try current(id)
    let paths = Set(want.files.keys).union(have.files.keys)
    return paths.filter { want.files[$0] != have.files[$0] }.sorted()
  }

  /// Writes the generated files, removing stale ones. Returns the paths it changed.
  @discardableResult
  public func generate(_ id: String) throws -> [String] {
    let changed = try drift(id)
    let want = try expected(id)
    let directory = layout.exercise(id)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    if let package = want.files["Package.swift"] {
      try package.write(to: directory.appendingPathComponent("Package.swift"))
    }
    try want.subtree("Sources").write(to: directory.appendingPathComponent("Sources"))
    try want.subtree("Tests").write(to: directory.appendingPathComponent("Tests"))
    return changed
  }
}
