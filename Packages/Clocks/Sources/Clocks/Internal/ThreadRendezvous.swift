import Dispatch
import Foundation
import Synchronization

/// Finds out when every other thread of the global executor has finished the job it was
/// running, for the pause before an advance (`waitForStartedWork` in
/// `SleepScheduler+Settling.swift`).
///
/// A task started just before an advance (`Task { await model.start() }`) may be running on
/// another thread, on its way to `sleep`, when the advance begins. A thread runs one job at a
/// time, so once a probe task runs on a thread, whatever job that thread was running has ended.
/// The rendezvous starts one probe per other thread, and each probe holds its thread until all
/// have arrived, so that no two probes can run on the same thread one after the other: when
/// they have all arrived, every other thread has finished its job. Each probe and the advance
/// give up at a deadline, so a thread busy for longer costs the advance that long at most.
final class ThreadRendezvous: Sendable {
  private let count: Int
  private let arrived = Atomic<Int>(0)
  /// Signalled `count` times by the last probe to arrive: once for each of the other probes, once
  /// for the advance.
  private let allArrived = DispatchSemaphore(value: 0)

  private init(count: Int) {
    self.count = count
  }

  /// Starts a probe, at `priority`, for every thread of the global executor other than the
  /// caller's, and blocks until all of them have run, or until `deadline`. Returns whether they
  /// all ran in time.
  ///
  /// It blocks rather than suspends on purpose: a suspended caller would free its own thread,
  /// which would run a probe itself and prove nothing about the others.
  static func waitForOtherThreads(
    priority: TaskPriority, until deadline: ContinuousClock.Instant
  ) -> Bool {
    // The global executor runs at most one thread per core; the main thread is not one of them.
    let threads = ProcessInfo.processInfo.activeProcessorCount
    let others = Thread.isMainThread ? threads : threads - 1
    guard others > 0 else { return true }
    let rendezvous = ThreadRendezvous(count: others)
    for _ in 0..<others {
      Task.detached(priority: priority) { rendezvous.arrive(until: deadline) }
    }
    return rendezvous.wait(until: deadline)
  }

  /// Called by each probe: counts it in, then holds its thread until the others are in too.
  private func arrive(until deadline: ContinuousClock.Instant) {
    if arrived.add(1, ordering: .acquiringAndReleasing).newValue == count {
      for _ in 0..<count { allArrived.signal() }
    } else {
      _ = wait(until: deadline)
    }
  }

  private func wait(until deadline: ContinuousClock.Instant) -> Bool {
    let remaining = ContinuousClock.now.duration(to: deadline)
    guard remaining > .zero else { return arrived.load(ordering: .acquiring) == count }
    return allArrived.wait(timeout: .now() + remaining.dispatchInterval) == .success
  }
}
