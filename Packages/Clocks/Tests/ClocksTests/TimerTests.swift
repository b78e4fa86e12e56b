import Clocks
import ConcurrencyExtras
import Testing

@Suite struct TimerTests {
  @Test func ticksOncePerIntervalOnATestClock() async {
    let clock = TestClock()
    let ticks = LockIsolated<[Duration]>([])
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) {
        ticks.withValue { $0.append(clock.now.offset) }
      }
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .milliseconds(500))
    #expect(ticks.value.isEmpty)

    await clock.advance(by: .milliseconds(2_500))
    await clock.waitForSleepers(count: 1)  // the timer is waiting for its fourth tick
    #expect(ticks.value == [.seconds(1), .seconds(2), .seconds(3)])

    task.cancel()
    await task.value
  }

  @Test @MainActor func ticksOnTheMainActor() async {
    let clock = TestClock()
    let ticks = LockIsolated<[Duration]>([])
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) {
        ticks.withValue { $0.append(clock.now.offset) }
      }
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(3))
    #expect(ticks.value == [.seconds(1), .seconds(2), .seconds(3)])
    task.cancel()
    await task.value
  }

  @Test func skipsTicksAConsumerFellBehindOn() async {
    let clock = TestClock()
    let ticks = LockIsolated<[Duration]>([])
    let (gate, openGate) = AsyncStream<Void>.makeStream()
    let task = Task {
      var isFirst = true
      for await _ in clock.timer(interval: .seconds(1)) {
        ticks.withValue { $0.append(clock.now.offset) }
        if isFirst {
          isFirst = false
          for await _ in gate { break }  // busy with something else for a while
        }
      }
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .milliseconds(3_500))  // ticks at 1 s; 2 s and 3 s are missed
    openGate.yield()
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .milliseconds(500))
    await clock.waitForSleepers(count: 1)
    #expect(ticks.value == [.seconds(1), .seconds(4)])
    task.cancel()
    await task.value
  }

  @Test func endsWhenTheTaskIsCancelled() async {
    let clock = TestClock()
    let task = Task {
      var count = 0
      for await _ in clock.timer(interval: .seconds(1)) { count += 1 }
      return count
    }
    await clock.waitForSleepers(count: 1)
    task.cancel()
    #expect(await task.value == 0)
  }

  @Test func ticksImmediatelyOnAnImmediateClock() async {
    let clock = ImmediateClock()
    var count = 0
    for await _ in clock.timer(interval: .seconds(1)).prefix(3) { count += 1 }
    #expect(count == 3)
    #expect(clock.now.offset == .seconds(3))
  }
}
