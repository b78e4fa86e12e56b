import Dependencies
import Noticeboard
import Testing

// A weak suite: it runs the timer, but checks neither its ticks nor its cancellation.

@MainActor
@Suite("Step 2: the timer ticks every second and stops when cancelled")
struct TimerTests {
  @Test func timerRuns() async {
    let clock = TestClock()
    let model = noticeboard(on: clock)
    let timer = Task { await model.runTimer() }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(3))
    timer.cancel()
    await timer.value
  }
}
