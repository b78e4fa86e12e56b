import IssueReporting
import Synchronization

/// A clock for tests of code that waits: time stands still until the test moves it.
///
/// Give a feature a clock instead of letting it sleep on `ContinuousClock` directly. In the app
/// it gets a real clock; in a test it gets a `TestClock`, and nothing sleeps for real: the test
/// says when time passes, with ``advance(by:isolation:)``, ``advance(to:isolation:)`` or
/// ``run(timeout:isolation:fileID:filePath:line:column:)``, and every sleep whose deadline is
/// reached wakes up, in deadline order.
///
/// A feature that counts seconds while a timer runs, and its test, which takes no real time at
/// all:
///
/// ```swift
/// import Clocks
/// import Testing
///
/// @MainActor
/// final class TimerModel {
///   var count = 0
///   let clock: any Clock<Duration>
///   private var timerTask: Task<Void, any Error>?
///
///   init(clock: any Clock<Duration>) { self.clock = clock }
///
///   func startButtonTapped() {
///     timerTask = Task {
///       while true {
///         try await clock.sleep(for: .seconds(1))
///         count += 1
///       }
///     }
///   }
///   func stopButtonTapped() { timerTask?.cancel() }
/// }
///
/// @Test @MainActor func countsSeconds() async {
///   let clock = TestClock()
///   let model = TimerModel(clock: clock)
///   model.startButtonTapped()
///
///   await clock.waitForSleepers(count: 1)  // the timer task is now asleep
///   await clock.advance(by: .seconds(3))
///   await clock.waitForSleepers(count: 1)  // …and asleep again, after its third tick
///   #expect(model.count == 3)
///
///   model.stopButtonTapped()
/// }
/// ```
///
/// ## Rules
///
/// - A sleep until a deadline *before* ``now`` returns at once. A sleep until exactly ``now``
///   waits for the next advance, even `advance(by: .zero)`.
/// - An advance wakes sleepers one at a time, by deadline, and in the order they started
///   sleeping when deadlines are equal; each one has returned from `sleep` before the next is
///   woken. While a sleeper wakes, ``now`` is its deadline; when the advance returns, ``now`` is
///   the target.
/// - Between two deadlines the advance settles: it waits until the work it woke has reached its
///   next suspension point, so that a loop or a timer that sleeps again inside the advanced range
///   wakes in the same advance. Called from an actor (a `@MainActor` test), it also lets work
///   isolated to that actor catch up. It cannot see work that first waits for something else (a
///   stream, another task, a network mock): synchronize with
///   ``waitForSleepers(count:timeout:fileID:filePath:line:column:)``. <doc:Settling> says
///   exactly what is guaranteed.
/// - A sleeper whose task is cancelled wakes at once with `CancellationError` and stops counting
///   as pending.
public final class TestClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A moment on a ``TestClock``: an offset from the clock's origin.
  ///
  /// Use it to state where time should be, for example in ``TestClock/advance(to:isolation:)``
  /// or in an expectation:
  ///
  /// ```swift
  /// await clock.advance(to: .init(offset: .seconds(10)))
  /// #expect(clock.now.offset == .seconds(10))
  /// ```
  ///
  /// As an `InstantProtocol` it moves with `advanced(by:)`, measures with `duration(to:)` and
  /// compares with `<`, all by ``offset``.
  public struct Instant: InstantProtocol, OffsetInstant {
    /// How far this instant is from the clock's origin.
    public let offset: Duration

    /// An instant `offset` away from the clock's origin.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }
  }

  private let scheduler: SleepScheduler<Instant>
  private let resolution = Mutex<Duration>(.zero)

  /// Creates a clock that stands at `now` until a test advances it.
  ///
  /// ```swift
  /// let clock = TestClock<Duration>(now: .init(offset: .seconds(60)))
  /// ```
  ///
  /// - Parameter now: Where time stands at first; the clock's origin by default.
  public init(now: Instant = .init()) {
    scheduler = SleepScheduler(now: now)
  }

  /// The current time on this clock. It only moves when the test advances it.
  public var now: Instant {
    scheduler.now
  }

  /// The clock's resolution, `.zero` unless a test sets it to mimic a coarser clock.
  public var minimumResolution: Duration {
    get { resolution.withLock { $0 } }
    set { resolution.withLock { $0 = newValue } }
  }

  /// Suspends until an advance reaches `deadline`.
  ///
  /// This is the call a feature makes (usually through `sleep(for:)`); tests rarely call it. It
  /// returns at once if `deadline` is already in the past, and throws `CancellationError` as soon
  /// as the calling task is cancelled.
  ///
  /// - Parameters:
  ///   - deadline: The instant to sleep until.
  ///   - tolerance: Ignored: a test clock wakes sleepers exactly at their deadlines.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await scheduler.sleep(until: deadline)
  }

  /// The number of sleeps waiting for the clock to advance.
  ///
  /// Read it to check what a feature is waiting on; to *wait* for a number of sleepers, use
  /// ``waitForSleepers(count:timeout:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// model.stopButtonTapped()
  /// await clock.advance(by: .seconds(1))
  /// #expect(clock.pendingSleeperCount == 0)
  /// ```
  public var pendingSleeperCount: Int {
    scheduler.pendingCount
  }

  /// Suspends until at least `count` sleeps are waiting on this clock.
  ///
  /// Use it in a test before advancing, when the work that sleeps was started concurrently (in a
  /// `Task`, a task group, or a model method that spawns one) and may not have reached its
  /// `sleep` yet. It resumes the moment the `count`-th sleeper registers: no polling, no guessing
  /// how many yields are enough.
  ///
  /// ```swift
  /// model.startButtonTapped()               // spawns a task that sleeps for 1 second
  /// await clock.waitForSleepers(count: 1)   // the task is now asleep
  /// await clock.advance(by: .seconds(1))    // so this wakes it, every time
  /// ```
  ///
  /// It is also the way to wait for woken work to finish its step: work that loops back to sleep
  /// becomes a sleeper again, so waiting for it proves the step between two sleeps is done.
  ///
  /// - Parameters:
  ///   - count: How many pending sleepers to wait for.
  ///   - timeout: A safety net in real time. If fewer than `count` sleepers are pending when it
  ///     expires, an issue is reported and the call returns, so a broken test fails instead of
  ///     hanging. Passing this much real time never makes a test pass.
  ///   - fileID: The file ID the issue is reported at; leave it to the default, the caller's.
  ///   - filePath: The file path the issue is reported at; leave it to the default.
  ///   - line: The line the issue is reported at; leave it to the default.
  ///   - column: The column the issue is reported at; leave it to the default.
  public func waitForSleepers(
    count: Int = 1,
    timeout: Swift.Duration = .seconds(10),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard await !scheduler.waitForPending(count: count, timeout: timeout), !Task.isCancelled
    else { return }
    let pending = scheduler.pendingCount
    reportIssue(
      """
      Waited \(timeout) for \(count) sleeper\(count == 1 ? "" : "s") on the TestClock, but only \
      \(pending) \(pending == 1 ? "is" : "are") pending.

      The work you expected to sleep may have finished, thrown, be waiting on something else, or \
      sleep on a different clock. Check that the feature under test was given this clock, and \
      that the expected number of sleeps matches the code.
      """,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Throws ``SuspensionError`` if any sleep is still waiting on this clock.
  ///
  /// Use it at the end of a test to prove a feature has no time-based work left, for example
  /// that stopping a timer really stopped it:
  ///
  /// ```swift
  /// model.stopButtonTapped()
  /// try await clock.checkSuspension()
  /// ```
  ///
  /// It first pauses so that work just cancelled or just started can catch up: it waits until
  /// every other thread has finished the job it was running (<doc:Settling> has the details).
  ///
  /// - Parameter isolation: Where the pause runs; leave it to the default, the caller's actor.
  public func checkSuspension(isolation: isolated (any Actor)? = #isolation) async throws {
    await scheduler.waitForStartedWork(isolation: isolation)
    let pending = scheduler.pendingCount
    guard pending == 0 else { throw SuspensionError(pendingSleeperCount: pending) }
  }

  /// Moves time forward by `duration`, waking every sleep that comes due on the way.
  ///
  /// The workhorse of clock-driven tests: start the work, advance, check the result.
  ///
  /// ```swift
  /// model.startButtonTapped()
  /// await clock.waitForSleepers(count: 1)
  /// await clock.advance(by: .seconds(1))
  /// ```
  ///
  /// See ``advance(to:isolation:)`` for the order in which sleepers wake.
  ///
  /// - Parameters:
  ///   - duration: How far to move time; `.zero` wakes only sleeps due exactly now.
  ///   - isolation: The actor the advance runs on; leave it to the default, the caller's actor.
  ///     On the actor the feature uses (the main actor, typically), its pauses between deadlines
  ///     queue up behind the work it wakes.
  public func advance(
    by duration: Duration = .zero, isolation: isolated (any Actor)? = #isolation
  ) async {
    await advance(to: scheduler.now.advanced(by: duration), isolation: isolation)
  }

  /// Moves time forward to `deadline`, waking every sleep that comes due on the way.
  ///
  /// Use it when a test thinks in absolute times ("at 10 seconds the banner is gone"). Sleepers
  /// wake one at a time in deadline order (equal deadlines in the order they started sleeping),
  /// with ``now`` equal to each one's deadline; work they start that sleeps again before
  /// `deadline` wakes in the same call. Afterwards ``now`` is `deadline`. A `deadline` in the
  /// past changes nothing.
  ///
  /// ```swift
  /// await clock.advance(to: .init(offset: .seconds(10)))
  /// #expect(model.isBannerVisible == false)
  /// ```
  ///
  /// It starts with a short pause for work started just before (a task on its way to `sleep`
  /// on another thread is waited for); work that reaches its sleep only through other tasks
  /// should be waited for with ``waitForSleepers(count:timeout:fileID:filePath:line:column:)``
  /// first.
  ///
  /// - Parameters:
  ///   - deadline: Where time should stand afterwards.
  ///   - isolation: The actor the advance runs on; leave it to the default, the caller's actor.
  public func advance(to deadline: Instant, isolation: isolated (any Actor)? = #isolation) async {
    // Work started just before this call may be on its way to `sleep`: let it get there.
    await scheduler.waitForStartedWork(isolation: isolation)
    // Wake the sleepers due by `deadline` one at a time, in deadline order, moving `now` to each
    // one's deadline. Before the next one wakes, the woken work has reached its next suspension
    // point: if that is a sleep due by `deadline`, this loop wakes it too.
    while scheduler.wakeNext(through: deadline, isolation: isolation) {
      await scheduler.settle(isolation: isolation)
    }
    scheduler.moveNow(to: deadline)
  }

  /// Advances the clock from one deadline to the next until no sleep is left.
  ///
  /// Use it when a test cares about where the work ends, not about each step in between: for
  /// example a timer that stops itself after ten ticks.
  ///
  /// ```swift
  /// model.startCountdown()                 // ticks once a second, ten times
  /// await clock.waitForSleepers(count: 1)
  /// await clock.run()
  /// #expect(model.count == 10)
  /// ```
  ///
  /// Work that never stops sleeping (an endless timer) would make it run forever, so it gives up
  /// after `timeout` of real time: it then reports an issue, and cancels the sleeps still
  /// pending so that the tasks waiting on them can end.
  ///
  /// - Parameters:
  ///   - timeout: How much real time the run may take. `.zero` gives up at once if anything
  ///     sleeps.
  ///   - isolation: The actor the run happens on; leave it to the default, the caller's actor.
  ///   - fileID: The file ID the issue is reported at when the run gives up; leave it to the
  ///     default, the caller's.
  ///   - filePath: The file path the issue is reported at; leave it to the default.
  ///   - line: The line the issue is reported at; leave it to the default.
  ///   - column: The column the issue is reported at; leave it to the default.
  public func run(
    timeout: Swift.Duration = .milliseconds(500),
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let giveUpAt = ContinuousClock.now.advanced(by: timeout)
    await scheduler.waitForStartedWork(isolation: isolation)
    // As `advance(to:)` does, one deadline at a time, checking the real time after each sleeper.
    deadlines: while let next = scheduler.earliestDeadline {
      guard ContinuousClock.now < giveUpAt else {
        giveUp(after: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      while scheduler.wakeNext(through: next, giveUpAt: giveUpAt, isolation: isolation) {
        await scheduler.settle(isolation: isolation)
        if ContinuousClock.now >= giveUpAt { continue deadlines }
      }
      scheduler.moveNow(to: next)
    }
  }

  /// Ends a ``run(timeout:isolation:fileID:filePath:line:column:)`` that ran out of time: cancels
  /// the sleeps still pending, so that the tasks waiting on them can end, and reports an issue.
  private func giveUp(
    after timeout: Swift.Duration, fileID: StaticString, filePath: StaticString, line: UInt,
    column: UInt
  ) {
    let pending = scheduler.pendingCount
    scheduler.cancelAll()
    let sleeps = pending == 1 ? "1 sleep was" : "\(pending) sleeps were"
    reportIssue(
      """
      TestClock.run(timeout:) gave up after \(timeout): \(sleeps) still pending, so \
      \(pending == 1 ? "it was" : "they were") cancelled.

      The work under test keeps sleeping, for example an endless timer or a loop with no \
      exit. Stop it before running the clock (cancel its task), advance by a fixed amount \
      with 'advance(by:)' instead, or pass a larger timeout if it really needs more steps.
      """,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}

extension TestClock where Duration == Swift.Duration {
  /// Creates a clock measured in `Swift.Duration`, standing at its origin.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// ```
  public convenience init() {
    self.init(now: .init())
  }
}
