// A speed-up, not behaviour: an advance that is not on an actor lets each woken sleeper wake
// the next one, instead of resuming the advance in between. Removing this file (and its two
// call sites, marked in SleepScheduler.swift) changes what `scripts/bench TestClock` measures,
// and nothing a test can see: sleepers wake in the same order, with the same `now`, after the
// same settling.
//
// How: each woken sleeper, when it returns from `sleep`, starts a probe task
// (`continueChain()`) instead of resuming the advance. The probe runs on the first thread free
// after that sleeper's job: usually the sleeper's own thread, which proves its job has ended (the
// same rule settling uses), so the probe wakes the next sleeper itself. That saves the advance a
// round trip per sleeper. When the probe cannot tell that the woken job has ended, it hands
// control back to the advance, which settles the usual way.
//
// What it buys (`scripts/bench TestClock`, release, 2 cores, 2026-11-24, medians of 10
// interleaved rounds): waking 500 or 2,000 sleepers took 3.2–7.1 µs per sleeper with it and
// 9.3–10.1 µs without it. The tests pass either way.

/// Why a chain of probes stopped waking sleepers for an advance.
enum ChainStop {
  /// No pending sleeper is due by the target.
  case finished
  /// The advance's real-time limit passed.
  case gaveUp
  /// A woken job may still be running: the advance has to settle before going on.
  case needsSettle
}

extension SleepScheduler {
  /// The chained advance in progress: its target, its real-time limit, and the advance itself
  /// while it waits for the chain to stop.
  struct Chain {
    let target: Instant
    let giveUpAt: ContinuousClock.Instant?
    var waiter: CheckedContinuation<ChainStop, Never>?
  }

  /// Advances to `target` with a chain of probes. Returns false, doing nothing, if another
  /// advance already holds the chain; the caller then advances the usual way.
  func advanceChained(to target: Instant, giveUpAt: ContinuousClock.Instant?) async -> Bool {
    let reserved = withState { state in
      guard state.chain == nil else { return false }
      state.chain = Chain(target: target, giveUpAt: giveUpAt)
      return true
    }
    guard reserved else { return false }
    defer { withState { $0.chain = nil } }
    while true {
      switch await wakeChained(through: target) {
      case .finished:
        moveNow(to: target)
        return true
      case .gaveUp:
        return true
      case .needsSettle:
        await settleBeforeNextSleeper(isolation: nil)
        if let giveUpAt, ContinuousClock.now >= giveUpAt { return true }
      }
    }
  }

  /// Wakes the next sleeper and lets probes carry on waking sleepers, one at a time, until
  /// there is none left, time runs out, or a woken job may still be running.
  private func wakeChained(through target: Instant) async -> ChainStop {
    await withCheckedContinuation { (continuation: CheckedContinuation<ChainStop, Never>) in
      let next = withState { state -> Sleeper.Continuation? in
        guard let next = state.takeNext(through: target) else { return nil }
        state.chain?.waiter = continuation
        return next
      }
      if let next {
        next.resume(returning: .byAdvance)
      } else {
        continuation.resume(returning: .finished)
      }
    }
  }

  /// Run by the probe task a woken sleeper starts once it has returned from `sleep`.
  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  func continueChain() {
    let thread = currentThread()
    let step = withState { state -> ChainStep in
      guard let chain = state.chain, let waiter = chain.waiter else { return .nothing }
      state.woken.noteFree(thread)
      let stop: ChainStop
      if !state.woken.tasks.isEmpty, !state.woken.mayBeRunning.isEmpty {
        stop = .needsSettle
      } else if let giveUpAt = chain.giveUpAt, ContinuousClock.now >= giveUpAt {
        stop = .gaveUp
      } else if let next = state.takeNext(through: chain.target) {
        return .wake(next)
      } else {
        stop = .finished
      }
      state.chain?.waiter = nil
      return .stop(waiter, stop)
    }
    switch step {
    case .nothing:
      break
    case .wake(let next):
      next.resume(returning: .byAdvance)
    case .stop(let waiter, let stop):
      waiter.resume(returning: stop)
    }
  }
}

/// What a probe does for a chained advance.
private enum ChainStep {
  case nothing
  case wake(Sleeper.Continuation)
  case stop(CheckedContinuation<ChainStop, Never>, ChainStop)
}
