import Dependencies
import Noticeboard
import Testing

// A weak suite: the counts are compared with `>=` and `>`, never with `==`.

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
    #expect(model.ticks >= 0)

    for second in 1...3 {
      await clock.advance(by: .seconds(1))
      // Asleep again: the tick between the two sleeps is done.
      await clock.waitForSleepers(count: 1)
      #expect(model.ticks >= second)
    }

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
    #expect(model.ticks > 0)
    await #expect(throws: Never.self) {
      try await clock.checkSuspension()
    }
  }
}
