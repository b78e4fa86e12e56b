import Clocks
import Testing

/// Work started just before an advance, with no `waitForSleepers` between: the advance's opening
/// pause waits until the other threads have finished what they were running, so a task on its way
/// to `sleep` there registers first. Each test repeats the race many times. What the first call
/// did decides the result; a second call then wakes a sleep that registered too late, so that a
/// miss fails instead of leaving the test waiting on its task.
@Suite struct StartedWorkTests {
  static let rounds = 200

  @Test func aTaskStartedJustBeforeAnAdvanceWakesInIt() async throws {
    for round in 1...Self.rounds {
      let clock = TestClock()
      let task = Task.detached {
        try await clock.sleep(for: .seconds(1))
        return clock.now.offset
      }
      await clock.advance(by: .seconds(1))
      // A sleep that registered after the advance, due at 2 s, wakes here instead.
      await clock.advance(by: .seconds(1))
      #expect(try await task.value == .seconds(1), "round \(round): woken when")
    }
  }

  @Test func aTimerStartedJustBeforeARunTicksToItsEnd() async {
    for round in 1...Self.rounds {
      let clock = TestClock()
      let task = Task.detached {
        var ticks = 0
        for await _ in clock.timer(interval: .seconds(1)).prefix(3) { ticks += 1 }
        return ticks
      }
      await clock.run()
      let reached = clock.now.offset
      // A timer whose first sleep registered after the run ticks here instead.
      await clock.run()
      #expect(reached == .seconds(3), "round \(round): where the first run stopped")
      #expect(await task.value == 3)
    }
  }

  @Test func checkSuspensionSeesASleepStartedJustBefore() async {
    for round in 1...Self.rounds {
      let clock = TestClock()
      let task = Task.detached { try await clock.sleep(for: .seconds(1)) }
      await #expect(throws: SuspensionError.self, "round \(round)") {
        try await clock.checkSuspension()
      }
      task.cancel()
      _ = await task.result
    }
  }
}
