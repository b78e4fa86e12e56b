import Foundation

/// A flag that is set once, from any thread.
final class LockedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var isSet = false

  /// Sets the flag; returns whether this call set it.
  func setOnce() -> Bool {
    lock.withLock {
      defer { isSet = true }
      return !isSet
    }
  }

  /// Whether the flag is still down.
  var isFirst: Bool { lock.withLock { !isSet } }
}

/// A set of strings several closures may add to, from any thread.
final class LockedSet: @unchecked Sendable {
  private let lock = NSLock()
  private var values = Set<String>()

  /// Adds `value`; returns whether it was new.
  func insert(_ value: String) -> Bool { lock.withLock { values.insert(value).inserted } }
}
