import ConcurrencyExtras
import ControlledTime
import Dependencies
import DependenciesTestSupport
import Testing

// More edge cases of TestClockEdgeCaseTests (ControlledTimeEdgeCaseTests.swift): cancelling,
// deadlines at now, waiting, running and checking.

extension TestClockEdgeCaseTests {
  @Test func cancellingOneSleeperLeavesTheOthers() async {
    let clock = ControlledTime.TestClock()
    let tasks = [1, 2, 3].map { sleeper(on: clock, until: at($0)) }
    defer { for task in tasks { task.cancel() } }
    guard
      await sleepersArrive(
        on: clock, count: 3,
        setup("Three sleepers never became pending."))
    else { return }

    tasks[1].cancel()
    let cancelled = await ending(
      of: tasks[1], "The sleep until 2 s had not ended 2 seconds after its task was cancelled.")
    #expect(
      cancelled == nil || cancelled == .cancelled,
      """
      The sleep until 2 s, whose task was cancelled, \(cancelled.map(\.description) ?? "") \
      instead of throwing CancellationError.
      """)
    let pending = clock.pendingSleeperCount
    #expect(
      pending == 2,
      """
      Cancelling one of three sleepers left pendingSleeperCount at \(pending): the other two \
      should stay pending, and only they.
      """)

    guard
      await completes(
        "advance(by: 3 s) did not return within 2 seconds.",
        { await clock.advance(by: .seconds(3)) })
    else { return }
    let woken = [(tasks[0], 1), (tasks[2], 3)]
    let ended = await endings(
      of: woken.map { task, deadline in
        (
          task,
          """
          After the sleeper due at 2 s was cancelled, advance(by: 3 s) left the one due at \
          \(deadline) s asleep.
          """
        )
      })
    for ((_, deadline), ending) in zip(woken, ended) {
      #expect(
        ending == nil || ending == .returned,
        """
        The sleeper due at \(deadline) s, whose task was not cancelled, \
        \(ending.map(\.description) ?? "") when advance(by: 3 s) woke it.
        """)
    }
    let left = clock.pendingSleeperCount
    #expect(
      left == 0,
      "After advance(by: 3 s), pendingSleeperCount is \(left), not 0.")
  }

  @Test func anAlreadyCancelledTaskThrowsWithoutSleeping() async {
    let clock = ControlledTime.TestClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    let ending = await ending(
      of: task, "A task that was already cancelled was still asleep 2 seconds later.")
    #expect(
      ending == nil || ending == .cancelled,
      """
      A task that was already cancelled called sleep, and the sleep \
      \(ending.map(\.description) ?? ""): it should throw CancellationError at once, without \
      sleeping.
      """)
    let pending = clock.pendingSleeperCount
    #expect(
      pending == 0,
      """
      After an already cancelled task called sleep, pendingSleeperCount is \(pending), not 0: \
      that sleep must not be left pending.
      """)
  }

  @Test func aDeadlineEqualToNowWaitsForAnAdvance() async {
    let clock = ControlledTime.TestClock<Duration>(now: at(5))
    let woke = LockIsolated(false)
    let task = sleeper(on: clock, until: at(5)) { woke.setValue(true) }
    guard
      await sleepersArrive(
        on: clock, count: 1,
        """
        On a clock standing at 5 s, a task called sleep(until: 5 s), and no sleeper became \
        pending. A deadline equal to `now` has not passed: that sleep waits, pending, until \
        an advance reaches it (even `advance()` by zero).
        """)
    else {
      task.cancel()
      return
    }
    #expect(
      !woke.value,
      "A sleep until 5 s on a clock at 5 s woke before any advance; it should stay pending.")
    await clock.advance()
    let ending = await ending(
      of: task, "advance() by zero left the sleeper due at 5 s asleep, on a clock at 5 s.")
    #expect(
      ending == nil || ending == .returned,
      """
      The sleeper due at 5 s \(ending.map(\.description) ?? "") when advance() by zero \
      reached it; it should return.
      """)
  }

  @Test func waitingForNoSleepersSucceedsAtOnce() async {
    let clock = ControlledTime.TestClock()
    let reached = await bounded(
      "waitForSleepers(count: 0) did not return within 2 seconds.",
      { await clock.waitForSleepers(count: 0, timeout: .seconds(1)) })
    #expect(
      reached == true,
      "waitForSleepers(count: 0) should return true at once: zero sleepers are always pending.")
  }

  @Test func runLeavesNowAtTheLastDeadline() async {
    let clock = ControlledTime.TestClock()
    let tasks = [2, 7].map { sleeper(on: clock, until: at($0)) }
    defer { for task in tasks { task.cancel() } }
    guard
      await sleepersArrive(
        on: clock, count: 2,
        setup("Two sleepers never became pending."))
    else { return }

    guard await completes("run() did not return within 2 seconds.", { await clock.run() })
    else { return }
    let ended = await endings(
      of: zip(tasks, [2, 7]).map { task, deadline in
        (task, "After run(), the sleeper due at \(deadline) s was still asleep.")
      })
    for (deadline, ending) in zip([2, 7], ended) {
      #expect(
        ending == nil || ending == .returned,
        """
        The sleeper due at \(deadline) s \(ending.map(\.description) ?? "") when run() woke \
        it; it should return.
        """)
    }
    let now = clock.now.offset
    #expect(
      now == .seconds(7),
      """
      run() with sleepers due at 2 s and 7 s ended with now at \(shown(now)); it should end at \
      7 s, the last deadline.
      """)
  }

  @Test(.dependencies) @MainActor func checkSuspensionIsQuietOnceTheCountdownStops() async {
    let clock = ControlledTime.TestClock()
    let model = withDependencies {
      $0.continuousClock = clock
    } operation: {
      CountdownModel()
    }
    let task = model.start(from: 5)
    defer { task.cancel() }
    guard
      await sleepersArrive(
        on: clock, count: 1,
        setup("The countdown's task never went to sleep.")
      )
    else { return }
    guard
      await completes(
        "advance(by: 1 s) did not return within 2 seconds.",
        { await clock.advance(by: .seconds(1)) })
    else { return }
    guard
      await sleepersArrive(
        on: clock, count: 1, "After one tick, the countdown did not sleep again.")
    else { return }

    model.stop()
    await #expect(
      throws: Never.self,
      Comment(
        rawValue: clock.pendingSleeperCount == 0
          ? """
          After the countdown was stopped (its task cancelled), nothing was pending, yet \
          checkSuspension() threw.
          """
          : """
          After the countdown was stopped (its task cancelled), checkSuspension() found \
          \(amount(clock.pendingSleeperCount, "sleep")) still pending: cancelling a task must \
          remove its sleeper.
          """)
    ) {
      try await clock.checkSuspension()
    }
    let left = model.secondsLeft
    #expect(
      left == 4,
      """
      After advance(by: 1 s), a countdown from 5 showed \(amount(left, "second")) left; its \
      first tick, due at 1 s, should leave 4.
      """)
  }
}
