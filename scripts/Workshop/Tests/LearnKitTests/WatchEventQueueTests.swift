import Testing

@testable import LearnKit

@Suite struct WatchEventQueueTests {
  /// Events come out in the order they were posted; `poll` never waits.
  @Test func eventsComeInOrder() {
    let events = WatchEventQueue()
    #expect(events.poll() == nil)
    events.post(.key("h"))
    events.post(.fileChanged(path: "Sources/M/A.swift"))
    events.post(.runRequested)
    #expect(events.next() == .key("h"))
    #expect(events.poll() == .fileChanged(path: "Sources/M/A.swift"))
    #expect(events.next(within: 0) == .runRequested)
    #expect(events.poll() == nil)
    #expect(events.next(within: 0) == nil)
  }

  /// An event posted from another thread wakes a waiting `next()`.
  @Test func anotherThreadsEventWakesTheWaiter() async throws {
    let events = WatchEventQueue()
    let waiter = Task { try await offThread { events.next() } }
    events.post(.terminated)
    #expect(try await waiter.value == .terminated)
  }
}
