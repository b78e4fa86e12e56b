import Dispatch
import Foundation
import Synchronization
import Testing

@testable import ExerciseEngine

/// `WorkQueue`: every job runs once, at most `width` at a time, results in the items' order.
/// The jobs wait for each other explicitly (semaphores with a generous bound, so a broken queue
/// fails the test instead of hanging it); nothing sleeps.
@Suite struct WorkQueueTests {
  /// The longest a job waits for another before the test gives up on the queue.
  static let patience = 60.0

  @Test func everyItemRunsOnceAndResultsKeepTheItemsOrder() {
    let runs = Mutex([Int: Int]())
    let items = Array(0..<40)
    let results = WorkQueue(width: 3).map(items) { item in
      runs.withLock { $0[item, default: 0] += 1 }
      return "item \(item)"
    }
    #expect(results == items.map { "item \($0)" })
    #expect(runs.withLock { $0 } == Dictionary(uniqueKeysWithValues: items.map { ($0, 1) }))
  }

  @Test func runsWidthJobsAtOnceButNeverMore() {
    let width = 3
    let running = Mutex((now: 0, most: 0))
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let metUp = Mutex(true)
    let results = WorkQueue(width: width).map(Array(0..<12)) { item in
      running.withLock {
        $0.now += 1
        $0.most = max($0.most, $0.now)
      }
      if item < width {
        // The first `width` jobs wait until all of them run: only a queue that runs `width`
        // jobs at once lets them meet.
        started.signal()
        if item == 0 {
          for _ in 0..<width where started.wait(timeout: .now() + Self.patience) == .timedOut {
            metUp.withLock { $0 = false }
          }
          for _ in 0..<width { release.signal() }
        }
        _ = release.wait(timeout: .now() + Self.patience)
      }
      running.withLock { $0.now -= 1 }
      return item
    }
    #expect(metUp.withLock { $0 }, "the first \(width) jobs never ran at the same time")
    #expect(running.withLock { $0.most } == width)
    #expect(results == Array(0..<12))
  }

  @Test func aLaterJobFinishingFirstKeepsItsPlace() {
    let secondEnded = DispatchSemaphore(value: 0)
    let waited = Mutex(false)
    let results = WorkQueue(width: 2).map(["first", "second"]) { item in
      let result = item.uppercased()
      if item == "first" {
        waited.withLock { $0 = secondEnded.wait(timeout: .now() + Self.patience) == .success }
      } else {
        secondEnded.signal()
      }
      return result
    }
    #expect(waited.withLock { $0 })
    #expect(results == ["FIRST", "SECOND"])
  }

  @Test func oneAtATimeRunsInTheItemsOrder() {
    let order = Mutex([Int]())
    _ = WorkQueue(width: 1).map(Array(0..<10)) { item in order.withLock { $0.append(item) } }
    #expect(order.withLock { $0 } == Array(0..<10))
  }

  @Test func anEmptyListRunsNothingAndAWidthBelowOneIsOne() {
    #expect(WorkQueue(width: 4).map([Int]()) { $0 }.isEmpty)
    #expect(WorkQueue(width: 0).width == 1)
  }
}
