import ConcurrencyExtras
import Testing

@Suite struct LockIsolatedTests {
  @Test func readsWritesAndReturns() {
    let count = LockIsolated(1)
    #expect(count.value == 1)
    count.setValue(5)
    let doubled = count.withValue { value -> Int in
      value *= 2
      return value
    }
    #expect(doubled == 10)
    #expect(count.value == 10)
  }

  @Test func dynamicMemberReadsAProperty() {
    let names = LockIsolated(["a", "b"])
    #expect(names.count == 2)
    #expect(names.first == "a")
  }

  @Test func concurrentIncrementsAreNotLost() async {
    let count = LockIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1_000 {
        group.addTask { count.withValue { $0 += 1 } }
      }
    }
    #expect(count.value == 1_000)
  }

  @Test func recordsCallsFromSendableClosures() {
    let calls = LockIsolated<[Int]>([])
    let track: @Sendable (Int) -> Void = { value in calls.withValue { $0.append(value) } }
    track(1)
    track(2)
    #expect(calls.value == [1, 2])
  }

  @Test func equatableAndHashableCompareValues() {
    #expect(LockIsolated(3) == LockIsolated(3))
    #expect(LockIsolated(3) != LockIsolated(4))
    #expect(Set([LockIsolated(1), LockIsolated(1)]).count == 1)
  }

  @Test func withValueCanNestOnTheSameThread() {
    let count = LockIsolated(0)
    count.withValue { value in value += count.withValue { $0 } + 1 }
    #expect(count.value == 1)
  }
}
