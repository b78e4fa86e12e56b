import Dispatch
import Synchronization

/// A task inside ``SleepScheduler/waitForPending(count:timeout:)``, which resumes it once enough
/// sleepers are pending, when its real-time limit passes, or when it is cancelled.
///
/// Its `phase` is read and written only while the scheduler's mutex is held. Whoever moves it
/// from `waiting` to `done` (under that mutex) calls ``finish(_:reached:)``, exactly once.
final class CountWaiter: @unchecked Sendable {
  enum Phase {
    case registering
    case waiting(CheckedContinuation<Bool, Never>)
    case done
  }

  let count: Int
  var phase = Phase.registering
  /// The timer that ends the wait, and whether the wait has already finished.
  private let expiry = Mutex<(item: DispatchWorkItem?, isFinished: Bool)>((nil, false))

  init(count: Int) {
    self.count = count
  }

  /// Keeps `item` so that finishing can cancel it; returns false if the wait already finished.
  func setExpiry(_ item: DispatchWorkItem) -> Bool {
    expiry.withLock { expiry in
      expiry.item = item
      return !expiry.isFinished
    }
  }

  /// Cancels the expiry and resumes the waiting task with `continuation`.
  func finish(_ continuation: CheckedContinuation<Bool, Never>, reached: Bool) {
    expiry.withLock { expiry in
      expiry.isFinished = true
      expiry.item?.cancel()
    }
    continuation.resume(returning: reached)
  }
}

extension SleepScheduler {
  /// Suspends until at least `count` sleepers are pending. Returns false if `timeout` (real time)
  /// passed first or the calling task was cancelled.
  func waitForPending(count: Int, timeout: Duration) async -> Bool {
    let waiter = CountWaiter(count: count)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let reached = withState { state -> Bool? in
          guard case .registering = waiter.phase else { return false }
          guard state.queue.count < count else {
            waiter.phase = .done
            return true
          }
          waiter.phase = .waiting(continuation)
          state.countWaiters.append(waiter)
          return nil
        }
        if let reached {
          continuation.resume(returning: reached)
        } else {
          scheduleExpiry(of: waiter, after: timeout)
        }
      }
    } onCancel: {
      expire(waiter)
    }
  }

  private func scheduleExpiry(of waiter: CountWaiter, after timeout: Duration) {
    let item = DispatchWorkItem { [self] in expire(waiter) }
    guard waiter.setExpiry(item) else { return }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout.dispatchInterval, execute: item)
  }

  private func expire(_ waiter: CountWaiter) {
    let continuation = withState { state -> CheckedContinuation<Bool, Never>? in
      switch waiter.phase {
      case .registering:
        waiter.phase = .done
        return nil
      case .waiting(let continuation):
        waiter.phase = .done
        state.countWaiters.removeAll { $0 === waiter }
        return continuation
      case .done:
        return nil
      }
    }
    if let continuation { waiter.finish(continuation, reached: false) }
  }
}

extension SleepScheduler.State {
  /// Removes the waiters whose count has been reached and marks them done.
  mutating func takeSatisfiedCountWaiters() -> [(CountWaiter, CheckedContinuation<Bool, Never>)] {
    guard !countWaiters.isEmpty else { return [] }
    var satisfied: [(CountWaiter, CheckedContinuation<Bool, Never>)] = []
    countWaiters.removeAll { waiter in
      guard waiter.count <= queue.count, case .waiting(let continuation) = waiter.phase else {
        return false
      }
      waiter.phase = .done
      satisfied.append((waiter, continuation))
      return true
    }
    return satisfied
  }
}
