import ConcurrencyExtras
import ControlledTime
import Dependencies
import DependenciesTestSupport
import Testing

// The lesson's tests of Step 2, continued from AdvanceLessonTests.swift: advancing to an
// absolute time.

extension AdvanceTests {
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
    _ = await endings(
      of: zip(tasks.prefix(2), [1, 3]).map { task, deadline in
        (
          task,
          """
          After advance(to: 4 s) from 0 s, the task sleeping until \(deadline) s was still \
          asleep 2 seconds later. Step 2: wake every sleeper whose deadline is at or before the \
          target.
          """
        )
      })
    let reached = clock.now.offset
    #expect(
      reached == .seconds(4),
      """
      After advance(to: 4 s) from 0 s, now is \(shown(reached)), not 4 s. Step 2: when \
      nothing more is due, move now to the target.
      """)
    let pending = clock.pendingSleeperCount
    #expect(
      pending == 1,
      """
      After advance(to: 4 s) from 0 s, pendingSleeperCount is \(pending), not 1: the sleepers \
      due at 1 s and 3 s should have been taken out and woken, and the one due at 5 s left \
      pending. Step 2.
      """)

    guard
      await completes(
        "advance(to: 2 s) did not return within 2 seconds.", { await clock.advance(to: at(2)) })
    else { return }
    let now = clock.now.offset
    #expect(
      now == .seconds(4),
      """
      advance(to: 2 s), on a clock at \(shown(reached)), left now at \(shown(now)), not \
      4 s. Step 2: an advance never moves now backwards: move now to the target only when it is \
      later.
      """)
  }
}
