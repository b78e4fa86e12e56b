import Dependencies
import Synchronization

/// The defaults of this process: one value per dependency key, decided once and then used by
/// every part of the program, on every thread and task.
///
/// A key is *decided* the first time it is read, or when ``prepareDependencies(fileID:filePath:line:column:_:)``
/// gives it a value. From then on its value never changes:
///
/// ```swift
/// prepareDependencies { $0[ServerKey.self] = "https://staging.example.com" }
///
/// // Anywhere later, in any task:
/// let server = DependencyDefaults.value(for: ServerKey.self)  // "https://staging.example.com"
/// ```
public enum DependencyDefaults {
  /// What the process knows about one decided key.
  struct Entry: Sendable {
    /// The key's value for the rest of the process.
    var value: any Sendable
    /// `true` when a preparation set it, `false` when it was decided by a read.
    var wasPrepared: Bool
  }

  /// Every decided key, by the key's type. Guarded by a mutex: any thread may read or prepare.
  static let entries = Mutex<[ObjectIdentifier: Entry]>([:])

  /// The value of `key` for this process.
  ///
  /// The first read of a key that was not prepared decides it with the key's `liveValue`; every
  /// later read, from any task, gets that same value.
  public static func value<Key: DependencyKey>(for key: Key.Type) -> Key.Value
  where Key.Value: Sendable {
    // Step 1: a default is decided once. If the key is already in `entries` (under the id
    // of its type), the recorded value is the answer, whoever recorded it. If not, compute
    // the live value OUTSIDE the lock: a live value may read another dependency, and `Mutex`
    // is not reentrant. Then take the lock again and look once more: if another task decided
    // the key meanwhile, its value wins, so that every reader agrees; otherwise record yours
    // as decided by a read (not prepared) and return it.
    return Key.liveValue
  }

  /// Whether `key` has been decided, by a read or a preparation. Reading this decides nothing.
  public static func isDecided<Key: DependencyKey>(_ key: Key.Type) -> Bool {
    entries.withLock { $0[ObjectIdentifier(key)] != nil }
  }

  /// The value `key` has now, or would get if it were read now, without deciding it.
  static func peek<Key: DependencyKey>(_ key: Key.Type) -> Key.Value where Key.Value: Sendable {
    if let decided = entries.withLock({ $0[ObjectIdentifier(key)] }) {
      return decided.value as! Key.Value
    }
    return Key.liveValue
  }
}
