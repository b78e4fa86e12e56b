// A speed-up, not behaviour: off actors, the sleepers an advance wakes wake one another, instead
// of resuming the advance in between. Without it (make `wakeNext` never start a chain),
// `scripts/bench TestClock` measures more and a test sees nothing else: sleepers wake in the
// same order, with the same `now`, after the same settling.
//
// How: when an advance off actors wakes a sleeper (`wakeNext(through:giveUpAt:isolation:)`), it
// starts a chain in the same step. The woken sleeper, when it returns from `sleep`, starts a
// probe task (`continueChain()`) instead of resuming the advance. The probe runs on the first
// thread free after that sleeper's job: usually the sleeper's own thread, which proves its job
// has ended (the same rule settling uses), so the probe wakes the next sleeper due itself. That
// saves the advance a round trip per sleeper. When the probe cannot tell that the woken job has
// ended, it stops the chain and the advance, in `settle(isolation:)`, settles the usual way.
//
// What it buys (`scripts/bench TestClock`, release, 2 cores, 2026-11-24, medians of 10
// interleaved rounds): waking 500 or 2,000 sleepers took 3.2–7.1 µs per sleeper with it and
// 9.3–10.1 µs without it. The tests pass either way.

/// Why sleepers stopped waking one another for an advance.
enum ChainStop {
  /// No pending sleeper is due by the target.
  case finished
  /// The advance's real-time limit passed.
  case gaveUp
  /// A woken job may still be running: the advance has to settle the usual way.
  case needsSettle
}

extension SleepScheduler {
  /// Sleepers waking one another for an advance: its target and real-time limit, the advance's
  /// task, and how the advance hears that the chain stopped. Held in the state from the wake that
  /// starts it until the advance has heard.
  struct Chain {
    let target: Instant
    let giveUpAt: ContinuousClock.Instant?
    /// The task of the advance that started the chain (see `currentTask()`).
    let advance: Int
    /// The advance, once it waits in `settle(isolation:)`.
    var waiter: CheckedContinuation<ChainStop?, Never>?
    /// Why the chain stopped, if it did before the advance waited.
    var stop: ChainStop?

    init(target: Instant, giveUpAt: ContinuousClock.Instant?, advance: Int) {
      self.target = target
      self.giveUpAt = giveUpAt
      self.advance = advance
    }

    /// Whether woken sleepers still wake the next ones.
    var isRunning: Bool { stop == nil }
  }

  /// Waits until the chain the calling advance started stops, and says why; `nil`, at once, if
  /// this advance has no chain.
  func waitForChainToStop() async -> ChainStop? {
    let advance = currentTask()
    return await withCheckedContinuation { (continuation: CheckedContinuation<ChainStop?, Never>) in
      let outcome = withState { state -> ChainWait in
        guard let chain = state.chain, chain.advance == advance else { return .noChain }
        guard let stop = chain.stop else {
          state.chain?.waiter = continuation
          return .waiting
        }
        state.chain = nil
        return .stopped(stop)
      }
      switch outcome {
      case .noChain: continuation.resume(returning: nil)
      case .waiting: break
      case .stopped(let stop): continuation.resume(returning: stop)
      }
    }
  }

  /// Run by the probe task a woken sleeper starts once it has returned from `sleep`.
  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  func continueChain() {
    let thread = currentThread()
    let step = withState { state -> ChainStep in
      guard let chain = state.chain, chain.isRunning else { return .nothing }
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
      guard let waiter = chain.waiter else {
        state.chain?.stop = stop
        return .nothing
      }
      state.chain = nil
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

/// What a probe does for sleepers waking one another.
private enum ChainStep {
  case nothing
  case wake(Sleeper.Continuation)
  case stop(CheckedContinuation<ChainStop?, Never>, ChainStop)
}

/// What an advance found when it went to wait for its chain.
private enum ChainWait {
  case noChain
  case waiting
  case stopped(ChainStop)
}
