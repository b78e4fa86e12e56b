import Dependencies
import Noticeboard
import Testing

// A weak suite: it checks the welcome text once the 10 seconds are up, never before them, and
// never what happens when the screen goes away.

@MainActor
@Suite("Step 1: the welcome message waits ten seconds on the clock")
struct WelcomeTests {
  @Test func welcomeAppears() async {
    let clock = TestClock()
    let model = noticeboard(on: clock)
    let appearing = Task { await model.appeared() }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(10))
    await appearing.value
    #expect(model.welcome == "Welcome back!")
  }
}
