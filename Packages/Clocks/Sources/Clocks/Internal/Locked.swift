import Foundation

/// A value that only one thread at a time may touch: every access goes through ``withLock(_:)``.
///
/// A plain `NSLock` rather than `Synchronization.Mutex`, which needs macOS 15.
final class Locked<State>: @unchecked Sendable {
  private var state: State
  private let lock = NSLock()

  init(_ state: State) {
    self.state = state
  }

  /// Runs `body` with exclusive access to the state. Keep `body` short and never `await` in it.
  func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
