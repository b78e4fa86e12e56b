import Dependencies
import Noticeboard
import Testing

// A weak suite: it waits for real on the continuous clock. It can afford a second, not the 10
// the welcome takes, so it only ever sees the welcome missing.

@MainActor
@Suite("Step 1: the welcome message waits ten seconds on the clock")
struct WelcomeTests {
  @Test func welcomeWaitsAndLeavingEarlyShowsNone() async throws {
    let model = withDependencies {
      $0.continuousClock = ContinuousClock()
    } operation: {
      NoticeboardModel()
    }
    let appearing = Task { await model.appeared() }
    try await Task.sleep(for: .seconds(1))
    #expect(model.welcome == nil, "After 1 real second, the welcome message was already there.")

    appearing.cancel()
    await appearing.value
    #expect(
      model.welcome == nil,
      "The screen's task was cancelled after 1 real second, and a welcome message appeared.")
  }
}
