import ExerciseEngine
import ExerciseModel
import Foundation

/// A class handed in as git repositories, one per learner, graded as each stood at a deadline:
/// the last commit of the repository's checked-out branch made before it is written out
/// (`git archive`, never a checkout in the learner's repository, which is left untouched) into
/// a folder of its own, and that folder is graded. Each report records the commit it graded.
///
/// A repository with no commit before the deadline is graded as handing in nothing, and named
/// in a note. The dates are the commits' own (the committer date), which a learner writes:
/// where that matters, compare them with the push dates of the hosting service.
///
/// ```swift
/// let handIns = GitHandIns(deadline: deadline, folder: work.appendingPathComponent("hand-ins"))
/// let resolved = try handIns.resolve(classFolder, exerciseIDs: ids)
/// // resolved.submissions: one per repository, each with its commit
/// ```
public struct GitHandIns: Sendable {
  /// Commits made at or after this moment are not graded.
  public var deadline: Date
  /// Where each learner's commit is written out (emptied first).
  public var folder: URL

  public init(deadline: Date, folder: URL) {
    self.deadline = deadline
    self.folder = folder
  }

  /// Resolves `path`: one repository (it holds `.git`), or a folder of repositories, one per
  /// learner, named by their folder.
  ///
  /// - Throws: a ``WorkshopError`` saying what to give instead when `path` holds no repository,
  ///   when two learners' folders differ only by case (one learner twice), or when git fails.
  public func resolve(_ path: URL, exerciseIDs: [String]) throws -> HandIns {
    let manager = FileManager.default
    let path = path.standardizedFileURL
    guard isRealDirectory(path) else {
      throw WorkshopError(
        "\(path.path) is not a folder. With --before, give a learner's git repository or a "
          + "folder holding one repository per learner.")
    }
    var repositories: [(learner: String, url: URL)] = []
    var notes: [String] = []
    if Self.isRepository(path) {
      repositories = [(path.lastPathComponent, path)]
    } else {
      for name in try manager.contentsOfDirectory(atPath: path.path).sorted() {
        let child = path.appendingPathComponent(name)
        if name.hasPrefix(".") {
          continue
        } else if !isRealDirectory(child) {
          notes.append("\(name) (not a folder)")
        } else if Self.isRepository(child) {
          repositories.append((name, child))
        } else {
          notes.append("\(name) (not a git repository)")
        }
      }
      notes =
        notes.isEmpty
        ? [] : ["not graded, not learners' repositories: " + notes.joined(separator: ", ") + "."]
    }
    guard !repositories.isEmpty else {
      throw WorkshopError(
        "\(path.path) is not a git repository and holds none, so there is nothing to grade at "
          + "a deadline. Give a learner's repository, or a folder holding one clone per learner.")
    }
    let byName = Dictionary(grouping: repositories, by: { $0.learner.lowercased() })
    if let twice = byName.values.first(where: { $0.count > 1 }) {
      throw WorkshopError(
        "\(twice.map(\.learner).joined(separator: " and ")) would be one learner twice (their "
          + "names differ only by case, and their reports would share a folder): rename one.")
    }
    try? manager.removeItem(at: folder)
    try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    var submissions: [Submission] = []
    var late: [String] = []
    for (index, (learner, repository)) in repositories.enumerated() {
      // Numbered, so two names that make the same file name never share a folder.
      let destination = folder.appendingPathComponent("\(index + 1)-\(slug(learner))")
      try manager.createDirectory(at: destination, withIntermediateDirectories: true)
      var submission: Submission
      if let commit = try lastCommit(in: repository) {
        try write(commit, of: repository, into: destination)
        submission =
          Submission.found(in: destination, learner: learner, exerciseIDs: exerciseIDs)
          ?? Submission(
            learner: learner, folder: destination,
            source: .exercises(destination.appendingPathComponent("Exercises")))
        submission.commit = commit
      } else {
        late.append(learner)
        submission = Submission(
          learner: learner, folder: destination,
          source: .exercises(destination.appendingPathComponent("Exercises")))
      }
      submission.origin = repository
      submissions.append(submission)
    }
    if !late.isEmpty {
      notes.append(
        "no commit before \(ReportFormatting.timestamp(deadline)), graded as handing in "
          + "nothing: " + late.joined(separator: ", ") + ".")
    }
    return HandIns(submissions: submissions, notes: notes)
  }

  /// Whether `folder` is a git repository's working tree (or a bare clone).
  static func isRepository(_ folder: URL) -> Bool {
    let manager = FileManager.default
    return manager.fileExists(atPath: folder.appendingPathComponent(".git").path)
      || manager.fileExists(atPath: folder.appendingPathComponent("HEAD").path)
        && manager.fileExists(atPath: folder.appendingPathComponent("objects").path)
  }

  /// The last commit of `repository`'s HEAD made before the deadline, or nil.
  func lastCommit(in repository: URL) throws -> String? {
    let seconds = Int(deadline.timeIntervalSince1970.rounded(.down))
    // A commit made at the deadline's second is late: `--before` includes that second.
    let output = try git(
      ["rev-list", "-1", "--before=@\(seconds - 1)", "HEAD"], in: repository,
      what: "find the last commit before the deadline")
    // The log holds standard error too: the commit is the line that is a hash alone.
    return output.split(separator: "\n").map(String.init).last {
      ($0.count == 40 || $0.count == 64) && $0.allSatisfy(\.isHexDigit)
    }
  }

  /// Writes the files of `commit` into `destination` (`git archive`, then `tar`).
  func write(_ commit: String, of repository: URL, into destination: URL) throws {
    let archive = destination.appendingPathExtension("tar")
    defer { try? FileManager.default.removeItem(at: archive) }
    _ = try git(
      ["archive", "--format=tar", "-o", archive.path, commit], in: repository,
      what: "write out commit \(commit.prefix(12))")
    let log = destination.appendingPathExtension("log")
    defer { try? FileManager.default.removeItem(at: log) }
    let outcome = try ProcessRunner.run(
      ["tar", "-xf", archive.path, "-C", destination.path], in: destination, log: log,
      timeLimit: 300)
    guard outcome.status == 0, !outcome.wasSignalled, !outcome.timedOut else {
      throw WorkshopError(
        "could not unpack commit \(commit.prefix(12)) of \(repository.path): "
          + ((try? String(contentsOf: log, encoding: .utf8)) ?? ""))
    }
  }

  /// Runs git in `repository` and returns what it printed; throws, saying `what` failed.
  private func git(_ arguments: [String], in repository: URL, what: String) throws -> String {
    try GitCommand.run(
      ["-c", "safe.directory=*", "-C", repository.path] + arguments, logsIn: folder,
      failure: "could not \(what) in \(repository.path) (is git installed, and is it a "
        + "repository?)")
  }
}
