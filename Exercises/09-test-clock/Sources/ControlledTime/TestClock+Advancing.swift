import IssueReporting

extension TestClock {
  /// How long an advance gives a task it just woke to go back to sleep, in real time.
  ///
  /// After waking a sleeper, ``advance(to:)`` waits until the number of pending sleepers is
  /// back to what it was before the wake: the woken task has run up to its next `sleep` (a
  /// timer's next tick, a loop's next turn). That ends the wait the moment it happens, so loops
  /// cost nothing. A task that finishes instead, or waits on something else, never comes back;
  /// the advance waits this long for it, then goes on.
  static var settleTimeout: Swift.Duration { .milliseconds(100) }

  /// Moves time forward by `duration`, waking every sleep that comes due on the way.
  ///
  /// ```swift
  /// model.startButtonTapped()
  /// await clock.waitForSleepers(count: 1)
  /// await clock.advance(by: .seconds(1))
  /// ```
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `target`, waking every sleep whose deadline is at or before it.
  ///
  /// Sleepers wake one at a time, earliest deadline first (equal deadlines in the order they
  /// started sleeping), with ``now`` set to each one's deadline as it wakes. After each wake the
  /// advance gives the woken task the chance to run and sleep again (see `settleTimeout`), so a
  /// timer that ticks inside the range ticks in the same call. Afterwards ``now`` is `target`;
  /// a `target` in the past changes nothing.
  ///
  /// ```swift
  /// await clock.advance(to: .init(offset: .seconds(10)))
  /// #expect(model.isBannerVisible == false)
  /// ```
  public func advance(to target: Instant) async {
    // Step 2: wake the due sleepers one at a time, until none is left:
    //   1. Under the lock, in one pass: among the sleepers whose deadline is at or before
    //      `target`, pick the one that wakes first (`wakes(before:)`). None? Then `now`
    //      becomes `target`, never moving backwards, and the advance is over. Otherwise
    //      note how many sleepers are pending, take that one out, and move `now` to ITS
    //      deadline, not to `target`: the woken code computes its next deadline from `now`.
    //   2. Outside the lock, wake it.
    //   3. Waking only schedules its task. Before picking the next sleeper, let it run: wait
    //      until as many sleepers are pending as before the wake (it has slept again), but
    //      no longer than `settleTimeout` (`waitForPending(count:timeout:)` does both).
  }

  /// Advances the clock from one deadline to the next until no sleep is left.
  ///
  /// ```swift
  /// model.start(from: 10)                  // ticks once a second, ten times
  /// await clock.waitForSleepers(count: 1)
  /// await clock.run()
  /// #expect(model.isFinished)
  /// ```
  ///
  /// Work that never stops sleeping (an endless timer) would keep it going forever, so it gives
  /// up after `timeout` of real time: it reports an issue and cancels the sleeps still pending,
  /// so that the tasks waiting on them end.
  public func run(
    timeout: Swift.Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    // Step 3: keep advancing to the earliest pending deadline until no sleeper is left. An
    // endless timer would keep that going forever, so measure real time (`ContinuousClock`)
    // from the start: before each advance, check whether `timeout` has passed, and if it
    // has, hand over to `giveUp` and return. Pass `giveUp` this call's own location, so the
    // issue points at the test's line.
  }

  /// Throws ``SuspensionError`` if any sleep is still pending on this clock.
  ///
  /// Use it at the end of a test to prove that a feature has no time-based work left:
  ///
  /// ```swift
  /// model.stopButtonTapped()
  /// try await clock.checkSuspension()
  /// ```
  public func checkSuspension() async throws {
    // Step 3: return quietly when nothing sleeps on the clock; otherwise throw a
    // `SuspensionError` that says how many sleeps are still pending.
  }

  /// What ``run(timeout:fileID:filePath:line:column:)`` does when time runs out: reports an
  /// issue, then ends every pending sleep with `CancellationError`.
  func giveUp(
    after timeout: Swift.Duration,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let sleepers = state.withValue { state -> [Sleeper] in
      defer { state.sleepers.removeAll() }
      return state.sleepers
    }
    reportIssue(
      """
      TestClock.run(timeout:) gave up after \(timeout) with \(sleepers.count) sleep\
      \(sleepers.count == 1 ? "" : "s") still pending, and cancelled \
      \(sleepers.count == 1 ? "it" : "them"). The work keeps sleeping (an endless timer?): \
      stop it first, or advance by a fixed amount instead.
      """,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
    for sleeper in sleepers { sleeper.continuation.resume(throwing: CancellationError()) }
  }
}
