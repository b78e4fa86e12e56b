import Synchronization

// Settling: how an advance gives the work it woke the chance to sleep again before time moves
// on, so that a loop or a timer whose next sleep falls inside the advanced range wakes in the
// same advance. The catalogue's article Settling.md (Clocks.docc) states what is guaranteed.
//
// These are heuristics, and this file is where they live: a thread runs one job at a time, so a
// woken job has ended once its thread is seen running something else (comparing thread
// identifiers); the advance finds that out by blocking its own thread on a probe task (after
// polling for a few microseconds), for at most a fixed limit; and on an actor, a woken task that
// has read `now` is taken to be on its way back to sleep. None of them decides what wakes or in
// which order: they only decide how long the advance waits before the next deadline.

/// Where and at which priority a woken task was when it returned from `sleep`: its job runs on
/// that thread until it ends, and a probe at that priority is served by the same threads.
struct WokenJob {
  let thread: UInt
  let priority: TaskPriority
}

/// What the work woken at the current deadline is doing, as far as settling can tell. Part of
/// the scheduler's state, so read and written only while its mutex is held.
struct WokenWork {
  /// Tasks woken at the current deadline that have not registered a new sleep since.
  var tasks: Set<Int> = []
  /// The subset of `tasks` that may still be running the job they woke up in.
  var mayBeRunning: [Int: WokenJob] = [:]
  /// The tasks in `tasks` that have read `now` since they woke.
  var readingNow: Set<Int> = []
  /// The priority each task in `tasks` had when it returned from `sleep`.
  var priorities: [Int: TaskPriority] = [:]
  /// The probe an advance is blocked on, if any: it stops waiting once every woken task sleeps.
  var activeProbe: ThreadProbe?
  /// A probe queued by the last woken sleeper when it resumed the advance.
  var queuedProbe: ThreadProbe?

  /// Time moved to a new deadline: what was woken before is no longer watched.
  mutating func startDeadline() {
    tasks.removeAll(keepingCapacity: true)
    mayBeRunning.removeAll(keepingCapacity: true)
    priorities.removeAll(keepingCapacity: true)
    readingNow.removeAll(keepingCapacity: true)
  }

  /// `task` is being woken. A probe queued for an earlier sleeper no longer tells anything.
  mutating func noteWoken(_ task: Int) {
    queuedProbe = nil
    tasks.insert(task)
  }

  /// `task` returned from `sleep` on `thread`: its job may run until that thread is free.
  mutating func noteReturned(_ task: Int, thread: UInt, priority: TaskPriority) {
    guard tasks.contains(task) else { return }
    mayBeRunning[task] = WokenJob(thread: thread, priority: priority)
    priorities[task] = priority
  }

  mutating func noteReadingNow(_ task: Int) {
    if tasks.contains(task) { readingNow.insert(task) }
  }

  /// `task` registered a new sleep. Once every woken task has, a blocked advance goes on.
  mutating func noteSleeping(_ task: Int) {
    guard tasks.remove(task) != nil else { return }
    mayBeRunning[task] = nil
    readingNow.remove(task)
    if tasks.isEmpty { activeProbe?.stopWaiting() }
  }

  /// `thread` has been seen running something else: the jobs woken on it have ended.
  mutating func noteFree(_ thread: UInt) {
    for (task, job) in mayBeRunning where job.thread == thread {
      mayBeRunning[task] = nil
    }
  }
}

extension SleepScheduler {
  /// How many `Task.yield()`s in a row, with no sleeper registering meanwhile, end a settling
  /// pause (at the start of an advance, and between deadlines on an actor).
  static var quietYieldLimit: Int { 2 }

  /// How long settling waits, at most, for the job a woken task runs in to end.
  static var runningJobLimit: Duration { .milliseconds(2) }

  /// How long settling on an actor waits, at most, for the global executor to move past work
  /// handed to it by woken actor-isolated work (a main-actor task calling `sleep`).
  static var actorHandOffLimit: Duration { .milliseconds(2) }

  /// How long the pause at the start of an advance waits, at most, for the other threads of the
  /// global executor to finish the jobs they are running.
  static var startedWorkLimit: Duration { .milliseconds(5) }

  /// Between two sleepers of one advance: settles if the next one wakes later; if it shares this
  /// deadline, only waits for this one's job to end, so that what the two do after waking
  /// happens in their order too.
  func settleBeforeNextSleeper(isolation: isolated (any Actor)?) async {
    if nextDeadlineIsLater() {
      await settle(afterWaking: true, isolation: isolation)
    } else {
      _ = waitForWokenJobsToEnd()
    }
  }

  /// Gives woken work the chance to sleep again before time moves on.
  ///
  /// 1. Waits until every woken sleeper has returned from `sleep` (exact: each one reports it).
  /// 2. With `afterWaking`, waits until the job each woken task woke up in has ended, since
  ///    until then the task may be about to sleep again (``waitForWokenJobsToEnd()``), at most
  ///    ``runningJobLimit``.
  /// 3. With `afterWaking` on an actor: yields once, so that woken work isolated to that actor
  ///    (queued behind this task) runs. Its `sleep` call then hops to the global executor, so it
  ///    waits, up to ``actorHandOffLimit``, for a probe at the woken task's priority to get
  ///    through that queue, and for a woken task that has read `now` (as `sleep(for:)` does
  ///    first) to register.
  /// 4. Yields until ``quietYieldLimit`` yields in a row pass with no sleeper registering, for
  ///    work handed on to other tasks; skipped between deadlines when not on an actor.
  /// 5. At the start of an advance (without `afterWaking`): waits until every other thread of
  ///    the global executor has finished the job it was running, at most ``startedWorkLimit``
  ///    (``ThreadRendezvous``), since a task started just before the advance may be on its way
  ///    to `sleep` there; then yields as in 4 again if a sleeper registered meanwhile.
  ///
  /// Between deadlines it returns as soon as every task woken at the current deadline sleeps
  /// again.
  func settle(afterWaking: Bool = false, isolation: isolated (any Actor)?) async {
    await settleOnce(afterWaking: afterWaking, isolation: isolation)
    guard !afterWaking else { return }
    let before = currentActivity(stopIfWokenTasksSleep: false)
    let deadline = ContinuousClock.now.advanced(by: Self.startedWorkLimit)
    _ = ThreadRendezvous.waitForOtherThreads(priority: Task.currentPriority, until: deadline)
    if currentActivity(stopIfWokenTasksSleep: false) != before {
      await settleOnce(afterWaking: false, isolation: isolation)
    }
  }

  /// Steps 1 to 4 of ``settle(afterWaking:isolation:)``.
  private func settleOnce(afterWaking: Bool, isolation: isolated (any Actor)?) async {
    await waitUntilWokenSleepersReturn(isolation: isolation)
    if afterWaking, !waitForWokenJobsToEnd() { return }
    if afterWaking, isolation != nil {
      await Task.yield()
      let giveUpAt = ContinuousClock.now.advanced(by: Self.actorHandOffLimit)
      if let priority = priorityOfWokenTaskAwake() {
        _ = probeForFreeThread(priority: priority, reusingQueuedProbe: false, giveUpAt: giveUpAt)
      }
      if withState({ !$0.woken.readingNow.isEmpty }) {
        blockUntilWokenTasksSleep(until: giveUpAt)
      }
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

  /// Step 2 of ``settle(afterWaking:isolation:)``: waits until the job each woken task woke up
  /// in has ended. A thread runs one job at a time, so a job has ended once its thread runs
  /// something else: this advance (when it resumes on that thread) or a probe task (see
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

  /// The activity counter, or `nil` if `stopIfWokenTasksSleep` and every woken task sleeps again.
  private func currentActivity(stopIfWokenTasksSleep: Bool) -> UInt64? {
    withState { state in
      if stopIfWokenTasksSleep, state.woken.tasks.isEmpty { return nil }
      return state.activity
    }
  }
}
