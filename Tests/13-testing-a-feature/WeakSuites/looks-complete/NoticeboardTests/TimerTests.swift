import Dependencies
import Noticeboard
import Testing

// A weak suite: the timer moves on one second at a time, but only the count after the third
// second is checked; a cancelled timer's count is checked, but not that no sleep is left.

@MainActor
@Suite("Step 2: the timer ticks every second and stops when cancelled")
struct TimerTests {
  @Test(
    "the timer counts 0 before the first second, then exactly 1, 2, 3 after one, two and three seconds"
  )
  func timerTicksOncePerSecond() async {
    let clock = TestClock()
    let model = noticeboard(on: clock)
    let timer = Task { await model.runTimer() }
    await clock.waitForSleepers(count: 1)

    for _ in 1...3 {
      await clock.advance(by: .seconds(1))
      // Asleep again: the tick between the two sleeps is done.
      await clock.waitForSleepers(count: 1)
    }
    #expect(model.ticks == 3)

    timer.cancel()
    await timer.value
  }

  @Test(
    "a timer cancelled after one tick ends with its count at 1 and nothing left waiting on the clock"
  )
  func cancellingStopsTheTimer() async {
    let clock = TestClock()
    let model = noticeboard(on: clock)
    let timer = Task { await model.runTimer() }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(count: 1)

    timer.cancel()
    await timer.value
    #expect(model.ticks == 1)
  }
}
