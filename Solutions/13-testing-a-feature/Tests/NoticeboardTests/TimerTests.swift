import Dependencies
import Noticeboard
import Testing

@MainActor
@Suite("Step 2: the timer ticks every second and stops when cancelled")
struct TimerTests {
  @Test(
    "the timer counts 0 before the first second, then exactly 1, 2, 3 after one, two and three seconds"
  )
  func timerTicksOncePerSecond() async {
    #if SOLUTION
      let clock = TestClock()
      let model = noticeboard(on: clock)
      let timer = Task { await model.runTimer() }
      await clock.waitForSleepers(count: 1)
      #expect(
        model.ticks == 0,
        """
        The timer started and no time passed on the clock yet: it should have counted 0 ticks, \
        but it counted \(model.ticks).
        """)

      for second in 1...3 {
        await clock.advance(by: .seconds(1))
        // Asleep again: the tick between the two sleeps is done.
        await clock.waitForSleepers(count: 1)
        #expect(
          model.ticks == second,
          """
          The timer ran for \(second) second\(second == 1 ? "" : "s") on the clock, one second \
          at a time: it should have counted \(second) tick\(second == 1 ? "" : "s"), but it \
          counted \(model.ticks).
          """)
      }

      timer.cancel()
      await timer.value
    #else
      // Show that the timer counts nothing before the first second is up, then exactly one
      // tick per second on the clock: 1, 2, 3. Move a test clock on one second at a time, and
      // before each look wait until the timer is asleep again, so its tick is done. Cancel the
      // timer at the end.
    #endif
  }

  @Test(
    "a timer cancelled after one tick ends with its count at 1 and nothing left waiting on the clock"
  )
  func cancellingStopsTheTimer() async {
    #if SOLUTION
      let clock = TestClock()
      let model = noticeboard(on: clock)
      let timer = Task { await model.runTimer() }
      await clock.waitForSleepers(count: 1)
      await clock.advance(by: .seconds(1))
      await clock.waitForSleepers(count: 1)

      timer.cancel()
      await timer.value
      #expect(
        model.ticks == 1,
        """
        The timer counted 1 tick, then its task was cancelled and ended: the count should have \
        stayed at 1, but it was \(model.ticks).
        """)
      await #expect(
        throws: Never.self,
        """
        After the timer was cancelled and its task had ended, something was still waiting on \
        the clock.
        """
      ) {
        try await clock.checkSuspension()
      }
    #else
      // Show that cancelling the timer's task stops the count where it was: let it tick once,
      // cancel it, wait for it to end, and check that the count has not moved and that
      // nothing is left waiting on the clock.
    #endif
  }
}
