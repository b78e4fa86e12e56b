import Foundation
import Synchronization

/// What the learner tool remembers between runs: how many hints of each exercise the learner
/// has seen, and the last check of each exercise (so `list` and the progress bar need no build
/// for exercises that have not changed since).
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

    public init(fingerprint: String, status: String, passes: Bool, checkedAt: Date) {
      self.fingerprint = fingerprint
      self.status = status
      self.passes = passes
      self.checkedAt = checkedAt
    }
  }

  public var version = 1
  /// Hints seen, by exercise id: `2` means hints 1 and 2 were shown.
  public var hintsSeen: [String: Int] = [:]
  public var records: [String: Record] = [:]

  public init() {}
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
    guard let data = try? Data(contentsOf: file) else { return LearnerState() }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    if let state = try? decoder.decode(LearnerState.self, from: data) { return state }
    let aside = file.appendingPathExtension("unreadable")
    try? FileManager.default.removeItem(at: aside)
    try? FileManager.default.moveItem(at: file, to: aside)
    return LearnerState()
  }
}
