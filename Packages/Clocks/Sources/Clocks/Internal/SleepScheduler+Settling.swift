// Settling: what an advance waits for, before it wakes the first sleeper and after each one, so
// that the work it woke (or that was started just before it) has reached its next suspension
// point before time moves on. The catalogue's article Settling.md (Clocks.docc) states what is
// guaranteed; this file is how.
//
// Two entry points, one for each call site in `TestClock`:
// - `waitForStartedWork(isolation:)`, before an advance, a run or `checkSuspension`;
// - `settle(isolation:)`, after each sleeper an advance wakes.
//
// Which waits are exact and which are bounded: a woken sleeper reports when its `sleep` has
// returned (exact). A thread runs one job at a time, so a woken job has ended once its thread is
// seen running something else (exact), but the advance gives up looking after a fixed limit. The
// other steps stop on a rule that can end too early: 2 yields in a row with no new sleep, and, on
// an actor, a woken task that has read `now` counts as on its way back to sleep. None of them
// decides what wakes or in which order: they only decide how long the advance waits.

extension SleepScheduler {
  /// How many `Task.yield()`s in a row, with no sleeper registering meanwhile, end a wait for
  /// work handed on to other tasks (before an advance, and after each sleeper on an actor).
  static var quietYieldLimit: Int { 2 }

  /// How long settling waits, at most, for the job a woken task runs in to end.
  static var runningJobLimit: Duration { .milliseconds(2) }

  /// How long settling on an actor waits, at most, for the global executor to move past work
  /// handed to it by woken actor-isolated work (a main-actor task calling `sleep`).
  static var actorHandOffLimit: Duration { .milliseconds(2) }

  /// How long the pause before an advance waits, at most, for the other threads of the global
  /// executor to finish the jobs they are running.
  static var startedWorkLimit: Duration { .milliseconds(5) }

  // MARK: Before an advance

  /// Waits for work started just before an advance (`Task { await model.start() }`) to reach its
  /// `sleep`, so that the advance wakes it.
  ///
  /// Such a task may be queued behind the caller, or running on another thread on its way to
  /// `sleep`. So this:
  /// 1. waits until every sleeper already woken (by another advance) has returned from `sleep`;
  /// 2. yields until ``quietYieldLimit`` yields in a row pass with no sleeper registering, so
  ///    that queued work runs;
  /// 3. waits until every other thread of the global executor has finished the job it was
  ///    running, at most ``startedWorkLimit`` (``ThreadRendezvous``);
  /// 4. if a sleeper registered meanwhile, does 1 and 2 again.
  ///
  /// Work that reaches its sleep only through yet another task may still be missed: that is what
  /// `TestClock.waitForSleepers(count:)` is for.
  func waitForStartedWork(isolation: isolated (any Actor)?) async {
    await waitUntilWokenSleepersReturn(isolation: isolation)
    await yieldUntilQuiet(stoppingWhenWokenTasksSleep: false, isolation: isolation)
    let before = activity()
    let deadline = ContinuousClock.now.advanced(by: Self.startedWorkLimit)
    _ = ThreadRendezvous.waitForOtherThreads(priority: Task.currentPriority, until: deadline)
    if activity() != before {
      await waitUntilWokenSleepersReturn(isolation: isolation)
      await yieldUntilQuiet(stoppingWhenWokenTasksSleep: false, isolation: isolation)
    }
  }

  // MARK: After each sleeper

  /// Waits until the sleeper an advance just woke has returned from `sleep` and what it woke up
  /// to do has reached its next suspension point, so that a loop or a timer that sleeps again
  /// inside the advanced range wakes in the same advance.
  ///
  /// 1. Off actors, the woken sleepers may have gone on to wake one another: a sleeper whose job
  ///    is seen to end wakes the next one due itself (`SleepScheduler+Chain.swift`, a speed-up).
  ///    This waits until they stop; if none is left to wake, or the real-time limit of the
  ///    advance has passed, that is all. If a woken job may still be running, the usual steps
  ///    follow.
  /// 2. Waits until every woken sleeper has returned from `sleep` (exact: each one reports it).
  /// 3. If the next sleeper shares this deadline, only waits for each woken task's job to end
  ///    (``waitForWokenJobsToEnd()``), so that what the two do after waking happens in their
  ///    order too. Otherwise it settles the woken work (``settleWokenWork(isolation:)``).
  ///
  /// It returns early once every task woken at the current deadline sleeps again.
  @_specialize(where Instant == TestClock<Swift.Duration>.Instant)
  func settle(isolation: isolated (any Actor)?) async {
    // Only an advance off actors starts a chain; on an actor, this would be a needless hop.
    if isolation == nil {
      switch await waitForChainToStop() {
      case .finished, .gaveUp: return
      case .needsSettle, nil: break
      }
    }
    await waitUntilWokenSleepersReturn(isolation: isolation)
    if nextDeadlineIsLater() {
      await settleWokenWork(isolation: isolation)
    } else {
      _ = waitForWokenJobsToEnd()
    }
  }

  /// Gives the work woken at this deadline the chance to sleep again before time moves on:
  ///
  /// 1. Waits until the job each woken task woke up in has ended, since until then the task may
  ///    be about to sleep again (``waitForWokenJobsToEnd()``), at most ``runningJobLimit``.
  /// 2. On an actor: yields once, so that woken work isolated to that actor (queued behind this
  ///    task) runs. Its `sleep` call then hops to the global executor, so it waits, up to
  ///    ``actorHandOffLimit``, for a probe at the woken task's priority to get through that
  ///    queue, and for a woken task that has read `now` (as `sleep(for:)` does first) to
  ///    register. Then it yields until ``quietYieldLimit`` yields in a row pass with no sleeper
  ///    registering, for work handed on to other tasks.
  private func settleWokenWork(isolation: isolated (any Actor)?) async {
    guard waitForWokenJobsToEnd(), isolation != nil else { return }
    await Task.yield()
    let giveUpAt = ContinuousClock.now.advanced(by: Self.actorHandOffLimit)
    if let priority = priorityOfWokenTaskAwake() {
      _ = probeForFreeThread(priority: priority, reusingQueuedProbe: false, giveUpAt: giveUpAt)
    }
    if withState({ !$0.woken.readingNow.isEmpty }) {
      blockUntilWokenTasksSleep(until: giveUpAt)
    }
    await yieldUntilQuiet(stoppingWhenWokenTasksSleep: true, isolation: isolation)
  }

  /// Whether the next pending sleeper, if any, wakes later than `now`.
  private func nextDeadlineIsLater() -> Bool {
    withState { state in
      guard let next = state.queue.nextDeadline() else { return true }
      return state.now < next
    }
  }

  // MARK: The steps

  /// Yields until ``quietYieldLimit`` yields in a row pass with no sleeper registering; with
  /// `stoppingWhenWokenTasksSleep`, also stops once every task woken at this deadline sleeps.
  ///
  /// It runs on the caller's actor, if any, so that each yield lets work queued on that actor
  /// run.
  private func yieldUntilQuiet(
    stoppingWhenWokenTasksSleep: Bool, isolation: isolated (any Actor)?
  ) async {
    var quietYields = 0
    var lastActivity = activity()
    while quietYields < Self.quietYieldLimit {
      if stoppingWhenWokenTasksSleep, withState({ $0.woken.tasks.isEmpty }) { return }
      await Task.yield()
      let activity = activity()
      quietYields = activity == lastActivity ? quietYields + 1 : 0
      lastActivity = activity
    }
  }

  /// Waits until the job each woken task woke up in has ended. A thread runs one job at a time,
  /// so a job has ended once its thread runs something else: this advance (when it resumes on
  /// that thread) or a probe task (see
  /// ``probeForFreeThread(priority:reusingQueuedProbe:giveUpAt:)``). Returns false if every
  /// woken task already sleeps again, so that settling is over.
  ///
  /// It runs where the advance runs and holds that thread while it probes: on the main actor,
  /// that keeps a woken main-actor task's next job queued behind the advance's next step.
  func waitForWokenJobsToEnd() -> Bool {
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

  /// Where the work woken at the current deadline stands, once a thread is known to be free.
  private enum WokenWorkStatus {
    case allAsleep
    case mayBeRunning(TaskPriority)
    case notRunning
  }

  private func wokenWork(seenFrom thread: UInt) -> WokenWorkStatus {
    withState { state in
      if state.woken.tasks.isEmpty { return .allAsleep }
      state.woken.noteFree(thread)
      guard let job = state.woken.mayBeRunning.first?.value else { return .notRunning }
      return .mayBeRunning(job.priority)
    }
  }

  /// Blocks until every woken task sleeps again, or until `deadline`.
  private func blockUntilWokenTasksSleep(until deadline: ContinuousClock.Instant) {
    let probe = ThreadProbe()
    let isWaiting = withState { state in
      guard !state.woken.tasks.isEmpty else { return false }
      state.woken.activeProbe = probe
      return true
    }
    guard isWaiting else { return }
    _ = probe.waitForThread(until: deadline)
    withState { $0.woken.activeProbe = nil }
  }

  /// The priority a task woken at the current deadline, and not asleep again, had when it
  /// woke; `nil` if every such task sleeps again.
  private func priorityOfWokenTaskAwake() -> TaskPriority? {
    withState { state in
      for task in state.woken.tasks {
        if let priority = state.woken.priorities[task] { return priority }
      }
      return nil
    }
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
    let started = withState { state -> (probe: ThreadProbe, isQueued: Bool)? in
      guard !state.woken.tasks.isEmpty else { return nil }
      let queued = reusingQueuedProbe ? state.woken.queuedProbe : nil
      state.woken.queuedProbe = nil
      let probe = queued ?? ThreadProbe()
      state.woken.activeProbe = probe
      return (probe, queued != nil)
    }
    guard let (probe, isQueued) = started else { return nil }
    if !isQueued {
      Task.detached(priority: priority) { probe.record() }
    }
    let thread = probe.waitForThread(until: giveUpAt)
    withState { $0.woken.activeProbe = nil }
    return thread
  }

  /// The number of registrations so far: a change tells a settling pause that work is still
  /// going on.
  private func activity() -> UInt64 {
    withState { $0.activity }
  }
}
