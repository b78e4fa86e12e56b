import ExerciseModel
import Foundation

extension LearnerEdition {
  /// Writes the edition into `folder` as a git repository of one commit, then proves it: the
  /// tools read every exercise there, `scripts/learn reset` would write each starter exactly as
  /// it is, and ``leaks(in:)`` finds nothing. Returns the commit.
  ///
  /// `folder` must not exist or be empty: nothing in it is ever replaced. The edition is made
  /// in a folder beside it and moved into place only once it is proven, so a failure leaves
  /// nothing behind.
  @discardableResult
  public func write(to folder: URL) throws -> String {
    let manager = FileManager.default
    let folder = folder.standardizedFileURL
    if manager.fileExists(atPath: folder.path) {
      let entries = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? ["?"]
      guard entries.isEmpty else {
        throw WorkshopError(
          "\(folder.path) exists and is not empty: the learner edition is written into a new "
            + "folder only, so nothing of yours is replaced. Name a folder that does not exist.")
      }
    }
    let draft = folder.deletingLastPathComponent()
      .appendingPathComponent(".\(folder.lastPathComponent).draft-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: draft) }
    let tree = try files()
    try tree.write(to: draft)
    // A file copied from the workspace keeps its executable bit (`scripts/learn`).
    for path in tree.files.keys
    where manager.isExecutableFile(atPath: layout.root.appendingPathComponent(path).path) {
      try manager.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: draft.appendingPathComponent(path).path)
    }
    try prove(draft)
    let commit = try commitAll(in: draft)
    if manager.fileExists(atPath: folder.path) { try manager.removeItem(at: folder) }
    try manager.moveItem(at: draft, to: folder)
    return commit
  }

  /// Reads the edition in `folder` as the tools will, and runs ``leaks(in:)``.
  private func prove(_ folder: URL) throws {
    let edition = WorkspaceLayout(root: folder)
    for id in try edition.exerciseIDs() {
      let drift = try ExerciseWriter(layout: edition).drift(id)
      guard drift.isEmpty else {
        throw WorkshopError(
          "the learner edition's starter of \(id) would not reset to the exercise as handed "
            + "out (\(drift.joined(separator: ", "))): a bug of the edition; nothing was written.")
      }
    }
    let problems = try leaks(in: folder)
    guard problems.isEmpty else {
      throw WorkshopError(
        "the learner edition would hold the instructor's side, so nothing was written:\n"
          + problems.prefix(20).map { "  - \($0)" }.joined(separator: "\n"))
    }
  }

  /// Makes `folder` a git repository whose one commit holds every file; returns the commit.
  private func commitAll(in folder: URL) throws -> String {
    let identity = [
      "-c", "user.name=Learner edition", "-c", "user.email=learner-edition@localhost",
      "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", "-C", folder.path,
    ]
    func git(_ arguments: [String]) throws -> String {
      try GitCommand.run(
        identity + arguments, logsIn: folder.deletingLastPathComponent(),
        failure: "could not make the learner edition a git repository (`git \(arguments[0])` "
          + "failed; is git installed?)")
    }
    _ = try git(["init", "-q"])
    _ = try git(["add", "-A"])
    _ = try git(["commit", "-q", "-m", "The course, learner edition"])
    return try git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
