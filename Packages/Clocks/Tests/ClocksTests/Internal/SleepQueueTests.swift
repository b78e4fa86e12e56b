import Testing

@testable import Clocks

@Suite struct SleepQueueTests {
  @Test func wakesByDeadlineThenByRegistration() {
    var queue = SleepQueue<Int, String>()
    _ = queue.register("late", until: 30)
    _ = queue.register("first at 10", until: 10)
    _ = queue.register("second at 10", until: 10)
    _ = queue.register("middle", until: 20)
    #expect(queue.count == 4)
    var woken: [String] = []
    while let next = queue.takeNext(dueBy: 100) { woken.append(next.sleeper) }
    #expect(woken == ["first at 10", "second at 10", "middle", "late"])
    #expect(queue.count == 0)
  }

  @Test func takesOnlyWhatIsDue() {
    var queue = SleepQueue<Int, String>()
    _ = queue.register("a", until: 5)
    _ = queue.register("b", until: 15)
    #expect(queue.takeNext(dueBy: 4) == nil)
    let next = queue.takeNext(dueBy: 5)
    #expect(next?.deadline == 5)
    #expect(next?.sleeper == "a")
    #expect(queue.takeNext(dueBy: 10) == nil)
    #expect(queue.nextDeadline() == 15)
    #expect(queue.count == 1)
  }

  @Test func cancellingRemovesTheSleeperOnce() {
    var queue = SleepQueue<Int, String>()
    let first = queue.register("a", until: 1)
    _ = queue.register("b", until: 2)
    #expect(queue.cancel(first) == "a")
    #expect(queue.cancel(first) == nil)
    #expect(queue.count == 1)
    #expect(queue.nextDeadline() == 2)
    #expect(queue.takeNext(dueBy: 10)?.sleeper == "b")
  }

  @Test func aTakenSleeperCannotBeCancelled() {
    var queue = SleepQueue<Int, String>()
    let ticket = queue.register("a", until: 1)
    #expect(queue.takeNext(dueBy: 1)?.sleeper == "a")
    #expect(queue.cancel(ticket) == nil)
    #expect(queue.nextDeadline() == nil)
  }

  @Test func manyCancellationsKeepTheOrderOfTheRest() {
    var queue = SleepQueue<Int, Int>()
    var tickets: [SleepTicket] = []
    for index in (0..<300).reversed() { tickets.append(queue.register(index, until: index)) }
    for (position, ticket) in tickets.enumerated() where position % 3 != 0 {
      _ = queue.cancel(ticket)
    }
    var woken: [Int] = []
    while let next = queue.takeNext(dueBy: 1_000) { woken.append(next.sleeper) }
    let kept = (0..<300).reversed().enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
    #expect(woken == kept.sorted())
  }

  @Test func removeAllReturnsTheSleepersInWakingOrder() {
    var queue = SleepQueue<Int, String>()
    _ = queue.register("c", until: 3)
    let cancelled = queue.register("x", until: 0)
    _ = queue.register("a", until: 1)
    _ = queue.register("b", until: 1)
    _ = queue.cancel(cancelled)
    #expect(queue.removeAll() == ["a", "b", "c"])
    #expect(queue.count == 0)
    #expect(queue.nextDeadline() == nil)
  }
}
