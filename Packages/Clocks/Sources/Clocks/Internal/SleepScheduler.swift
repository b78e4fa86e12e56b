import Dispatch
import Foundation

/// The bookkeeping behind ``TestClock``: who sleeps until when, who has just been woken, and who
/// is waiting for sleepers to arrive.
///
/// All state is guarded by one `NSLock`, taken for a few instructions at a time and never across
/// an `await`. Sleepers sit in a ``MinHeap`` ordered by (deadline, registration number), so the
/// next one to wake is found in O(log n). A cancelled sleeper is only marked as done; its heap
/// entry is dropped when it reaches the top, or when such leftovers outnumber the live entries.
///
/// Each continuation is stored in exactly one place and resumed by whoever moves it out under
/// the lock. They are still the checked kind: the unchecked kind would save an allocation per
/// sleep, but ThreadSanitizer cannot see its synchronization and reports false data races
/// (swiftlang/swift#57803).
///
/// Speed: a test may park thousands of sleepers, and `scripts/bench` measures waking them (a
/// handful of microseconds each, mostly spent handing work between threads). Code in another
/// module calls this generic class unspecialized, where every heap swap and closure needs runtime
/// type metadata; `@_specialize` compiles the hot paths once more for `TestClock<Swift.Duration>`
/// (by far the common clock) and dispatches to that copy at run time, and the hot paths take the
/// lock inline rather than through a closure-taking helper. Other `Duration` types take the
/// generic path: slower, same behaviour.
final class SleepScheduler<Instant: InstantProtocol>: @unchecked Sendable {
  /// How many `Task.yield()`s in a row, with no sleeper registering meanwhile, end a settling
  /// pause (at the start of an advance, and between deadlines on an actor). See the README.
  static var quietYieldLimit: Int { 2 }

  /// How long settling waits, at most, for the job a woken task runs in to end.
  static var runningJobLimit: Duration { .milliseconds(2) }

  /// How long settling on an actor waits, at most, for the global executor to move past work
  /// handed to it by woken actor-isolated work (a main-actor task calling `sleep`).
  static var actorHandOffLimit: Duration { .milliseconds(2) }

  private let lock = NSLock()
  private var currentNow: Instant
  private var queue = MinHeap<SleepEntry<Instant>>()
  private var nextSequence: UInt64 = 0
  private var pending = 0
  /// Sleepers resumed by an advance whose `sleep` call has not returned yet.
  private var awakening = 0
  private var wakeWaiters: [CheckedContinuation<Void, Never>] = []
  /// Tasks woken at the current deadline that have not registered a new sleep since.
  private var wokenTasks: Set<Int> = []
  /// The subset of `wokenTasks` that may still be running the job they woke up in, with the
  /// thread each one woke up on. See `settle(afterWaking:isolation:)`.
  private var mayBeRunning: [Int: WokenJob] = [:]
  /// The tasks in `wokenTasks` that have read `now` since they woke.
  private var wokenTasksReadingNow: Set<Int> = []
  /// The priority each task in `wokenTasks` had when it returned from `sleep`.
  private var wokenPriorities: [Int: TaskPriority] = [:]
  /// Bumped on every registration: tells a settling pause that work is still going on.
  private var activity: UInt64 = 0
  private var countWaiters: [CountWaiter] = []
  /// The probe an advance is blocked on, if any: it stops waiting once every woken task sleeps.
  private var activeProbe: ThreadProbe?
  /// A probe queued by the last woken sleeper when it resumed the advance.
  private var pendingProbe: ThreadProbe?
  /// The advance that a chain of probes wakes sleepers for, if any (see `wakeChained`), with
  /// its target and real-time limit.
  private var chainWaiter: CheckedContinuation<ChainStop, Never>?
  private var chainTarget: Instant?
  private var chainGiveUpAt: ContinuousClock.Instant?

  init(now: Instant) {
    currentNow = now
  }

  deinit {
    for entry in queue.removeAll() { entry.release() }
  }

  /// The current time. A woken task that reads it (as `sleep(for:)` does first) is noted as on
  /// its way back to sleep; see `settle(afterWaking:isolation:)`.
  var now: Instant {
    lock.lock()
    defer { lock.unlock() }
    if !wokenTasks.isEmpty {
      let task = withUnsafeCurrentTask { $0?.hashValue ?? 0 }
      if wokenTasks.contains(task) { wokenTasksReadingNow.insert(task) }
    }
    return currentNow
  }

  var pendingCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return pending
  }

  var earliestDeadline: Instant? {
    lock.lock()
    defer { lock.unlock() }
    dropFinishedEntries()
    return queue.min?.deadline
  }

  // MARK: Sleeping

  /// Suspends until an advance reaches `deadline`; returns at once if `deadline` has passed.
  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  func sleep(until deadline: Instant) async throws {
    try Task.checkCancellation()
    let sleeper = Sleeper(task: withUnsafeCurrentTask { $0?.hashValue ?? 0 })
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

  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  private func register(
    _ sleeper: Sleeper, until deadline: Instant, _ continuation: Sleeper.Continuation
  ) {
    lock.lock()
    guard case .registering = sleeper.phase else {
      lock.unlock()
      continuation.resume(throwing: CancellationError())
      return
    }
    guard deadline >= currentNow else {
      sleeper.phase = .done
      lock.unlock()
      continuation.resume(returning: .deadlinePassed)
      return
    }
    sleeper.phase = .pending(continuation)
    queue.insert(SleepEntry(deadline: deadline, sequence: nextSequence, sleeper: sleeper))
    nextSequence += 1
    pending += 1
    activity &+= 1
    if wokenTasks.remove(sleeper.task) != nil {
      mayBeRunning[sleeper.task] = nil
      wokenTasksReadingNow.remove(sleeper.task)
      if wokenTasks.isEmpty { activeProbe?.stopWaiting() }
    }
    let satisfied = countWaiters.isEmpty ? [] : takeSatisfiedCountWaiters()
    lock.unlock()
    for (waiter, continuation) in satisfied { waiter.finish(continuation, reached: true) }
  }

  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  private func cancel(_ sleeper: Sleeper) {
    lock.lock()
    switch sleeper.phase {
    case .registering:
      sleeper.phase = .done
      lock.unlock()
    case .pending(let continuation):
      sleeper.phase = .done
      pending -= 1
      compactIfMostlyFinished()
      lock.unlock()
      continuation.resume(throwing: CancellationError())
    case .done:
      lock.unlock()
    }
  }

  /// Called by a woken sleeper, in its own task, once its `sleep` is about to return.
  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  private func acknowledgeWake(of sleeper: Sleeper) {
    let thread = currentThread()
    lock.lock()
    if wokenTasks.contains(sleeper.task) {
      let priority = Task.currentPriority
      mayBeRunning[sleeper.task] = WokenJob(thread: thread, priority: priority)
      wokenPriorities[sleeper.task] = priority
    }
    awakening -= 1
    if awakening == 0, chainWaiter != nil {
      lock.unlock()
      Task.detached(priority: Task.currentPriority) { [self] in continueChain() }
      return
    }
    guard awakening == 0, !wakeWaiters.isEmpty else {
      lock.unlock()
      return
    }
    let waiters = wakeWaiters
    wakeWaiters = []
    // Queue a probe behind the advance: if the advance resumes on another thread while this
    // job is still running, this thread runs the probe next, which tells the advance the job
    // has ended. See `settle(afterWaking:isolation:)`.
    let probe = ThreadProbe()
    pendingProbe = probe
    lock.unlock()
    for waiter in waiters { waiter.resume() }
    Task.detached(priority: Task.currentPriority) { probe.record() }
  }

  // MARK: Advancing

  /// Moves time to `target`, waking every sleeper whose deadline is at or before it, one at a
  /// time in (deadline, registration) order.
  ///
  /// If real time reaches `giveUpAt` first, it stops after the sleeper it is waking, leaving
  /// `now` at that sleeper's deadline.
  ///
  /// It runs on the caller's actor, if any, so that on an actor shared with the woken work (the
  /// main actor, typically) its pauses queue up behind that work. Off actors it takes the fast
  /// path, ``wakeChained(through:)``, and settles itself only when a probe cannot.
  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  func advance(
    to target: Instant,
    giveUpAt: ContinuousClock.Instant? = nil,
    isolation: isolated (any Actor)?
  ) async {
    if isolation == nil, reserveChain(target: target, giveUpAt: giveUpAt) {
      defer { releaseChain() }
      while true {
        switch await wakeChained(through: target) {
        case .finished:
          moveNow(to: target)
          return
        case .gaveUp:
          return
        case .needsSettle:
          if nextDeadlineIsLater() {
            await settle(afterWaking: true, isolation: isolation)
          } else {
            _ = waitForWokenJobsToEnd()
          }
          if let giveUpAt, ContinuousClock.now >= giveUpAt { return }
        }
      }
    }
    while wakeNext(through: target) {
      await waitUntilWokenSleepersReturn(isolation: isolation)
      if nextDeadlineIsLater() {
        await settle(afterWaking: true, isolation: isolation)
      } else {
        // The next sleeper shares this deadline: it only waits for this one's job to end, so
        // that what the two do after waking happens in their order too.
        _ = waitForWokenJobsToEnd()
      }
      if let giveUpAt, ContinuousClock.now >= giveUpAt { return }
    }
    moveNow(to: target)
  }

  /// Claims the chain for a nonisolated advance; false if another advance holds it.
  private func reserveChain(target: Instant, giveUpAt: ContinuousClock.Instant?) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard chainTarget == nil else { return false }
    chainTarget = target
    chainGiveUpAt = giveUpAt
    return true
  }

  /// Wakes the next sleeper and lets probes carry on waking sleepers, one at a time, until
  /// there is none left, time runs out, or a woken job may still be running.
  ///
  /// This is the fast path of an advance that is not on an actor. Each woken sleeper, when it
  /// returns from `sleep`, starts a probe task (see ``continueChain()``) instead of resuming the
  /// advance. The probe runs on the first thread free after that sleeper's job: usually the
  /// sleeper's own thread, which proves its job has ended, so the probe wakes the next sleeper
  /// itself. That saves the advance a round trip per sleeper.
  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  private func wakeChained(through target: Instant) async -> ChainStop {
    await withCheckedContinuation { (continuation: CheckedContinuation<ChainStop, Never>) in
      lock.lock()
      guard let next = takeNext(through: target) else {
        lock.unlock()
        continuation.resume(returning: .finished)
        return
      }
      chainWaiter = continuation
      lock.unlock()
      next.resume(returning: .byAdvance)
    }
  }

  /// Run by the probe task a woken sleeper starts: see ``wakeChained(through:)``.
  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  private func continueChain() {
    let thread = currentThread()
    lock.lock()
    guard let waiter = chainWaiter, let target = chainTarget else {
      lock.unlock()
      return
    }
    for (task, job) in mayBeRunning where job.thread == thread {
      mayBeRunning[task] = nil
    }
    let stop: ChainStop
    if !wokenTasks.isEmpty, !mayBeRunning.isEmpty {
      stop = .needsSettle
    } else if let giveUpAt = chainGiveUpAt, ContinuousClock.now >= giveUpAt {
      stop = .gaveUp
    } else if let next = takeNext(through: target) {
      lock.unlock()
      next.resume(returning: .byAdvance)
      return
    } else {
      stop = .finished
    }
    chainWaiter = nil
    lock.unlock()
    waiter.resume(returning: stop)
  }

  private func releaseChain() {
    lock.lock()
    defer { lock.unlock() }
    chainTarget = nil
    chainGiveUpAt = nil
  }

  private func moveNow(to target: Instant) {
    lock.lock()
    defer { lock.unlock() }
    if currentNow < target { currentNow = target }
  }

  /// Wakes the first pending sleeper if its deadline is at or before `target`, moving `now` to
  /// that deadline. Returns whether it woke one.
  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  private func wakeNext(through target: Instant) -> Bool {
    lock.lock()
    guard let continuation = takeNext(through: target) else {
      lock.unlock()
      return false
    }
    lock.unlock()
    continuation.resume(returning: .byAdvance)
    return true
  }

  /// Whether the next pending sleeper, if any, wakes later than `now`.
  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  private func nextDeadlineIsLater() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    dropFinishedEntries()
    guard let next = queue.min else { return true }
    return currentNow < next.deadline
  }

  /// Suspends until every sleeper woken so far has returned from its `sleep` call.
  private func waitUntilWokenSleepersReturn(isolation: isolated (any Actor)?) async {
    await withCheckedContinuation(isolation: isolation) {
      (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      guard awakening > 0 else {
        lock.unlock()
        continuation.resume()
        return
      }
      wakeWaiters.append(continuation)
      lock.unlock()
    }
  }

  /// Gives woken work the chance to sleep again before time moves on.
  ///
  /// 1. Waits until every woken sleeper has returned from `sleep` (exact: each one reports it).
  /// 2. With `afterWaking`, waits until the job each woken task woke up in has ended, since
  ///    until then the task may be about to sleep again. A thread runs one job at a time, so a
  ///    job has ended once its thread runs something else: this advance (when it resumes on
  ///    that thread) or a probe task (see ``probeForFreeThread(priority:giveUpAt:)``), at most
  ///    ``runningJobLimit``. Exact for work that sleeps again in the job it woke up in (a loop,
  ///    a timer) unless a thread stalls for longer than the limit.
  /// 3. With `afterWaking` on an actor: yields once, so that woken work isolated to that actor
  ///    (queued behind this task) runs. Its `sleep` call then hops to the global executor, so it
  ///    waits, up to ``actorHandOffLimit``, for a probe at the woken task's priority to get
  ///    through that queue, and for a woken task that has read `now` (as `sleep(for:)` does
  ///    first) to register.
  /// 4. Yields until ``quietYieldLimit`` yields in a row pass with no sleeper registering, for
  ///    work handed on to other tasks; skipped between deadlines when not on an actor.
  ///
  /// It returns as soon as every task woken at the current deadline sleeps again.
  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  func settle(afterWaking: Bool = false, isolation: isolated (any Actor)?) async {
    await waitUntilWokenSleepersReturn(isolation: isolation)
    if afterWaking, !waitForWokenJobsToEnd() { return }
    if afterWaking, isolation != nil {
      // Woken work isolated to this actor is queued behind this task: let it run. If it then
      // calls `sleep`, that call hops to the global executor; wait until that queue has moved
      // past it.
      await Task.yield()
      let giveUpAt = ContinuousClock.now.advanced(by: Self.actorHandOffLimit)
      if let priority = priorityOfWokenTaskAwake() {
        _ = probeForFreeThread(priority: priority, reusingQueuedProbe: false, giveUpAt: giveUpAt)
      }
      // A woken task that has read `now` since is most likely inside `sleep(for:)`: give it
      // the rest of the time to register.
      if someWokenTaskReadNow() { blockUntilWokenTasksSleep(until: giveUpAt) }
    }
    let quietYieldLimit = afterWaking && isolation == nil ? 0 : Self.quietYieldLimit
    var quietYields = 0
    var lastActivity = currentActivity(stopIfWokenTasksSleep: false)
    while quietYields < quietYieldLimit {
      if afterWaking, currentActivity(stopIfWokenTasksSleep: true) == nil { return }
      await Task.yield()
      let activity = currentActivity(stopIfWokenTasksSleep: false)
      quietYields = activity == lastActivity ? quietYields + 1 : 0
      lastActivity = activity
    }
  }

  /// Step 2 of ``settle(afterWaking:isolation:)``. Returns false if every woken task already
  /// sleeps again, so that settling is over.
  ///
  /// It runs where the advance runs and holds that thread while it probes: on the main actor,
  /// that keeps a woken main-actor task's next job queued behind the advance's next step.
  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  private func waitForWokenJobsToEnd() -> Bool {
    var freeThread = currentThread()
    var giveUpAt: ContinuousClock.Instant?
    while true {
      switch wokenWork(seenFrom: freeThread) {
      case .allAsleep:
        return false
      case .notRunning:
        return true
      case .mayBeRunning(let priority):
        let deadline = giveUpAt ?? ContinuousClock.now.advanced(by: Self.runningJobLimit)
        giveUpAt = deadline
        guard
          let thread = probeForFreeThread(
            priority: priority, reusingQueuedProbe: true, giveUpAt: deadline)
        else {
          return true
        }
        freeThread = thread
      }
    }
  }

  /// Where the work woken at the current deadline stands, once `thread` is known to be free.
  private enum WokenWork {
    case allAsleep
    case mayBeRunning(TaskPriority)
    case notRunning
  }

  private func wokenWork(seenFrom thread: UInt) -> WokenWork {
    lock.lock()
    defer { lock.unlock() }
    if wokenTasks.isEmpty { return .allAsleep }
    for (task, job) in mayBeRunning where job.thread == thread {
      mayBeRunning[task] = nil
    }
    guard let job = mayBeRunning.first?.value else { return .notRunning }
    return .mayBeRunning(job.priority)
  }

  private func someWokenTaskReadNow() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return !wokenTasksReadingNow.isEmpty
  }

  /// Blocks until every woken task sleeps again, or until `deadline`.
  private func blockUntilWokenTasksSleep(until deadline: ContinuousClock.Instant) {
    let probe = ThreadProbe()
    lock.lock()
    guard !wokenTasks.isEmpty else {
      lock.unlock()
      return
    }
    activeProbe = probe
    lock.unlock()
    _ = probe.waitForThread(until: deadline)
    lock.lock()
    activeProbe = nil
    lock.unlock()
  }

  /// The priority a task woken at the current deadline, and not asleep again, had when it
  /// woke; `nil` if every such task sleeps again.
  private func priorityOfWokenTaskAwake() -> TaskPriority? {
    lock.lock()
    defer { lock.unlock() }
    for task in wokenTasks {
      if let priority = wokenPriorities[task] { return priority }
    }
    return nil
  }

  /// Starts a probe task at `priority` and blocks until it runs, returning the thread it ran
  /// on: a thread that had finished what it was doing. Returns `nil` once every woken task
  /// sleeps again, or at `giveUpAt`.
  ///
  /// It blocks rather than suspends on purpose. A suspended (or yielding) task frees its thread,
  /// and that thread, first in line, would run the probe itself; a blocked one leaves the probe
  /// to the next thread that finishes its job. The block lasts as long as a woken job keeps
  /// running, typically a few microseconds, and never longer than ``runningJobLimit``.
  private func probeForFreeThread(
    priority: TaskPriority, reusingQueuedProbe: Bool, giveUpAt: ContinuousClock.Instant
  ) -> UInt? {
    lock.lock()
    guard !wokenTasks.isEmpty else {
      lock.unlock()
      return nil
    }
    let queuedProbe = reusingQueuedProbe ? pendingProbe : nil
    pendingProbe = nil
    let probe = queuedProbe ?? ThreadProbe()
    activeProbe = probe
    lock.unlock()
    if queuedProbe == nil {
      Task.detached(priority: priority) { probe.record() }
    }
    let thread = probe.waitForThread(until: giveUpAt)
    lock.lock()
    activeProbe = nil
    lock.unlock()
    return thread
  }

  /// The activity counter, or `nil` if `stopIfWokenTasksSleep` and every woken task sleeps again.
  private func currentActivity(stopIfWokenTasksSleep: Bool) -> UInt64? {
    lock.lock()
    defer { lock.unlock() }
    if stopIfWokenTasksSleep, wokenTasks.isEmpty { return nil }
    return activity
  }

  /// Wakes every pending sleeper with a `CancellationError`, so the tasks waiting on them end.
  func cancelAll() {
    lock.lock()
    let entries = queue.removeAll()
    var continuations: [Sleeper.Continuation] = []
    for entry in entries {
      defer { entry.release() }
      guard case .pending(let continuation) = entry.sleeper.phase else { continue }
      entry.sleeper.phase = .done
      continuations.append(continuation)
    }
    pending = 0
    lock.unlock()
    for continuation in continuations { continuation.resume(throwing: CancellationError()) }
  }

  // MARK: Waiting for sleepers

  /// Suspends until at least `count` sleepers are pending. Returns false if `timeout` (real time)
  /// passed first or the calling task was cancelled.
  func waitForPending(count: Int, timeout: Duration) async -> Bool {
    let waiter = CountWaiter(count: count)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        lock.lock()
        guard case .registering = waiter.phase else {
          lock.unlock()
          continuation.resume(returning: false)
          return
        }
        guard pending < count else {
          waiter.phase = .done
          lock.unlock()
          continuation.resume(returning: true)
          return
        }
        waiter.phase = .waiting(continuation)
        countWaiters.append(waiter)
        lock.unlock()
        scheduleExpiry(of: waiter, after: timeout)
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
    lock.lock()
    switch waiter.phase {
    case .registering:
      waiter.phase = .done
      lock.unlock()
    case .waiting(let continuation):
      waiter.phase = .done
      countWaiters.removeAll { $0 === waiter }
      lock.unlock()
      waiter.finish(continuation, reached: false)
    case .done:
      lock.unlock()
    }
  }

  // MARK: Helpers (call with the lock held)

  /// Removes the first pending sleeper if its deadline is at or before `target`, moving `now`
  /// to that deadline and counting the sleeper as awakening. Returns its continuation.
  private func takeNext(through target: Instant) -> Sleeper.Continuation? {
    dropFinishedEntries()
    guard let entry = queue.min, entry.deadline <= target,
      case .pending(let continuation) = entry.sleeper.phase
    else { return nil }
    queue.popMin()
    defer { entry.release() }
    entry.sleeper.phase = .done
    pending -= 1
    awakening += 1
    pendingProbe = nil
    if currentNow < entry.deadline {
      currentNow = entry.deadline
      wokenTasks.removeAll(keepingCapacity: true)
      mayBeRunning.removeAll(keepingCapacity: true)
      wokenPriorities.removeAll(keepingCapacity: true)
      wokenTasksReadingNow.removeAll(keepingCapacity: true)
    }
    wokenTasks.insert(entry.sleeper.task)
    return continuation
  }

  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  private func dropFinishedEntries() {
    while let entry = queue.min, case .done = entry.sleeper.phase {
      queue.popMin()
      entry.release()
    }
  }

  private func compactIfMostlyFinished() {
    guard queue.count > 64, queue.count > 2 * pending else { return }
    let removed = queue.filter { entry in
      if case .pending = entry.sleeper.phase { return true }
      return false
    }
    for entry in removed { entry.release() }
  }

  /// Removes the waiters whose count has been reached and marks them done.
  private func takeSatisfiedCountWaiters() -> [(CountWaiter, CheckedContinuation<Bool, Never>)] {
    var satisfied: [(CountWaiter, CheckedContinuation<Bool, Never>)] = []
    countWaiters.removeAll { waiter in
      guard waiter.count <= pending, case .waiting(let continuation) = waiter.phase else {
        return false
      }
      waiter.phase = .done
      satisfied.append((waiter, continuation))
      return true
    }
    return satisfied
  }
}

/// Why a chain of probes stopped waking sleepers for an advance.
enum ChainStop {
  /// No pending sleeper is due by the target.
  case finished
  /// The advance's real-time limit passed.
  case gaveUp
  /// A woken job may still be running: the advance has to settle before going on.
  case needsSettle
}
