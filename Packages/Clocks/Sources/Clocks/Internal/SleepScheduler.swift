@_spi(ThreadSanitizer) import IssueReporting
import Synchronization

/// The machine behind ``TestClock``: sleepers register, an advance wakes them one at a time.
///
/// `TestClock.advance(to:)` reads as the whole algorithm: wait for started work, then wake the
/// next sleeper due (`wakeNext(through:)`) and settle, until none is due; then move `now`. This
/// file holds the bookkeeping those steps share:
/// - `sleep(until:)` registers the caller in the ``SleepQueue`` and suspends; cancelling the task
///   removes it and throws `CancellationError`.
/// - `wakeNext(through:)` takes the next sleeper due, moves `now` to its deadline and resumes it;
///   the sleeper reports back (`acknowledgeWake`) once its `sleep` call is about to return.
///
/// The waits live in files of their own: `SleepScheduler+Settling.swift` (what an advance waits
/// for before and between sleepers), `SleepScheduler+Chain.swift` (off actors, woken sleepers
/// wake the next one themselves: a speed-up) and `CountWaiter.swift` (waiting for a number of
/// sleepers).
///
/// All state sits in one `Mutex`, taken for a few instructions at a time and never across an
/// `await`; continuations are resumed after it is released. Each continuation is stored in
/// exactly one place and resumed by whoever takes it out under the mutex. They are the checked
/// kind: the unchecked kind would save an allocation per sleep, but ThreadSanitizer cannot see
/// its synchronization and reports false data races (swiftlang/swift#57803).
///
/// Speed: code in another module calls this generic class unspecialized, where every heap swap
/// needs runtime type metadata. The entry points of a sleep's round trip (`sleep`, `wakeNext`,
/// `settle`, `continueChain`) carry `@_specialize` for `TestClock<Swift.Duration>`, by far the
/// common clock, so that they and what they call run specialized; without it, waking sleepers
/// takes about twice as long (`scripts/bench TestClock`). Other `Duration` types take the generic
/// path: slower, same behaviour.
final class SleepScheduler<Instant: InstantProtocol>: Sendable {
  struct State {
    var now: Instant
    var queue = SleepQueue<Instant, Sleeper.Pending>()
    /// Sleepers resumed by an advance whose `sleep` call has not returned yet.
    var awakening = 0
    /// An advance waiting until `awakening` is back to 0.
    var wakeWaiters: [CheckedContinuation<Void, Never>] = []
    /// Tasks inside `waitForPending(count:timeout:)`.
    var countWaiters: [CountWaiter] = []
    /// Bumped on every registration: tells a settling pause that work is still going on.
    var activity: UInt64 = 0
    /// What the work woken at the current deadline is doing (`WokenWork.swift`).
    var woken = WokenWork()
    /// Sleepers waking one another for a settling advance, if any (`SleepScheduler+Chain.swift`).
    var chain: Chain?
  }

  private let state: Mutex<State>
  /// Only for ThreadSanitizer: see ``withState(_:)``.
  private let handOff = Atomic<UInt8>(0)

  init(now: Instant) {
    state = Mutex(State(now: now))
  }

  /// Runs `body` with the state, holding the mutex. Keep `body` short; never `await` in it.
  ///
  /// `handOff` lets ThreadSanitizer see each hand-over of the mutex between threads (see
  /// `Mutex.withLock(witness:)` in IssueReporting).
  func withState<R>(_ body: (inout sending State) -> sending R) -> sending R {
    state.withLock(witness: handOff, body)
  }

  /// The current time. A woken task that reads it (as `sleep(for:)` does first) is noted as on
  /// its way back to sleep; see `SleepScheduler+Settling.swift`.
  var now: Instant {
    withState { state in
      if !state.woken.tasks.isEmpty { state.woken.noteReadingNow(currentTask()) }
      return state.now
    }
  }

  var pendingCount: Int {
    withState { $0.queue.count }
  }

  var earliestDeadline: Instant? {
    withState { $0.queue.nextDeadline() }
  }

  // MARK: Sleeping

  /// Suspends until an advance reaches `deadline`; returns at once if `deadline` has passed.
  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  func sleep(until deadline: Instant) async throws {
    try Task.checkCancellation()
    let sleeper = Sleeper(task: currentTask())
    let wake = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: Sleeper.Continuation) in
        register(sleeper, until: deadline, continuation)
      }
    } onCancel: {
      cancel(sleeper)
    }
    guard wake == .byAdvance else { return }
    acknowledgeWake(of: sleeper)
    try Task.checkCancellation()
  }

  private func register(
    _ sleeper: Sleeper, until deadline: Instant, _ continuation: Sleeper.Continuation
  ) {
    let outcome = withState { state -> Registration in
      guard case .registering = sleeper.phase else { return .cancelled }
      guard deadline >= state.now else {
        sleeper.phase = .done
        return .deadlinePassed
      }
      let pending = Sleeper.Pending(continuation: continuation, task: sleeper.task)
      sleeper.phase = .registered(state.queue.register(pending, until: deadline))
      state.activity &+= 1
      state.woken.noteSleeping(sleeper.task)
      return .registered(state.takeSatisfiedCountWaiters())
    }
    switch outcome {
    case .cancelled:
      continuation.resume(throwing: CancellationError())
    case .deadlinePassed:
      continuation.resume(returning: .deadlinePassed)
    case .registered(let satisfied):
      for wait in satisfied { wait.resume(reached: true) }
    }
  }

  private func cancel(_ sleeper: Sleeper) {
    let cancelled = withState { state -> Sleeper.Pending? in
      defer { sleeper.phase = .done }
      guard case .registered(let ticket) = sleeper.phase else { return nil }
      return state.queue.cancel(ticket)
    }
    cancelled?.continuation.resume(throwing: CancellationError())
  }

  /// Called by a woken sleeper, in its own task, once its `sleep` is about to return: resumes
  /// the advance once every sleeper it woke has got this far.
  private func acknowledgeWake(of sleeper: Sleeper) {
    let thread = currentThread()
    let priority = Task.currentPriority
    let next = withState { state -> AfterWake in
      state.woken.noteReturned(sleeper.task, thread: thread, priority: priority)
      state.awakening -= 1
      guard state.awakening == 0 else { return .nothing }
      // Speed-up, not behaviour: see SleepScheduler+Chain.swift.
      if state.chain?.isRunning == true { return .continueChain }
      guard !state.wakeWaiters.isEmpty else { return .nothing }
      defer { state.wakeWaiters = [] }
      // Queue a probe behind the advance: if the advance resumes on another thread while this
      // job is still running, this thread runs the probe next, which tells the advance the job
      // has ended. See `SleepScheduler+Settling.swift`.
      let probe = ThreadProbe()
      state.woken.queuedProbe = probe
      return .resumeAdvance(state.wakeWaiters, probe)
    }
    switch next {
    case .nothing:
      break
    case .continueChain:
      Task.detached(priority: priority) { [self] in continueChain() }
    case .resumeAdvance(let waiters, let probe):
      for waiter in waiters { waiter.resume() }
      Task.detached(priority: priority) { probe.record() }
    }
  }

  // MARK: Advancing

  /// Wakes the first pending sleeper if its deadline is at or before `target`, moving `now` to
  /// that deadline. Returns whether it woke one.
  ///
  /// Off actors (`isolation` is `nil`), the sleeper may go on to wake the next ones due by
  /// `target` itself, until real time reaches `giveUpAt`: a speed-up (`SleepScheduler+Chain.swift`)
  /// that the advance's next `settle(isolation:)` waits for.
  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  func wakeNext(
    through target: Instant, giveUpAt: ContinuousClock.Instant? = nil, isolation: (any Actor)?
  ) -> Bool {
    let advance = currentTask()
    let next = withState { state -> Sleeper.Continuation? in
      guard let next = state.takeNext(through: target) else { return nil }
      if isolation == nil, state.chain == nil {
        state.chain = Chain(target: target, giveUpAt: giveUpAt, advance: advance)
      }
      return next
    }
    guard let next else { return false }
    next.resume(returning: .byAdvance)
    return true
  }

  /// Moves `now` to `target`, unless it is already later.
  func moveNow(to target: Instant) {
    withState { state in
      if state.now < target { state.now = target }
    }
  }

  /// Suspends until every sleeper woken so far has returned from its `sleep` call.
  func waitUntilWokenSleepersReturn(isolation: isolated (any Actor)?) async {
    await withCheckedContinuation(isolation: isolation) {
      (continuation: CheckedContinuation<Void, Never>) in
      let returned = withState { state in
        guard state.awakening > 0 else { return true }
        state.wakeWaiters.append(continuation)
        return false
      }
      if returned { continuation.resume() }
    }
  }

  /// Wakes every pending sleeper with a `CancellationError`, so the tasks waiting on them end.
  func cancelAll() {
    let cancelled = withState { $0.queue.removeAll() }
    for sleeper in cancelled { sleeper.continuation.resume(throwing: CancellationError()) }
  }
}

extension SleepScheduler.State {
  /// Removes the first pending sleeper if its deadline is at or before `target`, moving `now`
  /// to that deadline and counting the sleeper as awakening. Returns its continuation.
  mutating func takeNext(through target: Instant) -> Sleeper.Continuation? {
    guard let (deadline, sleeper) = queue.takeNext(dueBy: target) else { return nil }
    awakening += 1
    if now < deadline {
      now = deadline
      woken.startDeadline()
    }
    woken.noteWoken(sleeper.task)
    return sleeper.continuation
  }
}

/// What registering a sleeper came to.
private enum Registration {
  case cancelled
  case deadlinePassed
  /// Registered; these count waiters have their count now.
  case registered([FinishedWait])
}

/// What a woken sleeper does once it has returned from `sleep`.
private enum AfterWake {
  case nothing
  case continueChain
  case resumeAdvance([CheckedContinuation<Void, Never>], ThreadProbe)
}

/// The calling task, as a hash (0 outside a task).
func currentTask() -> Int {
  withUnsafeCurrentTask { $0?.hashValue ?? 0 }
}
