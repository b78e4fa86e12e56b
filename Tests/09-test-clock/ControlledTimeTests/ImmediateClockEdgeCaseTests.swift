import ConcurrencyExtras
import ControlledTime
import Dispatch
import Testing

// Edge cases of the ImmediateClock, graded on top of the lesson's tests.

struct ImmediateClockEdgeCaseTests {
  @Test func timeNeverMovesBackwards() async {
    let clock = ControlledTime.ImmediateClock<Duration>(now: .init(offset: .seconds(10)))
    guard
      await completes(
        "Sleeping on an ImmediateClock did not return within 2 seconds.",
        {
          try? await clock.sleep(until: .init(offset: .seconds(12)))
          try? await clock.sleep(until: .init(offset: .seconds(4)))
        })
    else { return }
    let now = clock.now.offset
    #expect(
      now == .seconds(12),
      """
      An ImmediateClock at 10 s slept until 12 s, then until 4 s, and now is \(shown(now)), not \
      12 s. Move now forward to a deadline, never back.
      """)
  }

  @Test func aCancelledTaskThrows() async {
    let clock = ControlledTime.ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    let ending = await ending(of: task, "A cancelled sleep on an ImmediateClock hung.")
    #expect(
      ending == nil || ending == .cancelled,
      """
      A cancelled task's sleep on an ImmediateClock \(ending.map(\.description) ?? ""); it \
      should throw CancellationError.
      """)
    let now = clock.now.offset
    #expect(
      now == .zero,
      """
      A cancelled sleep of 1 s moved the ImmediateClock's time from 0 s to \(shown(now)); it \
      should leave it alone.
      """)
  }

  @Test func sleepingLetsOtherTasksTakeTurns() async {
    // Both tasks run on one thread that takes their work in the order it arrives, and starts
    // only once both are there: the second task can run before the first has finished its loop
    // only if a sleep gives up the thread.
    let executor = OneAtATimeExecutor()
    let clock = ControlledTime.ImmediateClock()
    let log = LockIsolated<[String]>([])
    executor.pause()
    let looping = Task(executorPreference: executor) {
      for turn in 1...3 {
        log.withValue { $0.append("loop \(turn)") }
        try? await clock.sleep(for: .seconds(1))
      }
    }
    let other = Task(executorPreference: executor) { log.withValue { $0.append("other") } }
    executor.resume()
    guard
      await completes(
        "Three sleeps on an ImmediateClock and one other task did not finish within 2 seconds.",
        {
          await looping.value
          await other.value
        })
    else { return }
    #expect(
      log.value == ["loop 1", "other", "loop 2", "loop 3"],
      """
      A task slept three times on an ImmediateClock while another task waited for the same \
      thread; the order of events was \(log.value), not ["loop 1", "other", "loop 2", \
      "loop 3"]. Each sleep should let other tasks take a turn, so a loop of sleeps does not \
      hold on to its thread.
      """)
  }

  @Test func aLoopOfSleepsAddsUp() async {
    let clock = ControlledTime.ImmediateClock()
    guard
      await completes(
        "100 sleeps on an ImmediateClock did not return within 2 seconds.",
        {
          for _ in 1...100 { try? await clock.sleep(for: .seconds(1)) }
        })
    else { return }
    let now = clock.now.offset
    #expect(
      now == .seconds(100),
      """
      After 100 sleeps of 1 s on an ImmediateClock starting at 0 s, now is \(shown(now)), not \
      100 s.
      """)
  }

  @Test func concurrentSleepsEndAtTheLatestDeadline() async {
    let clock = ControlledTime.ImmediateClock()
    guard
      await completes(
        "20 concurrent sleeps on an ImmediateClock did not return within 2 seconds.",
        {
          await withTaskGroup(of: Void.self) { group in
            for seconds in 1...20 {
              group.addTask { try? await clock.sleep(until: .init(offset: .seconds(seconds))) }
            }
          }
        })
    else { return }
    let now = clock.now.offset
    #expect(
      now == .seconds(20),
      """
      20 tasks slept at once on an ImmediateClock, until 1 s … 20 s, and now ended at \
      \(shown(now)), not 20 s. Move now under the lock, only forward.
      """)
  }
}

/// Runs the tasks that prefer it one job at a time, on one thread, in the order their jobs
/// arrive; while paused it only queues them. It makes "who runs first" exact, for the tests
/// that check a task gives up its thread.
final class OneAtATimeExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "one job at a time")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }

  /// Queues jobs without running them until ``resume()``.
  func pause() { queue.suspend() }

  func resume() { queue.resume() }
}
