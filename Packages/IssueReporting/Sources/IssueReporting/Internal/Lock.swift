import Foundation

/// A value guarded by a lock, for this module's own shared state.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15; the workspace supports macOS 13.
final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  init(_ value: Value) {
    self.value = value
  }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
