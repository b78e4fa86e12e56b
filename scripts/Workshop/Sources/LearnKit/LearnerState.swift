import ExerciseModel
import Foundation
import Synchronization

/// What the learner tool remembers between runs: how many hints of each step of each exercise
/// the learner has seen, and the last check of each exercise (so `list`, the progress bar and
/// `hint` need no build for exercises that have not changed since).
///
/// It lives in `.build-learn/state.json`, beside the build folder and never inside it, so a
/// build folder that has to start over keeps it.
public struct LearnerState: Codable, Sendable, Equatable {
  /// The last check of one exercise.
  public struct Record: Codable, Sendable, Equatable {
    /// The learner's files when it was made (``ExerciseFiles/fingerprint``): the record holds
    /// only while they are unchanged.
    public var fingerprint: String
    /// ``ExerciseReport/statusText``: "step 3 of 7", "visible tests pass", …
    public var status: String
    public var passes: Bool
    public var checkedAt: Date
    /// The lowest step with a failing visible test (nil when they all pass, the code did not
    /// compile, or the failing tests belong to no step): the step whose hints come next.
    public var step: Int?

    public init(
      fingerprint: String, status: String, passes: Bool, checkedAt: Date, step: Int? = nil
    ) {
      self.fingerprint = fingerprint
      self.status = status
      self.passes = passes
      self.checkedAt = checkedAt
      self.step = step
    }
  }

  public var version = 1
  /// Hints seen, by exercise id, then by step (`"2"`; `"exercise"` for hints about the whole
  /// exercise): `2` means hints 1 and 2 of that step's ladder were shown.
  public var hintsSeen: [String: [String: Int]] = [:]
  public var records: [String: Record] = [:]
  /// The fingerprint (``ExerciseFiles``) of each exercise's files when they were last found
  /// equal to its generated starter: files with that fingerprint are the starter, without
  /// generating it again (which costs about a tenth of a second per exercise).
  public var starterFingerprints: [String: String] = [:]

  public init() {}

  enum CodingKeys: String, CodingKey {
    case version, records, starterFingerprints
    // A new name: the counts of an older file were per exercise, not per step, and are not
    // read back (its hints start again from the first of each step).
    case hintsSeen = "hintsSeenByStep"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
    hintsSeen =
      try container.decodeIfPresent([String: [String: Int]].self, forKey: .hintsSeen) ?? [:]
    records = try container.decodeIfPresent([String: Record].self, forKey: .records) ?? [:]
    starterFingerprints =
      try container.decodeIfPresent([String: String].self, forKey: .starterFingerprints) ?? [:]
  }

  /// The key of `step` in ``hintsSeen``.
  static func key(of step: Int?) -> String {
    step.map(String.init) ?? "exercise"
  }
}

/// Reads and writes ``LearnerState`` in its file, one change at a time.
public final class LearnerStateStore: Sendable {
  /// `.build-learn/state.json`.
  public let file: URL
  /// Held while the file is read or written: one change at a time.
  private let lock = Mutex<Void>(())

  public init(file: URL) {
    self.file = file
  }

  /// The state in the file; an empty state when there is none yet. A file that cannot be read
  /// as state is moved aside to `state.json.unreadable` (and the tool starts afresh) rather
  /// than stopping the learner.
  public func load() -> LearnerState {
    lock.withLock { _ in unlockedLoad() }
  }

  /// Changes the state and writes it back at once; returns what `change` returns.
  @discardableResult
  public func update<T>(_ change: (inout LearnerState) -> T) throws -> T {
    try lock.withLock { _ in
      var state = unlockedLoad()
      let result = change(&state)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      encoder.dateEncodingStrategy = .iso8601
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try encoder.encode(state).write(to: file, options: .atomic)
      return result
    }
  }

  private func unlockedLoad() -> LearnerState {
    guard FileManager.default.fileExists(atPath: file.path) else { return LearnerState() }
    let decoded = try? DecodedFiles.value(key: "learner state \(file.path)", files: [file]) {
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      return try decoder.decode(LearnerState.self, from: try Data(contentsOf: file))
    }
    if let decoded { return decoded }
    let aside = file.appendingPathExtension("unreadable")
    try? FileManager.default.removeItem(at: aside)
    try? FileManager.default.moveItem(at: file, to: aside)
    return LearnerState()
  }
}
