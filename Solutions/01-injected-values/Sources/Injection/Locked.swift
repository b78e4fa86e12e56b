import Foundation

/// A value that many threads and tasks share, reached only while holding a lock.
///
/// Given code: ``InjectedValues`` keeps the app's current values in one of these.
/// `Synchronization.Mutex` does the same job but is not reentrant; this lock is recursive, so a
/// default value that itself reads another dependency (while the store's lock is held) cannot
/// deadlock.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// let now = count.withLock { $0 }  // 1
/// ```
final class Locked<Value: Sendable>: @unchecked Sendable {
  private var value: Value
  private let lock = NSRecursiveLock()

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive, mutable access to the value and returns what it returns.
  /// Whatever `body` does to its argument is kept.
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
