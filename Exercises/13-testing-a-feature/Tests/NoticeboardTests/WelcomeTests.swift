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
    // Show that 1 second before the 10 seconds are up, the welcome message is still missing
    // and the model is still waiting on the clock. Let the screen appear on a test clock,
    // wait until the model sleeps on it, then move the clock on 9 seconds. Stop the
    // appearance at the end, so the test leaves nothing running.
  }

  @Test(
    "after 10 seconds on the clock the model stops waiting and the welcome says exactly \"Welcome back!\""
  )
  func welcomeAppearsAfterTenSeconds() async {
    // Show that once the 10 seconds are up, the welcome message says exactly
    // "Welcome back!". Move a test clock on instead of waiting for real, and wait for the
    // appearance to finish before you look.
  }

  @Test("a screen whose task is cancelled after 5 seconds, before the 10 are up, shows no welcome")
  func leavingEarlyShowsNoWelcome() async {
    // Show that when the screen goes away before the 10 seconds are up (its task is
    // cancelled), the welcome message never appears. Cancel part-way through the wait, and
    // wait for the appearance to end before you look.
  }
}
