import ConcurrencyExtras
import Testing

@Suite struct ActorIsolatedTests {
  @Test func readsWritesAndReturns() async {
    let events = ActorIsolated<[String]>([])
    await events.withValue { $0.append("a") }
    await events.setValue(["b", "c"])
    let count = await events.withValue { $0.count }
    #expect(count == 2)
    #expect(await events.value == ["b", "c"])
  }

  @Test func concurrentAppendsAreNotLost() async {
    let events = ActorIsolated<[Int]>([])
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask { await events.withValue { $0.append(index) } }
      }
    }
    #expect(await events.value.sorted() == Array(0..<200))
  }
}
