import Clocks
import Testing

@Suite struct AnyClockTests {
  @Test func measuresTimeFromWhenItWasCreated() async {
    let base = TestClock<Duration>(now: .init(offset: .seconds(100)))
    let clock = AnyClock(base)
    let start = clock.now
    await base.advance(by: .seconds(3))
    #expect(start.duration(to: clock.now) == .seconds(3))
    #expect(start < clock.now)
  }

  @Test func sleepsOnTheWrappedClock() async throws {
    let base = TestClock()
    let clock = AnyClock(base)
    let task = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(2))) }
    await base.waitForSleepers(count: 1)
    await base.advance(by: .seconds(1))
    #expect(base.pendingSleeperCount == 1)
    await base.advance(by: .seconds(1))
    try await task.value
    #expect(base.pendingSleeperCount == 0)
  }

  @Test func forwardsTheMinimumResolution() {
    let base = TestClock()
    base.minimumResolution = .milliseconds(15)
    #expect(AnyClock(base).minimumResolution == .milliseconds(15))
  }

  @Test func wrapsAnExistential() async throws {
    let existential: any Clock<Duration> = ImmediateClock()
    let clock = AnyClock(existential)
    try await clock.sleep(for: .seconds(4))
    #expect(clock.now.advanced(by: .seconds(-4)) < clock.now)
    #expect(clock.now.duration(to: clock.now) == .zero)
  }
}
