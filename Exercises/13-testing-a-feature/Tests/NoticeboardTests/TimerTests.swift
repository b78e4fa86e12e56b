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
    // Show that the timer counts nothing before the first second is up, then exactly one
    // tick per second on the clock: 1, 2, 3. Move a test clock on one second at a time, and
    // before each look wait until the timer is asleep again, so its tick is done. Cancel the
    // timer at the end.
  }

  @Test(
    "a timer cancelled after one tick ends with its count at 1 and nothing left waiting on the clock"
  )
  func cancellingStopsTheTimer() async {
    // Show that cancelling the timer's task stops the count where it was: let it tick once,
    // cancel it, wait for it to end, and check that the count has not moved and that
    // nothing is left waiting on the clock.
  }
}
