/// Where and at which priority a woken task was when it returned from `sleep`: its job runs on
/// that thread until it ends, and a probe at that priority is served by the same threads.
struct WokenJob {
  let thread: UInt
  let priority: TaskPriority
}

/// What the work woken at the current deadline is doing, as far as an advance can see it: which
/// woken tasks have not slept again, which may still be running the job they woke up in (and on
/// which thread), which have read `now`, and the probes an advance waits on.
///
/// A plain value: it is part of the scheduler's state, read and written only while the
/// scheduler's mutex is held. `SleepScheduler+Settling.swift` decides from it how long an advance
/// waits; the rules it keeps are exact (a thread runs one job at a time, so once a thread is seen
/// running something else, the job it ran has ended).
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

  /// `task` read `now`: if it was woken at this deadline, it is taken to be on its way to sleep.
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
