import Dependencies
import Noticeboard
import Testing

@MainActor
@Suite("Step 1: the welcome message waits ten seconds on the clock")
struct WelcomeTests {
  @Test(
    "the welcome is still missing, and the model still waits on the clock, 1 second before 10 seconds"
  )
  func welcomeIsMissingBeforeTenSeconds() async {
    #if SOLUTION
      let clock = TestClock()
      let model = noticeboard(on: clock)
      let appearing = Task { await model.appeared() }
      await clock.waitForSleepers(count: 1)

      await clock.advance(by: .seconds(9))
      #expect(
        model.welcome == nil,
        """
        The screen appeared and the clock moved on 9 seconds: the welcome message should not be \
        there yet, but it showed \(shown(model.welcome)).
        """)
      #expect(
        clock.pendingSleeperCount == 1,
        """
        The screen appeared and the clock moved on 9 seconds: the model should still be waiting \
        on the clock for the last second, but nothing was waiting any more.
        """)

      appearing.cancel()
      await appearing.value
    #else
      // Show that 1 second before the 10 seconds are up, the welcome message is still missing
      // and the model is still waiting on the clock. Let the screen appear on a test clock,
      // wait until the model sleeps on it, then move the clock on 9 seconds. Stop the
      // appearance at the end, so the test leaves nothing running.
    #endif
  }

  @Test(
    "after 10 seconds on the clock the model stops waiting and the welcome says exactly \"Welcome back!\""
  )
  func welcomeAppearsAfterTenSeconds() async {
    #if SOLUTION
      let clock = TestClock()
      let model = noticeboard(on: clock)
      let appearing = Task { await model.appeared() }
      await clock.waitForSleepers(count: 1)

      await clock.advance(by: .seconds(10))
      do {
        // If the model is still asleep, awaiting the appearance would never return.
        try await clock.checkSuspension()
      } catch {
        Issue.record(
          """
          The screen appeared and the clock moved on 10 seconds: the model should have stopped \
          waiting, but it was still waiting on the clock.
          """)
        appearing.cancel()
      }
      await appearing.value
      #expect(
        model.welcome == "Welcome back!",
        """
        The screen appeared and the clock moved on 10 seconds: the welcome message should be \
        "Welcome back!", but it was \(shown(model.welcome)).
        """)
    #else
      // Show that once the 10 seconds are up, the welcome message says exactly
      // "Welcome back!". Move a test clock on instead of waiting for real, and wait for the
      // appearance to finish before you look.
    #endif
  }

  @Test("a screen whose task is cancelled after 5 seconds, before the 10 are up, shows no welcome")
  func leavingEarlyShowsNoWelcome() async {
    #if SOLUTION
      let clock = TestClock()
      let model = noticeboard(on: clock)
      let appearing = Task { await model.appeared() }
      await clock.waitForSleepers(count: 1)

      await clock.advance(by: .seconds(5))
      appearing.cancel()
      await appearing.value
      #expect(
        model.welcome == nil,
        """
        The screen appeared, and after 5 seconds its task was cancelled (the user left): no \
        welcome message should appear, but it showed \(shown(model.welcome)).
        """)
    #else
      // Show that when the screen goes away before the 10 seconds are up (its task is
      // cancelled), the welcome message never appears. Cancel part-way through the wait, and
      // wait for the appearance to end before you look.
    #endif
  }
}
