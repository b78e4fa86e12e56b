import Foundation

/// A task inside ``SleepScheduler/waitForPending(count:timeout:)``.
///
/// Its `phase` is guarded by the scheduler's lock. Whoever moves it from `waiting` to `done`
/// (under that lock) calls ``finish(_:reached:)``, exactly once.
final class CountWaiter: @unchecked Sendable {
  enum Phase {
    case registering
    case waiting(CheckedContinuation<Bool, Never>)
    case done
  }

  let count: Int
  var phase = Phase.registering
  private let expiryLock = NSLock()
  private var expiry: DispatchWorkItem?
  private var isFinished = false

  init(count: Int) {
    self.count = count
  }

  /// Keeps `item` so that finishing can cancel it; returns false if the wait already finished.
  func setExpiry(_ item: DispatchWorkItem) -> Bool {
    expiryLock.lock()
    defer { expiryLock.unlock() }
    expiry = item
    return !isFinished
  }

  /// Cancels the expiry and resumes the waiting task with `continuation`.
  func finish(_ continuation: CheckedContinuation<Bool, Never>, reached: Bool) {
    expiryLock.lock()
    isFinished = true
    expiry?.cancel()
    expiryLock.unlock()
    continuation.resume(returning: reached)
  }
}
