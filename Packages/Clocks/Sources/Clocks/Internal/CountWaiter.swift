/// A task inside ``SleepScheduler/waitForPending(count:timeout:)``, which resumes it once enough
/// sleepers are pending, when its real-time limit passes, or when it is cancelled.
///
/// Its fields are read and written only while the scheduler's mutex is held. Whoever moves it
/// from `waiting` to `done` (under that mutex) takes a ``FinishedWait`` and completes it after
/// releasing the mutex, exactly once.
final class CountWaiter: @unchecked Sendable {
  enum Phase {
    case registering
    case waiting(CheckedContinuation<Bool, Never>)
    case done
  }

  let count: Int
  var phase = Phase.registering
  /// The task that ends the wait at its real-time limit, once started.
  var expiry: Task<Void, Never>?

  init(count: Int) {
    self.count = count
  }

  /// Marks a waiting waiter done. Call with the scheduler's mutex held.
  func finish() -> FinishedWait? {
    guard case .waiting(let continuation) = phase else {
      phase = .done
      return nil
    }
    phase = .done
    return FinishedWait(continuation: continuation, expiry: expiry)
  }
}

/// A wait that has just finished: what to resume, and the expiry that is no longer needed.
struct FinishedWait: Sendable {
  let continuation: CheckedContinuation<Bool, Never>
  let expiry: Task<Void, Never>?

  func resume(reached: Bool) {
    expiry?.cancel()
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
          startExpiry(of: waiter, after: timeout)
        }
      }
    } onCancel: {
      expire(waiter)
    }
  }

  private func startExpiry(of waiter: CountWaiter, after timeout: Duration) {
    // A year stands for "never", and keeps the deadline arithmetic far from overflowing.
    let limit = min(timeout, .seconds(365 * 86_400))
    let expiry = Task.detached { [self] in
      try? await Task.sleep(for: limit)
      if !Task.isCancelled { expire(waiter) }
    }
    let isWaiting = withState { _ in
      guard case .waiting = waiter.phase else { return false }
      waiter.expiry = expiry
      return true
    }
    if !isWaiting { expiry.cancel() }
  }

  private func expire(_ waiter: CountWaiter) {
    let finished = withState { state -> FinishedWait? in
      state.countWaiters.removeAll { $0 === waiter }
      return waiter.finish()
    }
    finished?.resume(reached: false)
  }
}

extension SleepScheduler.State {
  /// Removes the waiters whose count has been reached and marks them done.
  mutating func takeSatisfiedCountWaiters() -> [FinishedWait] {
    guard !countWaiters.isEmpty else { return [] }
    var satisfied: [FinishedWait] = []
    countWaiters.removeAll { waiter in
      guard waiter.count <= queue.count, let finished = waiter.finish() else { return false }
      satisfied.append(finished)
      return true
    }
    return satisfied
  }
}
