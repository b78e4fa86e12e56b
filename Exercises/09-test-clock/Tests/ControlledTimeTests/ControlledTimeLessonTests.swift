import ConcurrencyExtras
import ControlledTime
import Dependencies
import DependenciesTestSupport
import Testing

// The lesson's tests, in the order of its steps. They call your clocks by module name
// (`ControlledTime.TestClock`), so your code runs, not the library's. Every wait is bounded:
// code that never wakes a task fails here within a couple of seconds instead of hanging.

@Suite("Step 1: a sleep waits, and a test can wait for sleepers")
struct SleepingTests {
  @Test func aSleepWaitsForTheClock() async {
    let clock = ControlledTime.TestClock()
    let woke = LockIsolated(false)
    let task = sleeper(on: clock, until: at(1)) { woke.setValue(true) }
    defer { task.cancel() }

    guard
      await sleepersArrive(
        on: clock, count: 1,
        """
        A task called sleep(until: 1 s) on a clock standing at 0 s, yet no sleeper became \
        pending. Step 1: sleep must register a Sleeper in state.sleepers and suspend on its \
        continuation, and waitForPending must return true once enough sleepers are pending.
        """)
    else { return }
    #expect(
      clock.pendingSleeperCount == 1,
      """
      One task is asleep, but pendingSleeperCount is not 1. Step 1: register each sleep once, \
      in state.sleepers.
      """)
    #expect(
      !woke.value,
      """
      The task returned from sleep(until: 1 s) while the clock still stood at 0 s. Step 1: a \
      sleep whose deadline has not come must stay suspended until an advance wakes it.
      """)
  }

  /// What a `waitForSleepers` call returned, and how many sleepers were pending right after.
  struct WaitResult: Sendable {
    var reached: Bool
    var pendingAfter: Int
  }

  @Test func waitingReturnsOnceEnoughSleepersArePending() async {
    let clock = ControlledTime.TestClock()
    let waiter = Task {
      let reached = await clock.waitForSleepers(count: 3, timeout: .seconds(1))
      return WaitResult(reached: reached, pendingAfter: clock.pendingSleeperCount)
    }
    let tasks = (1...3).map { sleeper(on: clock, until: at($0)) }
    defer { for task in tasks { task.cancel() } }

    guard
      let result = await bounded(
        """
        waitForSleepers(count: 3, timeout: 1 second) did not return within 2 seconds. Step 1: \
        waitForPending must resume its continuation, with true when the count is reached or \
        with false when the timeout has passed.
        """, { await waiter.value })
    else { return }
    #expect(
      result.reached,
      """
      Three tasks went to sleep while a test waited for 3 sleepers, but waitForSleepers \
      returned false. Step 1: register must resume every waiter whose count is reached.
      """)
    #expect(
      result.pendingAfter >= 3,
      """
      waitForSleepers(count: 3) returned before 3 sleepers were pending. Step 1: return \
      true only once state.sleepers holds at least `count` sleepers.
      """)
  }

  @Test func waitingForSleepersThatNeverComeGivesUp() async {
    let clock = ControlledTime.TestClock()
    let task = sleeper(on: clock, until: at(1))
    defer { task.cancel() }
    guard
      await sleepersArrive(
        on: clock, count: 1,
        """
        A task called sleep(until: 1 s), yet no sleeper became pending. Step 1: register the \
        sleeper and let waitForPending see it.
        """)
    else { return }

    let reached = LockIsolated<Bool?>(nil)
    await withKnownIssue("waitForSleepers reports a timeout as an issue") {
      let result = await bounded(
        """
        waitForSleepers(count: 2, timeout: 100 ms) was still waiting 2 seconds later, with only \
        one sleeper. Step 1: start a task that waits `timeout` on ContinuousClock() and then \
        resumes the waiter with false.
        """, { await clock.waitForSleepers(count: 2, timeout: .milliseconds(100)) })
      reached.setValue(result)
    }
    #expect(
      reached.value == false,
      """
      With one sleeper pending, waitForSleepers(count: 2, timeout: 100 ms) should give up and \
      return false. Step 1: resume the waiter with true only when `count` sleepers are pending.
      """)
  }

  @Test func aDeadlineThatHasPassedDoesNotWait() async {
    let clock = ControlledTime.TestClock<Duration>(now: at(5))
    let later = sleeper(on: clock, until: at(6))
    defer { later.cancel() }
    guard
      await sleepersArrive(
        on: clock, count: 1,
        """
        On a clock standing at 5 s, a task called sleep(until: 6 s), yet no sleeper became \
        pending. Step 1: register sleeps whose deadline has not come.
        """)
    else { return }

    let past = sleeper(on: clock, until: at(3))
    let ending = await ending(
      of: past,
      """
      On a clock standing at 5 s, sleep(until: 3 s) was still asleep 2 seconds later. Step 1: \
      a deadline before `now` has already come: resume the continuation at once.
      """)
    #expect(
      ending == nil || ending == .returned,
      """
      sleep(until: 3 s) on a clock at 5 s threw instead of returning. Step 1: resume the \
      continuation without an error.
      """)
    #expect(
      clock.pendingSleeperCount == 1,
      """
      After sleep(until: 3 s) on a clock at 5 s, the pending count changed. Step 1: a sleep \
      that is already over is never added to state.sleepers.
      """)
  }
}

@Suite("Step 2: advancing wakes what is due, in order")
struct AdvanceTests {
  @Test func advancingWakesADueSleeper() async {
    let clock = ControlledTime.TestClock()
    let task = sleeper(on: clock, until: at(1))
    defer { task.cancel() }
    guard
      await sleepersArrive(
        on: clock, count: 1, "A task called sleep(until: 1 s), but no sleeper became pending.")
    else { return }

    guard
      await completes(
        "advance(by: 1 s) did not return within 2 seconds. Step 2: stop once nothing is due.",
        { await clock.advance(by: .seconds(1)) })
    else { return }
    let ending = await ending(
      of: task,
      """
      After advance(by: 1 s), the task sleeping until 1 s was still asleep. Step 2: remove \
      each due sleeper from state.sleepers and resume its continuation.
      """)
    #expect(
      ending == nil || ending == .returned,
      "The sleeper woken by advance(by: 1 s) threw instead of returning. Step 2: resume() it.")
    #expect(
      clock.now.offset == .seconds(1),
      """
      After advance(by: 1 s) from 0 s, now is not 1 s. Step 2: when nothing more is due, move \
      now to the target.
      """)
    #expect(
      clock.pendingSleeperCount == 0,
      "After waking the only sleeper, sleepers are still pending. Step 2: remove what you wake.")
  }

  @Test func advancingLeavesLaterSleepersAsleep() async {
    let clock = ControlledTime.TestClock()
    let laterWoke = LockIsolated(false)
    let soon = sleeper(on: clock, until: at(1))
    let later = sleeper(on: clock, until: at(5)) { laterWoke.setValue(true) }
    defer {
      soon.cancel()
      later.cancel()
    }
    guard
      await sleepersArrive(
        on: clock, count: 2,
        setup("Two tasks called sleep, but two sleepers never became pending.")
      )
    else { return }

    guard
      await completes(
        "advance(by: 2 s) did not return within 2 seconds.",
        { await clock.advance(by: .seconds(2)) })
    else { return }
    _ = await ending(
      of: soon, "After advance(by: 2 s), the task sleeping until 1 s was still asleep. Step 2.")
    #expect(
      clock.pendingSleeperCount == 1 && !laterWoke.value,
      """
      advance(by: 2 s) woke the sleeper due at 5 s. Step 2: wake only sleepers whose deadline \
      is at or before the target; the others stay pending for a later advance.
      """)
    #expect(
      clock.now.offset == .seconds(2),
      "After advance(by: 2 s) from 0 s, now is not 2 s. Step 2: end with now at the target.")
  }

  @Test func sleepersWakeInDeadlineOrder() async {
    let clock = ControlledTime.TestClock()
    let log = LockIsolated<[Wake]>([])
    var tasks: [Task<Void, any Error>] = []
    defer { for task in tasks { task.cancel() } }
    // They start sleeping one after the other: third (due at 3 s), first (1 s), second (2 s).
    for (name, deadline) in [("third", 3), ("first", 1), ("second", 2)] {
      tasks.append(loggingSleeper(name, on: clock, until: at(deadline), log: log))
      guard
        await sleepersArrive(
          on: clock, count: tasks.count,
          setup("The sleeper \"\(name)\" never became pending.")
        )
      else { return }
    }

    guard
      await completes(
        "advance(to: 3 s) did not return within 2 seconds.", { await clock.advance(to: at(3)) })
    else { return }
    // Each woken sleeper writes down what it saw, then sleeps again for 1000 s.
    guard
      await sleepersArrive(
        on: clock, count: 3, "After advance(to: 3 s), the three woken tasks did not sleep again.")
    else { return }
    #expect(
      log.value.map(\.name) == ["first", "second", "third"],
      """
      Three sleepers registered as third (due 3 s), first (1 s), second (2 s) did not wake in \
      the order first, second, third. Step 2: wake the earliest deadline first, whatever the \
      order they started sleeping in (Sleeper.wakes(before:)).
      """)
    #expect(
      log.value.map(\.seconds).sorted() == [1, 2, 3],
      """
      The sleepers due at 1, 2 and 3 s did not each see their own deadline as now when they \
      woke. Step 2: move now to each sleeper's deadline as you wake it, and settle before \
      waking the next.
      """)
  }

  @Test func nowIsTheDeadlineOfTheSleeperWaking() async {
    let clock = ControlledTime.TestClock()
    let log = LockIsolated<[Wake]>([])
    var tasks: [Task<Void, any Error>] = []
    defer { for task in tasks { task.cancel() } }
    // One after the other, so the order they slept in is always the order of their deadlines.
    for (name, deadline) in [("first", 1), ("second", 2)] {
      tasks.append(loggingSleeper(name, on: clock, until: at(deadline), log: log))
      guard
        await sleepersArrive(
          on: clock, count: tasks.count,
          setup("The sleeper \"\(name)\" never became pending.")
        )
      else { return }
    }

    guard
      await completes(
        "advance(by: 5 s) did not return within 2 seconds.",
        { await clock.advance(by: .seconds(5)) })
    else { return }
    guard
      await sleepersArrive(
        on: clock, count: 2, "After advance(by: 5 s), the two woken tasks did not sleep again.")
    else { return }
    #expect(
      log.value == [Wake(name: "first", seconds: 1), Wake(name: "second", seconds: 2)],
      """
      During advance(by: 5 s), the sleepers due at 1 s and 2 s should have read now = 1 s and \
      now = 2 s as they woke, but did not. Step 2: move now to a sleeper's deadline just before \
      waking it, never straight to the target; jump to the target only once nothing more is due.
      """)
    #expect(
      clock.now.offset == .seconds(5),
      "After advance(by: 5 s) from 0 s, now is not 5 s. Step 2: end with now at the target.")
  }

  @Test(.dependencies) @MainActor func aCountdownTicksThroughOneAdvance() async {
    let clock = ControlledTime.TestClock()
    let model = withDependencies {
      $0.continuousClock = clock
    } operation: {
      CountdownModel()
    }
    let task = model.start(from: 3)
    defer { task.cancel() }
    guard
      await sleepersArrive(
        on: clock, count: 1,
        setup("The countdown started, but its task never went to sleep.")
      )
    else { return }

    guard
      await completes(
        "advance(by: 3 s) did not return within 2 seconds.",
        { await clock.advance(by: .seconds(3)) })
    else { return }
    let ended = await completes(
      """
      After advance(by: 3 s), a countdown from 3 (one sleep of 1 s per tick) had not finished. \
      Step 2: after waking a sleeper, settle (waitForPending with the count from before the \
      wake) so the woken task can sleep again, and wake its next tick in the same advance when \
      it is due by the target.
      """, { await task.value })
    guard ended else { return }
    #expect(
      model.secondsLeft == 0 && model.isFinished,
      """
      After advance(by: 3 s), a countdown from 3 has not reached 0. Step 2: wake the ticks the \
      countdown schedules while the advance runs, as long as they are due by the target.
      """)
    #expect(
      clock.now.offset == .seconds(3),
      "After advance(by: 3 s) from 0 s, now is not 3 s. Step 2: end with now at the target.")
  }

  @Test func advanceToTakesAnAbsoluteTime() async {
    let clock = ControlledTime.TestClock()
    let tasks = [1, 3, 5].map { sleeper(on: clock, until: at($0)) }
    defer { for task in tasks { task.cancel() } }
    guard
      await sleepersArrive(
        on: clock, count: 3,
        setup("Three sleepers never became pending."))
    else { return }

    guard
      await completes(
        "advance(to: 4 s) did not return within 2 seconds.", { await clock.advance(to: at(4)) })
    else { return }
    for task in tasks.prefix(2) {
      _ = await ending(
        of: task,
        "After advance(to: 4 s), a task sleeping until 1 s or 3 s was still asleep. Step 2.")
    }
    #expect(
      clock.now.offset == .seconds(4) && clock.pendingSleeperCount == 1,
      """
      advance(to: 4 s) should wake the sleepers due at 1 s and 3 s, leave the one due at 5 s, \
      and end at 4 s. Step 2.
      """)

    guard
      await completes(
        "advance(to: 2 s) did not return within 2 seconds.", { await clock.advance(to: at(2)) })
    else { return }
    #expect(
      clock.now.offset == .seconds(4),
      """
      advance(to: 2 s) on a clock at 4 s moved time backwards. Step 2: move now only when the \
      new instant is later.
      """)
  }
}

@Suite("Step 3: run the clock out, and prove nothing is left")
struct RunAndCheckTests {
  @Test(.dependencies) @MainActor func runFinishesACountdown() async {
    let clock = ControlledTime.TestClock()
    let model = withDependencies {
      $0.continuousClock = clock
    } operation: {
      CountdownModel()
    }
    let task = model.start(from: 10)
    defer { task.cancel() }
    guard
      await sleepersArrive(
        on: clock, count: 1,
        setup("The countdown started, but its task never went to sleep.")
      )
    else { return }

    guard
      await completes(
        "run() did not return within 2 seconds.", { await clock.run() })
    else { return }
    let ended = await completes(
      """
      After run(), a countdown from 10 had not finished. Step 3: keep advancing to the \
      earliest pending deadline while any sleeper is pending.
      """, { await task.value })
    guard ended else { return }
    #expect(
      model.isFinished && clock.now.offset == .seconds(10),
      """
      run() on a countdown from 10 should leave it finished, with now at 10 s (the last \
      deadline). Step 3: advance to each next deadline, not beyond it.
      """)
  }

  @Test func runGivesUpOnAnEndlessTimer() async {
    let clock = ControlledTime.TestClock()
    let timer = Task {
      while true { try await clock.sleep(for: .seconds(1)) }
    }
    defer { timer.cancel() }
    guard
      await sleepersArrive(
        on: clock, count: 1,
        setup("The timer task never went to sleep."))
    else { return }

    await withKnownIssue("run(timeout:) reports that it gave up") {
      _ = await bounded(
        """
        run(timeout: 200 ms) on an endless timer was still running 2 seconds later. Step 3: \
        check ContinuousClock.now before every advance, and call giveUp once the timeout has \
        passed.
        """, { await clock.run(timeout: .milliseconds(200)) })
    }
    let ending = await ending(
      of: timer,
      """
      After run(timeout:) gave up, the endless timer was still asleep. Step 3: call giveUp(…), \
      which reports the problem and cancels the sleeps still pending.
      """)
    #expect(
      ending == nil || ending == .cancelled,
      "After run(timeout:) gave up, the timer's sleep should have thrown CancellationError.")
  }

  @Test func checkSuspensionThrowsWhileSomethingSleeps() async {
    let clock = ControlledTime.TestClock()
    let task = sleeper(on: clock, until: at(1))
    defer { task.cancel() }
    guard
      await sleepersArrive(
        on: clock, count: 1,
        setup("A sleeper never became pending."))
    else { return }

    await #expect(
      throws: ControlledTime.SuspensionError(pendingSleeperCount: 1),
      """
      With one sleep pending, checkSuspension() should throw \
      SuspensionError(pendingSleeperCount: 1). Step 3.
      """
    ) {
      try await clock.checkSuspension()
    }
    guard
      await completes(
        "advance(by: 1 s) did not return within 2 seconds.",
        { await clock.advance(by: .seconds(1)) })
    else { return }
    await #expect(
      throws: Never.self,
      "Once the only sleeper has woken, checkSuspension() should not throw. Step 3."
    ) {
      try await clock.checkSuspension()
    }
  }
}

@Suite("Step 4: cancelling a task ends its sleep")
struct CancellationTests {
  @Test func cancellingASleepingTaskEndsItsSleep() async {
    let clock = ControlledTime.TestClock()
    let task = sleeper(on: clock, until: at(1))
    guard
      await sleepersArrive(
        on: clock, count: 1,
        setup("A sleeper never became pending."))
    else { return }

    task.cancel()
    let ending = await ending(
      of: task,
      """
      A sleeping task was cancelled, but its sleep had not ended 2 seconds later. Step 4: wrap \
      the continuation in withTaskCancellationHandler, and in cancelSleeper remove the sleeper \
      and resume it with CancellationError().
      """)
    guard let ending else { return }
    #expect(
      ending == .cancelled,
      """
      A cancelled sleep should throw CancellationError, but it did not. Step 4: resume the \
      removed sleeper with `throwing: CancellationError()`.
      """)
    #expect(
      clock.pendingSleeperCount == 0,
      "A cancelled sleep is still counted as pending. Step 4: remove it from state.sleepers.")
  }

  @Test(.dependencies) @MainActor func aNewKeystrokeCancelsThePendingSearch() async {
    let clock = ControlledTime.TestClock()
    let searched = LockIsolated<[String]>([])
    let model = withDependencies {
      $0.continuousClock = clock
      $0.searchClient.search = { query in
        searched.withValue { $0.append(query) }
        return ["\(query) result"]
      }
    } operation: {
      SearchModel()
    }

    let first = model.queryChanged("sw")
    defer { first.cancel() }
    guard
      await sleepersArrive(
        on: clock, count: 1,
        setup("After typing \"sw\", the search never started waiting.")
      )
    else { return }
    let second = model.queryChanged("swi")
    defer { second.cancel() }
    let firstEnded = await completes(
      """
      Typing "swi" cancelled the search scheduled for "sw", but that search was still asleep 2 \
      seconds later. Step 4: a cancelled task's sleep must end at once, with CancellationError.
      """, { await first.value })
    guard firstEnded else { return }
    guard
      await sleepersArrive(
        on: clock, count: 1,
        setup("After typing \"swi\", the new search never started waiting.")
      )
    else { return }

    guard
      await completes(
        "advance(by: 300 ms) did not return within 2 seconds.",
        { await clock.advance(by: .milliseconds(300)) })
    else { return }
    guard
      await completes(
        "After advance(by: 300 ms), the search for \"swi\" was still asleep. Step 2.",
        { await second.value })
    else { return }
    #expect(
      searched.value == ["swi"] && model.results == ["swi result"],
      """
      After typing "sw" then "swi" and waiting 300 ms, only "swi" should have been searched. \
      Step 4: a cancelled sleep must never wake up normally.
      """)
  }
}

@Suite("Step 5: ImmediateClock skips the wait and keeps the time")
struct ImmediateClockTests {
  @Test func sleepingReturnsAtOnceAndMovesNow() async {
    let clock = ControlledTime.ImmediateClock()
    let finished = await bounded(
      "Sleeping 3 s then 2 s on an ImmediateClock did not return within 2 seconds. Step 5."
    ) {
      do {
        try await clock.sleep(for: .seconds(3))
        try await clock.sleep(for: .seconds(2))
        return true
      } catch {
        return false
      }
    }
    #expect(finished == true, "A sleep on an ImmediateClock threw. Step 5: just return.")
    #expect(
      clock.now.offset == .seconds(5),
      """
      After sleeping 3 s and then 2 s on an ImmediateClock starting at 0 s, now should be 5 s. \
      Step 5: move now forward to each sleep's deadline.
      """)
  }

  @Test(.dependencies) @MainActor func theWelcomeBannerHidesWithoutWaiting() async {
    let clock = ControlledTime.ImmediateClock()
    let model = withDependencies {
      $0.continuousClock = clock
    } operation: {
      WelcomeModel()
    }
    guard
      await completes(
        "WelcomeModel.onAppear() on an ImmediateClock did not return within 2 seconds. Step 5.",
        { await model.onAppear() })
    else { return }
    #expect(
      !model.isBannerVisible,
      "The banner is still visible after onAppear() on an ImmediateClock. Step 5.")
    #expect(
      clock.now.offset == .seconds(5),
      """
      The banner waited 5 s on an ImmediateClock, but the clock's now did not move to 5 s. \
      Step 5: a sleep returns at once, but time still passes.
      """)
  }
}
