import Dependencies
import Noticeboard
import Testing

// A weak suite: every test of the reference, with the same scenario, but loose checks: the
// welcome is only "not the greeting" or "not nil" instead of exactly nil or exactly
// "Welcome back!", and the sleepers are "more than none" instead of exactly one.

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
    #expect(model.welcome != "Welcome back!")
    #expect(clock.pendingSleeperCount > 0)

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
      Issue.record("After 10 seconds the model was still waiting on the clock.")
      appearing.cancel()
    }
    await appearing.value
    #expect(model.welcome != nil)
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
    #expect(model.welcome != "Welcome back!")
  }
}
