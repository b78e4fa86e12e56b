import Clocks
import Testing

@Suite struct ImmediateClockTests {
  @Test func sleepReturnsAtOnceAndMovesNowForward() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(5))
    #expect(clock.now.offset == .seconds(5))
    try await clock.sleep(for: .seconds(2))
    #expect(clock.now.offset == .seconds(7))
  }

  @Test func startsWhereItIsTold() {
    let clock = ImmediateClock<Duration>(now: .init(offset: .seconds(10)))
    #expect(clock.now.offset == .seconds(10))
    #expect(clock.minimumResolution == .zero)
  }

  @Test func sleepingUntilThePastDoesNotMoveTimeBack() async throws {
    let clock = ImmediateClock<Duration>(now: .init(offset: .seconds(10)))
    try await clock.sleep(until: .init(offset: .seconds(3)))
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func aCancelledTaskThrows() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.now.offset == .zero)
  }

  @Test func instantsMeasureFromTheOrigin() {
    let start = ImmediateClock<Duration>.Instant(offset: .seconds(1))
    let later = start.advanced(by: .seconds(2))
    #expect(later.offset == .seconds(3))
    #expect(start.duration(to: later) == .seconds(2))
    #expect(start < later)
  }

  @Test func concurrentSleepsAllReturn() async throws {
    let clock = ImmediateClock()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for seconds in 1...20 {
        group.addTask { try await clock.sleep(until: .init(offset: .seconds(seconds))) }
      }
      try await group.waitForAll()
    }
    #expect(clock.now.offset == .seconds(20))
  }
}
