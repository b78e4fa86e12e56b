import ConcurrencyExtras
import ControlledTime
import Dependencies
import DependenciesTestSupport
import Testing

// The lesson's tests of Step 2 (the other steps: ControlledTimeLessonTests.swift).

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
      """
      The sleeper woken by advance(by: 1 s) \(ending.map(\.description) ?? "") instead of \
      returning. Step 2: resume() it.
      """)
    let now = clock.now.offset
    #expect(
      now == .seconds(1),
      """
      After advance(by: 1 s) from 0 s, now is \(shown(now)), not 1 s. Step 2: when nothing more is \
      due, move now to the target.
      """)
    let pending = clock.pendingSleeperCount
    #expect(
      pending == 0,
      """
      After advance(by: 1 s) woke the only sleeper, pendingSleeperCount is \(pending), not 0. \
      Step 2: take out of state.sleepers each sleeper you wake.
      """)
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
      of: soon,
      """
      After advance(by: 2 s) from 0 s, the task sleeping until 1 s was still asleep 2 seconds \
      later. Step 2: wake every sleeper whose deadline is at or before the target.
      """)
    #expect(
      !laterWoke.value,
      """
      advance(by: 2 s) from 0 s woke the sleeper due at 5 s. Step 2: wake only sleepers whose \
      deadline is at or before the target; the others stay pending for a later advance.
      """)
    let pending = clock.pendingSleeperCount
    #expect(
      pending == 1,
      """
      After advance(by: 2 s) from 0 s, pendingSleeperCount is \(pending), not 1: the sleeper \
      due at 1 s should have been taken out and woken, and the one due at 5 s left pending. \
      Step 2: remove each sleeper you wake from state.sleepers, and only those.
      """)
    let now = clock.now.offset
    #expect(
      now == .seconds(2),
      """
      After advance(by: 2 s) from 0 s, now is \(shown(now)), not 2 s. Step 2: end with now at the \
      target.
      """)
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
    let wakes = log.value
    #expect(
      wakes.count == 3,
      """
      advance(to: 3 s) from 0 s should wake all three sleepers, due at 1, 2 and 3 s (a deadline \
      equal to the target is due too), but \(onlyWoke(wakes)). Step 2: wake, one at a time, \
      every pending sleeper whose deadline is at or before the target.
      """)
    guard wakes.count == 3 else { return }
    #expect(
      wakes.map(\.name) == ["first", "second", "third"],
      """
      Three sleepers that started sleeping as third (due at 3 s), first (1 s), second (2 s) \
      woke in \(wakes.map(\.name) == ["third", "first", "second"]
        ? "the order they started sleeping in" : "another order"), not first, second, \
      third. Step 2: wake the due sleeper \
      with the earliest deadline first, whatever the order they started sleeping in \
      (Sleeper.wakes(before:) compares deadlines first), and let each woken task run before \
      waking the next.
      """)
    #expect(
      wakes.map(\.seconds).sorted() == [1, 2, 3],
      """
      The sleepers due at 1, 2 and 3 s did not each read their own deadline as now when they \
      woke\(wakes.allSatisfy { $0.seconds >= ($0.name == "first" ? 1 : $0.name == "second" ? 2 : 3) }
        ? ": at least one read a later time, so now had moved on before its task ran" : ""). \
      Step 2: move now to each sleeper's deadline as you wake it, and settle before waking the \
      next.
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
    let wakes = log.value
    #expect(
      wakes.count == 2,
      """
      advance(by: 5 s) from 0 s should wake both sleepers, due at 1 s and 2 s, but \
      \(onlyWoke(wakes)). Step 2: wake, one at a time, every pending sleeper whose deadline is \
      at or before the target.
      """)
    guard wakes.count == 2 else { return }
    // A sleeper that read a later time than its deadline reads whatever now was when its task
    // ran, which differs from run to run: the words say only what every such run observes.
    let readLater = zip(wakes.map(\.seconds), [1, 2]).allSatisfy { $0 >= $1 }
    #expect(
      wakes == [Wake(name: "first", seconds: 1), Wake(name: "second", seconds: 2)],
      """
      During advance(by: 5 s), the sleepers due at 1 s and 2 s should have read now = 1 s and \
      now = 2 s as they woke, but \(readLater
        ? "at least one read a later time than its own deadline: now had already moved on when "
          + "its task ran"
        : "they read \(list(wakes))"). Step 2: move now to a sleeper's deadline just before \
      waking it, never straight to the target; jump to the target only once nothing more is due.
      """)
    let now = clock.now.offset
    #expect(
      now == .seconds(5),
      """
      After advance(by: 5 s) from 0 s, now is \(shown(now)), not 5 s. Step 2: end with now at the \
      target.
      """)
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
    let ended = await within { await task.value } != nil
    let left = model.secondsLeft
    let hint =
      left == 3
      ? "Not one of its ticks ran. Step 2: wake every sleeper due by the target."
      : """
      Step 2: after waking a sleeper, settle (waitForPending with the count from before the \
      wake) so the woken task can sleep again, and wake its next tick in the same advance when \
      it is due at or before the target.
      """
    #expect(
      ended,
      """
      After advance(by: 3 s), a countdown from 3 (one sleep of 1 s per tick) had not finished \
      2 seconds later: it showed \(amount(left, "second")) left. \(hint)
      """)
    guard ended else { return }
    #expect(
      model.secondsLeft == 0,
      """
      After advance(by: 3 s), the countdown's task ended with \
      \(amount(model.secondsLeft, "second")) left, so one of its sleeps threw instead of \
      returning. A sleep that an advance wakes returns normally.
      """)
    #expect(
      model.isFinished,
      "After advance(by: 3 s), the countdown reached 0 but did not finish.")
    let now = clock.now.offset
    #expect(
      now == .seconds(3),
      """
      After advance(by: 3 s) from 0 s, now is \(shown(now)), not 3 s. Step 2: end with now at the \
      target.
      """)
  }
}
