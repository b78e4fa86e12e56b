import ConcurrencyExtras
import ControlledTime
import Dependencies
import DependenciesTestSupport
import Testing

// The lesson's tests of Step 5 (the other steps: ControlledTimeLessonTests.swift).

@Suite("Step 5: ImmediateClock skips the wait and keeps the time")
struct ImmediateClockTests {
  @Test func sleepingReturnsAtOnceAndMovesNow() async {
    let clock = ControlledTime.ImmediateClock()
    let finished = await bounded(
      "Sleeping 3 s then 2 s on an ImmediateClock did not return within 2 seconds. Step 5."
    ) {
      do {
        try await clock.sleep(for: .seconds(3))
        try await clock.sleep(for: .seconds(2))
        return true
      } catch {
        return false
      }
    }
    #expect(finished == true, "A sleep on an ImmediateClock threw. Step 5: just return.")
    let now = clock.now.offset
    #expect(
      now == .seconds(5),
      """
      After sleeping 3 s and then 2 s on an ImmediateClock starting at 0 s, now is \
      \(shown(now)), not 5 s. Step 5: move now forward to each sleep's deadline.
      """)
  }

  @Test(.dependencies) @MainActor func theWelcomeBannerHidesWithoutWaiting() async {
    let clock = ControlledTime.ImmediateClock()
    let model = withDependencies {
      $0.continuousClock = clock
    } operation: {
      WelcomeModel()
    }
    guard
      await completes(
        "WelcomeModel.onAppear() on an ImmediateClock did not return within 2 seconds. Step 5.",
        { await model.onAppear() })
    else { return }
    #expect(
      !model.isBannerVisible,
      """
      The banner is still visible after onAppear() on an ImmediateClock returned: its sleep of \
      5 s threw, so it never hid the banner. Step 5: a sleep returns normally.
      """)
    let now = clock.now.offset
    #expect(
      now == .seconds(5),
      """
      The banner waited 5 s on an ImmediateClock starting at 0 s, but the clock's now is \
      \(shown(now)), not 5 s. Step 5: a sleep returns at once, but time still passes.
      """)
  }
}
