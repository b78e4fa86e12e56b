import Clocks
import IssueReporting
import Testing

@Suite struct ShorthandsTests {
  @Test func immediateIsAnImmediateClockAtItsOrigin() async throws {
    let clock: ImmediateClock = .immediate
    try await clock.sleep(for: .seconds(1))
    #expect(clock.now.offset == .seconds(1))
  }

  @Test func testIsAFreshTestClockEachTime() async {
    let first: TestClock = .test
    let second: TestClock = .test
    await first.advance(by: .seconds(1))
    #expect(first.now.offset == .seconds(1))
    #expect(second.now.offset == .zero)
  }

  @Test func unimplementedReportsUnderItsName() async throws {
    let collector = IssueCollector()
    try await withIssueReporters([collector]) {
      try await sleepOneSecond(on: .unimplemented("Feature.clock"))
      try await sleepOneSecond(on: .unimplemented())
    }
    #expect(
      collector.messages == [
        "Unimplemented: Feature.clock.now", "Unimplemented: Feature.clock.sleep",
        "Unimplemented: Clock.now", "Unimplemented: Clock.sleep",
      ])
  }

  private func sleepOneSecond(on clock: some Clock<Duration>) async throws {
    try await clock.sleep(for: .seconds(1))
  }
}
