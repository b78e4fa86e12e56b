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
    // On one thread, jobs in the order they arrive, the woken sleepers write to the log in the
    // order the clock resumed them, however the thread pool happens to schedule them (on the
    // main actor, the hop back from `sleep` could still race).
    let executor = OneAtATimeExecutor()
    for name in names {
      tasks.append(
        Task(executorPreference: executor) {
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
    let wakes = log.value
    #expect(
      wakes.count == 5,
      """
      advance(by: 1 s) should wake all five sleepers due at 1 s, but \(onlyWoke(wakes)).
      """)
    guard wakes.count == 5 else { return }
    #expect(
      wakes.map(\.name) == names,
      """
      Five sleepers with the same deadline, which started sleeping in the order a, b, c, d, e, \
      woke in another order. Ties go to the smaller registration number.
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
    let wakes = log.value
    #expect(
      wakes.count == 24,
      """
      advance(by: 10 s) should wake all 24 sleepers, due at 1 s to 8 s, but \
      \(wakes.isEmpty ? "none of them" : "only \(wakes.count) of them") woke.
      """)
    guard wakes.count == 24 else { return }
    // One observation, the log of wakes, in words every run with this result shares: when the
    // woken work does not run before the next wake, which wake goes wrong, and how, differs from
    // run to run (the lesson's tests say which rule is broken).
    #expect(
      wakes == expected,
      """
      24 sleepers over 8 deadlines, three per deadline, started in a scrambled order, should \
      wake one at a time by (deadline, registration), each reading its own deadline as now. \
      The order they woke in, or the times they read, differ from that.
      """)
    let now = clock.now.offset
    #expect(
      now == .seconds(10),
      "After advance(by: 10 s) from 0 s, now is \(shown(now)), not 10 s.")
  }

  @Test func workScheduledBeyondTheTargetStaysPending() async {
    let clock = ControlledTime.TestClock()
    // What the task read as now when its first sleep ended.
    let firstWake = LockIsolated<Int?>(nil)
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      firstWake.setValue(seconds(clock.now))
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
    let now = clock.now.offset
    #expect(
      now == .seconds(2),
      """
      After advance(by: 2 s) from 0 s, now is \(shown(now)), not 2 s. A task slept 1 s, so it \
      should wake at 1 s and sleep 5 s more, until 6 s: that is beyond the target, so it \
      stays pending, and now ends at the target.
      """)

    guard
      await completes(
        "advance(by: 4 s) did not return within 2 seconds.",
        { await clock.advance(by: .seconds(4)) })
    else { return }
    let woke = firstWake.value
    let asleep: String
    if let woke, woke == 1 {
      asleep = """
        The task woke from its first sleep at 1 s and slept 5 s more, so it was due at 6 s, \
        yet advance(by: 4 s), from 2 s to 6 s, left it asleep. A sleeper due exactly at the \
        target is due.
        """
    } else if let woke {
      asleep = """
        The task woke from its first sleep, due at 1 s, reading now = \(woke) s, so its sleep \
        of 5 s more was due at \(woke + 5) s, not 6 s, and advance(by: 4 s), from 2 s to 6 s, \
        left it asleep. While a sleeper wakes, now must be its own deadline.
        """
    } else {
      asleep = """
        The task had not woken from its first sleep, due at 1 s, when advance(by: 4 s) from 2 s \
        returned, and had not finished 2 seconds later.
        """
    }
    let ending = await ending(of: task, asleep)
    #expect(
      ending == nil || ending == .returned,
      """
      The task's \(woke == nil ? "first" : "second") sleep \(ending.map(\.description) ?? "") \
      instead of returning.
      """)
  }
}
