import ExerciseModel
import Foundation

/// Puts an exercise back to its starter, after copying the learner's files somewhere safe.
///
/// The whole `Exercises/<id>/` folder (build folders left out) is first copied to a dated
/// backup folder, `.build-learn/backups/<id>/<date>/`; only when that copy is complete are the
/// generated files (`Package.swift`, `Sources/`, `Tests/`) rewritten from the solution, exactly
/// as `scripts/exercises generate` writes them. Nothing a learner wrote is lost: their files
/// are in the backup, and files of theirs outside `Sources/` and `Tests/` stay where they are.
///
/// ```swift
/// let backup = try ExerciseReset.reset("05-context-forcing", layout: layout, backups: folder)
/// print("your files are in \(backup!.path)")
/// ```
public enum ExerciseReset {
  /// Backs up `Exercises/<id>/` into `backups`, then regenerates its starter. Returns the
  /// backup folder, or nil when there was no exercise folder to back up.
  public static func reset(
    _ id: String, layout: WorkspaceLayout, backups: URL, now: Date = Date()
  ) throws -> URL? {
    let manager = FileManager.default
    let folder = layout.exercise(id)
    var backup: URL?
    if manager.fileExists(atPath: folder.path) {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.dateFormat = "yyyy-MM-dd-HHmmss"
      let stamp = formatter.string(from: now)
      var target = backups.appendingPathComponent(id).appendingPathComponent(stamp)
      var suffix = 2
      while manager.fileExists(atPath: target.path) {
        target = backups.appendingPathComponent(id).appendingPathComponent("\(stamp)-\(suffix)")
        suffix += 1
      }
      do {
        try manager.createDirectory(at: target, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: folder.path)
        where !name.hasPrefix(".build") {
          try manager.copyItem(
            at: folder.appendingPathComponent(name), to: target.appendingPathComponent(name))
        }
      } catch {
        throw WorkshopError(
          "Could not back up Exercises/\(id) to \(target.path) (\(error.localizedDescription)), "
            + "so nothing was reset: your files are as they were. Free some disk space or fix "
            + "the folder's permissions, then try again.")
      }
      backup = target
    }
    try ExerciseWriter(layout: layout).generate(id)
    return backup
  }
}
