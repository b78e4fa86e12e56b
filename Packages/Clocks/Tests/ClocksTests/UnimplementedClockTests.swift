import Clocks
import IssueReporting
import Testing

@Suite struct UnimplementedClockTests {
  @Test func sleepingReportsNowAndSleepAndStillWorks() async throws {
    let clock = UnimplementedClock()
    let collector = IssueCollector()
    try await withIssueReporters([collector]) {
      let start = clock.now
      try await clock.sleep(until: start.advanced(by: .seconds(1)))
    }
    #expect(collector.messages == ["Unimplemented: Clock.now", "Unimplemented: Clock.sleep"])
  }

  @Test func reportsUnderTheGivenName() async throws {
    let clock = UnimplementedClock(name: "ContinuousClock")
    let collector = IssueCollector()
    try await withIssueReporters([collector]) {
      try await clock.sleep(for: .seconds(1))
      _ = clock.minimumResolution
    }
    #expect(
      collector.messages == [
        "Unimplemented: ContinuousClock.now",
        "Unimplemented: ContinuousClock.sleep",
        "Unimplemented: ContinuousClock.minimumResolution",
      ])
  }

  @Test func behavesLikeAnImmediateClockByDefault() async throws {
    let clock = UnimplementedClock<Duration>(now: .init(offset: .seconds(10)))
    try await withIssueReporters([]) {
      let start = clock.now
      try await clock.sleep(for: .seconds(5))
      #expect(start.duration(to: clock.now) == .seconds(5))
    }
  }

  @Test func delegatesToTheClockItWraps() async throws {
    let base = TestClock()
    let clock = UnimplementedClock(base)
    let collector = IssueCollector()
    let task = Task {
      try await withIssueReporters([collector]) {
        try await clock.sleep(for: .seconds(1))
      }
    }
    await base.waitForSleepers(count: 1)
    await base.advance(by: .seconds(1))
    try await task.value
    #expect(
      collector.messages == [
        "Unimplemented: TestClock<Duration>.now", "Unimplemented: TestClock<Duration>.sleep",
      ])
  }

  @Test func failsTheTestThroughIssueReporting() async throws {
    let clock = UnimplementedClock(name: "FeedModel.clock")
    await withExpectedIssue {
      try await clock.sleep(for: .seconds(1))
    }
  }
}
