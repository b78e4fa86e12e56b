import Foundation

/// A mutable value shared between tasks, read and written only while its lock is held.
///
/// `Synchronization.Mutex` would fit, but it needs macOS 15 and the workspace supports macOS 13.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value. `body` must not use this box again.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
