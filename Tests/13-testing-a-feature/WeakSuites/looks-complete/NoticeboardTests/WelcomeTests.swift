import Dependencies
import Noticeboard
import Testing

// A weak suite: every test of the reference is here, with its names and set-up, but each one
// checks a single value: the welcome at 9 seconds but not that the model still waits, the
// welcome text at 10 seconds but not that the model stopped waiting.

@MainActor
@Suite("Step 1: the welcome message waits ten seconds on the clock")
struct WelcomeTests {
  @Test(
    "the welcome is still missing, and the model still waits on the clock, 1 second before 10 seconds"
  )
  func welcomeIsMissingBeforeTenSeconds() async {
    let clock = TestClock()
    let model = noticeboard(on: clock)
    let appearing = Task { await model.appeared() }
    await clock.waitForSleepers(count: 1)

    await clock.advance(by: .seconds(9))
    #expect(model.welcome == nil)

    appearing.cancel()
    await appearing.value
  }

  @Test(
    "after 10 seconds on the clock the model stops waiting and the welcome says exactly \"Welcome back!\""
  )
  func welcomeAppearsAfterTenSeconds() async {
    let clock = TestClock()
    let model = noticeboard(on: clock)
    let appearing = Task { await model.appeared() }
    await clock.waitForSleepers(count: 1)

    await clock.advance(by: .seconds(10))
    do {
      // If the model is still asleep, awaiting the appearance would never return.
      try await clock.checkSuspension()
    } catch {
      appearing.cancel()
    }
    await appearing.value
    #expect(model.welcome == "Welcome back!")
  }

  @Test("a screen whose task is cancelled after 5 seconds, before the 10 are up, shows no welcome")
  func leavingEarlyShowsNoWelcome() async {
    let clock = TestClock()
    let model = noticeboard(on: clock)
    let appearing = Task { await model.appeared() }
    await clock.waitForSleepers(count: 1)

    await clock.advance(by: .seconds(5))
    appearing.cancel()
    await appearing.value
    #expect(model.welcome == nil)
  }
}
