import ConcurrencyExtras
import ControlledTime
import Dependencies
import DependenciesTestSupport
import Testing

// Edge cases graded on top of the lesson's tests.

struct TestClockEdgeCaseTests {
  @Test func equalDeadlinesWakeInTheOrderTheySleptIn() async {
    let clock = ControlledTime.TestClock()
    let log = LockIsolated<[Wake]>([])
    var tasks: [Task<Void, any Error>] = []
    defer { for task in tasks { task.cancel() } }
    let names = ["a", "b", "c", "d", "e"]
    for name in names {
      // On the main actor, the woken sleepers write to the log in the order the clock resumed
      // them, however the thread pool happens to schedule them.
      tasks.append(
        Task { @MainActor in
          try await clock.sleep(until: at(1))
          log.withValue { $0.append(Wake(name: name, seconds: seconds(clock.now))) }
          try await clock.sleep(for: .seconds(1000))
        })
      guard
        await sleepersArrive(
          on: clock, count: tasks.count,
          setup("A sleeper never became pending."))
      else { return }
    }

    guard
      await completes(
        "advance(by: 1 s) did not return within 2 seconds.",
        { await clock.advance(by: .seconds(1)) })
    else { return }
    guard
      await sleepersArrive(
        on: clock, count: 5, "After advance(by: 1 s), the five woken tasks did not sleep again.")
    else { return }
    #expect(
      log.value.map(\.name) == names,
      """
      Five sleepers with the same deadline did not wake in the order they started sleeping \
      (a, b, c, d, e). Ties go to the smaller registration number.
      """)
  }

  @Test func manySleepersWakeByDeadlineThenRegistration() async {
    let clock = ControlledTime.TestClock()
    let log = LockIsolated<[Wake]>([])
    var tasks: [Task<Void, any Error>] = []
    defer { for task in tasks { task.cancel() } }
    // 24 sleepers over 8 deadlines, three per deadline, registered in a scrambled order.
    let deadlines = (0..<24).map { ($0 * 5) % 8 + 1 }
    for (index, deadline) in deadlines.enumerated() {
      tasks.append(loggingSleeper("#\(index)", on: clock, until: at(deadline), log: log))
      guard
        await sleepersArrive(
          on: clock, count: tasks.count,
          setup("A sleeper never became pending."))
      else { return }
    }

    guard
      await completes(
        "advance(by: 10 s) with 24 sleepers did not return within 2 seconds.",
        { await clock.advance(by: .seconds(10)) })
    else { return }
    guard
      await sleepersArrive(
        on: clock, count: 24, "After advance(by: 10 s), the woken tasks did not sleep again.")
    else { return }
    let expected = deadlines.enumerated()
      .sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }
      .map { Wake(name: "#\($0.offset)", seconds: $0.element) }
    #expect(
      log.value == expected,
      """
      24 sleepers over 8 deadlines did not all wake by (deadline, registration), each seeing \
      its own deadline as now.
      """)
    #expect(
      clock.now.offset == .seconds(10),
      "After advance(by: 10 s) from 0 s, now is not 10 s.")
  }

  @Test func workScheduledBeyondTheTargetStaysPending() async {
    let clock = ControlledTime.TestClock()
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      try await clock.sleep(for: .seconds(5))  // from 1 s: due at 6 s
    }
    defer { task.cancel() }
    guard
      await sleepersArrive(
        on: clock, count: 1,
        setup("The task never went to sleep."))
    else { return }

    guard
      await completes(
        "advance(by: 2 s) did not return within 2 seconds.",
        { await clock.advance(by: .seconds(2)) })
    else { return }
    guard
      await sleepersArrive(
        on: clock, count: 1, "After its first sleep ended, the task did not sleep again.")
    else { return }
    #expect(
      clock.now.offset == .seconds(2),
      """
      A sleep scheduled during advance(by: 2 s) for 6 s is beyond the target: it stays \
      pending and now ends at 2 s.
      """)

    guard
      await completes(
        "advance(by: 4 s) did not return within 2 seconds.",
        { await clock.advance(by: .seconds(4)) })
    else { return }
    let ending = await ending(
      of: task,
      """
      A task woken at 1 s slept 5 s more, so it is due at 6 s; advancing to 6 s did not wake \
      it. It must have read now as the target instead of its own deadline when it woke.
      """)
    #expect(ending == nil || ending == .returned, "The task's second sleep threw.")
  }

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
      of: tasks[1], "A cancelled sleep had not ended 2 seconds later.")
    #expect(cancelled == nil || cancelled == .cancelled, "A cancelled sleep did not throw.")
    #expect(
      clock.pendingSleeperCount == 2,
      "Cancelling one of three sleepers should leave exactly the other two pending.")

    guard
      await completes(
        "advance(by: 3 s) did not return within 2 seconds.",
        { await clock.advance(by: .seconds(3)) })
    else { return }
    for task in [tasks[0], tasks[2]] {
      let ending = await ending(
        of: task, "After one sleeper was cancelled, advance(by: 3 s) left another asleep.")
      #expect(ending == nil || ending == .returned, "A sleeper that was not cancelled threw.")
    }
    #expect(clock.pendingSleeperCount == 0, "After advance(by: 3 s), sleepers are still pending.")
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
      A task that was already cancelled called sleep: it should throw CancellationError at \
      once, without sleeping.
      """)
    #expect(
      clock.pendingSleeperCount == 0,
      "A sleep by an already cancelled task was left pending.")
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
      "The sleeper due at 5 s threw when advance() by zero reached it; it should return.")
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
    for task in tasks {
      let ending = await ending(of: task, "After run(), a sleeper was still asleep.")
      #expect(ending == nil || ending == .returned, "A sleeper woken by run() threw.")
    }
    #expect(
      clock.now.offset == .seconds(7),
      "run() with sleepers due at 2 s and 7 s should end with now at 7 s, the last deadline.")
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
      """
      After the countdown was stopped (its task cancelled), checkSuspension() still found a \
      pending sleep: cancelling a task must remove its sleeper.
      """
    ) {
      try await clock.checkSuspension()
    }
    #expect(model.secondsLeft == 4, "One tick of a countdown from 5 should leave 4 seconds.")
  }
}
