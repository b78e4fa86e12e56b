import ExerciseEngine
import ExerciseModel
import Foundation

/// Runs git for the grader: the hand-ins it reads from repositories (``GitHandIns``) and the
/// learner edition it makes one (``LearnerEdition``).
enum GitCommand {
  /// Runs `git` with `arguments` (which name the repository, `-C PATH`), its output kept in a
  /// log in `folder` until it ends, and returns what it printed. On failure throws `failure`,
  /// followed by git's first lines.
  ///
  /// ```swift
  /// let head = try GitCommand.run(
  ///   ["-C", repository.path, "rev-parse", "HEAD"], logsIn: work,
  ///   failure: "could not read the last commit of \(repository.path)")
  /// ```
  static func run(_ arguments: [String], logsIn folder: URL, failure: String) throws -> String {
    let log = folder.appendingPathComponent(".git-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let outcome = try ProcessRunner.run(
      ["git"] + arguments, in: folder, log: log, timeLimit: 300)
    let printed = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    guard outcome.status == 0, !outcome.wasSignalled, !outcome.timedOut else {
      throw WorkshopError(
        failure + ": " + printed.split(separator: "\n").prefix(3).joined(separator: " "))
    }
    return printed
  }
}
