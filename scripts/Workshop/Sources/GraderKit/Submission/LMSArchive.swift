import ExerciseEngine
import ExerciseModel
import Foundation

/// A learning system's "download all submissions" archive, unpacked into one folder per
/// learner, each graded like any copy of the workspace.
///
/// - **Moodle** names a folder per learner, `Full Name_<participant>_assignsubmission_file_/`;
///   the learner is the participant number (the worksheet's `Participant <n>`).
/// - **Canvas** puts every uploaded file at the top, named
///   `<name>[_LATE]_<user id>_<submission id>_<file name>`; the learner is the Canvas user id.
///
/// A learner who uploaded one zip (their workspace, or its `Exercises/`) has it unpacked in turn.
/// Nothing is written outside the learner's folder: an entry with an absolute path or a `..`
/// stops the run, naming it. An entry that fits neither system's naming is listed in a note and
/// not graded; a learner found twice (two folders or uploads of one participant or user) stops
/// the run. Unpacking uses `unzip`.
///
/// ```swift
/// let archive = LMSArchive(file: downloaded, folder: work.appendingPathComponent("hand-ins/1"))
/// let resolved = try archive.resolve(exerciseIDs: ids)
/// ```
public struct LMSArchive: Sendable {
  /// The archive the learning system made.
  public var file: URL
  /// Where it is unpacked (emptied first).
  public var folder: URL

  public init(file: URL, folder: URL) {
    self.file = file
    self.folder = folder
  }

  /// Whether `url` is an archive this type reads (a `.zip` file).
  public static func isArchive(_ url: URL) -> Bool {
    url.pathExtension.lowercased() == "zip"
      && !isRealDirectory(url) && FileManager.default.fileExists(atPath: url.path)
  }

  /// Unpacks the archive and finds each learner's submission.
  ///
  /// - Throws: a ``WorkshopError`` saying what is wrong: not an archive `unzip` reads, an entry
  ///   outside its folder, a learner twice, or no learner at all.
  public func resolve(exerciseIDs: [String]) throws -> HandIns {
    let manager = FileManager.default
    try? manager.removeItem(at: folder)
    try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    let entries = try Self.unpack(file, into: folder.appendingPathComponent("archive"))
    // Each learner's entries, by the learner's name in the system.
    var byLearner: [String: [String]] = [:]
    var others: [String] = []
    var tops: [String: Set<String>] = [:]
    for entry in entries where !entry.hasSuffix("/") {
      let top = String(entry.split(separator: "/").first ?? "")
      if let learner = Self.moodleLearner(top), entry.contains("/") {
        byLearner[learner, default: []].append(entry)
        tops[learner, default: []].insert(top)
      } else if !entry.contains("/"), let learner = Self.canvasLearner(top) {
        byLearner[learner, default: []].append(entry)
        tops[learner, default: []].insert(Self.canvasSubmission(top) ?? top)
      } else {
        others.append(top)
      }
    }
    if let twice = tops.sorted(by: { $0.key < $1.key }).first(where: { $0.value.count > 1 }) {
      throw WorkshopError(
        "\(file.path) holds learner \(twice.key) twice (\(twice.value.sorted().joined(separator: ", "))): "
          + "download the submissions again with only the latest of each learner.")
    }
    guard !byLearner.isEmpty else {
      throw WorkshopError(
        "\(file.path) holds no submission named as Moodle (`Name_<participant>_assignsubmission_"
          + "file_/`) or Canvas (`name_<user id>_<submission id>_file`) name them: give the "
          + "archive the learning system's \"download all submissions\" made.")
    }
    var submissions: [Submission] = []
    var empty: [String] = []
    for (learner, files) in byLearner.sorted(by: { $0.key < $1.key }) {
      let destination = folder.appendingPathComponent("learners/\(slug(learner))")
      try manager.createDirectory(at: destination, withIntermediateDirectories: true)
      let unpacked = folder.appendingPathComponent("archive")
      for entry in files {
        let source = unpacked.appendingPathComponent(entry)
        if source.pathExtension.lowercased() == "zip", files.count == 1 {
          _ = try Self.unpack(source, into: destination)
        } else {
          let name =
            Self.canvasFileName(entry)
            ?? String(entry.split(separator: "/").dropFirst().joined(separator: "/"))
          let target = destination.appendingPathComponent(name)
          try manager.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
          try manager.copyItem(at: source, to: target)
        }
      }
      var submission: Submission
      if let found = Self.workspace(in: destination, learner: learner, exerciseIDs: exerciseIDs) {
        submission = found
      } else {
        empty.append(learner)
        submission = Submission(
          learner: learner, folder: destination,
          source: .exercises(destination.appendingPathComponent("Exercises")))
      }
      // Reports name the archive, which stays; the folder unpacked from it does not.
      submission.origin = file.standardizedFileURL
      submissions.append(submission)
    }
    var notes: [String] = []
    if !others.isEmpty {
      notes.append(
        "not graded, not learners' submissions: " + Set(others).sorted().joined(separator: ", ")
          + ".")
    }
    if !empty.isEmpty {
      notes.append(
        "no Exercises/ folder in the upload, graded as handing in nothing: "
          + empty.joined(separator: ", ") + ".")
    }
    return HandIns(submissions: submissions, notes: notes)
  }

  /// Moodle's `Full Name_<participant>_assignsubmission_file_`: the participant number.
  static func moodleLearner(_ folder: String) -> String? {
    let parts = folder.components(separatedBy: "_")
    guard let index = parts.firstIndex(of: "assignsubmission"), index >= 2 else { return nil }
    let participant = parts[index - 1]
    guard !participant.isEmpty, participant.allSatisfy(\.isNumber) else { return nil }
    return participant
  }

  /// Canvas's `<name>[_LATE]_<user id>_<submission id>_<file>`: the user id.
  static func canvasLearner(_ file: String) -> String? {
    canvasParts(file)?.user
  }

  /// The `<user id>_<submission id>` part of a Canvas file name: one per submission.
  static func canvasSubmission(_ file: String) -> String? {
    canvasParts(file).map { "\($0.user)_\($0.submission)" }
  }

  /// The learner's own file name inside a Canvas entry name.
  static func canvasFileName(_ entry: String) -> String? {
    guard !entry.contains("/") else { return nil }
    return canvasParts(entry)?.file
  }

  private static func canvasParts(_ file: String) -> (
    user: String, submission: String, file: String
  )? {
    var parts = file.components(separatedBy: "_")
    guard parts.count >= 4 else { return nil }
    parts.removeFirst()
    if parts.first?.uppercased() == "LATE" { parts.removeFirst() }
    guard parts.count >= 3, !parts[0].isEmpty, parts[0].allSatisfy(\.isNumber),
      !parts[1].isEmpty, parts[1].allSatisfy(\.isNumber)
    else { return nil }
    return (parts[0], parts[1], parts[2...].joined(separator: "_"))
  }

  /// The workspace (a folder holding `Exercises/`, or an `Exercises/` folder itself) in
  /// `folder` or one level below it, as a learner zips it.
  static func workspace(in folder: URL, learner: String, exerciseIDs: [String]) -> Submission? {
    if let found = Submission.found(in: folder, learner: learner, exerciseIDs: exerciseIDs) {
      return found
    }
    let children = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let folders = children.filter { !$0.hasPrefix(".") && $0 != "__MACOSX" }.sorted()
      .map { folder.appendingPathComponent($0) }.filter(isRealDirectory)
    guard folders.count == 1 else { return nil }
    if folders[0].lastPathComponent == "Exercises" {
      return Submission(learner: learner, folder: folder, source: .exercises(folders[0]))
    }
    return Submission.found(in: folders[0], learner: learner, exerciseIDs: exerciseIDs)
  }

  /// Lists `archive`'s entries, refuses any outside its folder, and unpacks it into
  /// `destination`; returns the entries.
  static func unpack(_ archive: URL, into destination: URL) throws -> [String] {
    let manager = FileManager.default
    try manager.createDirectory(at: destination, withIntermediateDirectories: true)
    let log = destination.appendingPathExtension("unzip.log")
    defer { try? manager.removeItem(at: log) }
    func unzip(_ arguments: [String], what: String) throws -> String {
      let outcome = try ProcessRunner.run(
        ["unzip"] + arguments, in: destination, log: log, timeLimit: 600)
      let printed = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      if outcome.status == 127 {
        throw WorkshopError(
          "unpacking \(archive.lastPathComponent) needs unzip, which is not installed "
            + "(apt-get install unzip).")
      }
      guard outcome.status == 0, !outcome.wasSignalled, !outcome.timedOut else {
        throw WorkshopError(
          "could not \(what) \(archive.path) (is it a zip archive?): "
            + printed.split(separator: "\n").prefix(2).joined(separator: " "))
      }
      return printed
    }
    let entries = try unzip(["-Z1", archive.path], what: "list").split(separator: "\n")
      .map(String.init).filter { !$0.isEmpty }
    for entry in entries {
      let parts = entry.split(separator: "/", omittingEmptySubsequences: false)
      if entry.hasPrefix("/") || entry.contains("\\") || parts.contains("..") {
        throw WorkshopError(
          "\(archive.lastPathComponent) holds an entry outside its folder, \"\(entry)\": "
            + "nothing was unpacked. A learning system never makes such an archive; look at "
            + "where it came from.")
      }
    }
    _ = try unzip(["-q", "-o", archive.path, "-d", destination.path], what: "unpack")
    return entries
  }
}
