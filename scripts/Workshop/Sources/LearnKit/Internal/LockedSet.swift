import Synchronization

/// A set of strings several closures may add to, from any thread.
final class LockedSet: Sendable {
  private let values = Mutex<Set<String>>([])

  /// Adds `value`; returns whether it was new.
  func insert(_ value: String) -> Bool { values.withLock { $0.insert(value).inserted } }
}
