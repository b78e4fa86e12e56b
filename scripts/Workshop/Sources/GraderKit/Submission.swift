import ExerciseModel
import Foundation

/// One learner's work to grade.
public struct Submission: Sendable, Equatable {
  /// Where the learner's exercise sources come from.
  public enum Source: Sendable, Equatable {
    /// A learner's `Exercises/` folder: `<folder>/<id>/Sources/<Module>/`.
    case exercises(URL)
    /// This workspace's reference solutions (the grader's self-check).
    case solutions
  }

  /// The learner's name in reports: the submission folder's name.
  public var learner: String
  /// The folder that was submitted (never written to).
  public var folder: URL
  public var source: Source
  /// Where the hand-in came from when `folder` is a copy made for grading: the learner's git
  /// repository (``GitHandIns``) or the learning system's archive (``LMSArchive``). Reports name
  /// it as the submission.
  public var origin: URL? = nil
  /// The commit graded, for a hand-in from a git repository.
  public var commit: String? = nil

  public init(learner: String, folder: URL, source: Source) {
    self.learner = learner
    self.folder = folder
    self.source = source
  }

  /// Finds the submissions at `path`: a learner's workspace (a folder holding `Exercises/`), a
  /// learner's `Exercises/` folder itself, or a class folder whose subfolders are either.
  ///
  /// Throws a message that says what was expected when `path` is none of these.
  public static func find(at path: URL, exerciseIDs: [String]) throws -> [Submission] {
    try scan(at: path, exerciseIDs: exerciseIDs).learners
  }

  /// What a class folder holds: the learners' submissions, and the entries that are not
  /// learners, each with the reason (`notes.txt (a file)`).
  public struct ClassFolder: Sendable, Equatable {
    public var learners: [Submission]
    public var others: [String]

    /// The note listing ``others``, or nil when every entry is a learner.
    public var note: String? {
      guard !others.isEmpty else { return nil }
      return "not graded, not learners' folders: " + others.joined(separator: ", ") + "."
    }
  }

  /// ``find(at:exerciseIDs:)``, with the entries of a class folder that are not learners.
  public static func scan(at path: URL, exerciseIDs: [String]) throws -> ClassFolder {
    let folder = path.standardizedFileURL
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
      throw WorkshopError(
        "\(path.path) does not exist. Give a learner's workspace or a class folder.")
    }
    guard isDirectory.boolValue else {
      throw WorkshopError(
        "\(path.path) is a file. Give a folder: a learner's workspace (it holds Exercises/) or a "
          + "class folder (one workspace per learner).")
    }
    if let single = submission(in: folder, exerciseIDs: exerciseIDs) {
      return ClassFolder(learners: [single], others: [])
    }
    let children = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    var learners: [Submission] = []
    var others: [String] = []
    for name in children {
      let child = folder.appendingPathComponent(name)
      let type = (try? manager.attributesOfItem(atPath: child.path))?[.type] as? FileAttributeType
      if name.hasPrefix(".") {
        others.append("\(name) (hidden)")
      } else if type == .typeSymbolicLink {
        others.append("\(name) (a symbolic link, not followed)")
      } else if type != .typeDirectory {
        others.append("\(name) (a file)")
      } else if let learner = submission(in: child, exerciseIDs: exerciseIDs) {
        learners.append(learner)
      } else {
        others.append("\(name) (no Exercises/ folder)")
      }
    }
    guard !learners.isEmpty else {
      throw WorkshopError(
        "\(path.path) is not a workspace (it has no Exercises/ folder) and no folder inside it "
          + "is one, so there is nothing to grade. Give a learner's copy of the workspace, or a "
          + "class folder holding one copy per learner.")
    }
    return ClassFolder(learners: learners, others: others)
  }

  /// The submission in `folder`, if it is a workspace or an `Exercises/` folder. Symbolic links
  /// are not followed.
  /// What a sandbox hides while this submission is graded: its folder, and where it came from.
  var hiddenPaths: [String] {
    [folder, origin].compactMap { $0?.standardizedFileURL.path }
  }

  /// The submission `folder` holds (a workspace, or its `Exercises/`), graded as `learner`.
  static func found(in folder: URL, learner: String, exerciseIDs: [String]) -> Submission? {
    guard var found = submission(in: folder, exerciseIDs: exerciseIDs) else { return nil }
    found.learner = learner
    return found
  }

  private static func submission(in folder: URL, exerciseIDs: [String]) -> Submission? {
    guard isRealDirectory(folder) else { return nil }
    let exercises = folder.appendingPathComponent("Exercises")
    if isRealDirectory(exercises) {
      return Submission(
        learner: folder.lastPathComponent, folder: folder, source: .exercises(exercises))
    }
    let holdsExercises = exerciseIDs.contains {
      isRealDirectory(folder.appendingPathComponent($0))
    }
    if holdsExercises {
      return Submission(
        learner: folder.lastPathComponent, folder: folder, source: .exercises(folder))
    }
    return nil
  }
}

/// Whether `url` is a directory and not a symbolic link to one.
func isRealDirectory(_ url: URL) -> Bool {
  guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else {
    return false
  }
  return attributes[.type] as? FileAttributeType == .typeDirectory
}

/// Learners' hand-ins found somewhere other than a folder of copies (git repositories, a
/// learning system's archive), each written out into a folder of its own, and what the class
/// should be told about the rest.
public struct HandIns: Sendable, Equatable {
  public var submissions: [Submission]
  public var notes: [String]

  public init(submissions: [Submission], notes: [String]) {
    self.submissions = submissions
    self.notes = notes
  }
}
