import Dispatch
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Finds out which thread becomes free first, or wakes an advance that waits for woken work.
///
/// A tool of settling (`SleepScheduler+Settling.swift`). A probe task calls ``record()`` on
/// whatever thread runs it; the advance waits in ``waitForThread(until:)``.
final class ThreadProbe: Sendable {
  private let signal = DispatchSemaphore(value: 0)
  /// The thread the probe ran on; 0 until it has run.
  private let recorded = Atomic<UInt>(0)

  /// Called by the probe task: records the thread it runs on and wakes the waiting advance.
  func record() {
    recorded.store(currentThread(), ordering: .releasing)
    signal.signal()
  }

  /// Wakes the waiting advance without a thread: there is nothing left to wait for.
  func stopWaiting() {
    signal.signal()
  }

  /// Waits until `record()` or `stopWaiting()`, or until `deadline`; returns the recorded
  /// thread, if any. It polls the semaphore (no lock, no system call) for a few microseconds,
  /// the usual wait, before it blocks on it.
  func waitForThread(until deadline: ContinuousClock.Instant) -> UInt? {
    let stopPollingAt = Swift.min(deadline, ContinuousClock.now.advanced(by: .microseconds(20)))
    var isSignalled = false
    while !isSignalled, ContinuousClock.now < stopPollingAt {
      isSignalled = signal.wait(timeout: .now()) == .success
    }
    if !isSignalled {
      let remaining = ContinuousClock.now.duration(to: deadline)
      _ = signal.wait(timeout: .now() + remaining.dispatchInterval)
    }
    let thread = recorded.load(ordering: .acquiring)
    return thread == 0 ? nil : thread
  }
}

/// An identifier of the calling thread, to tell whether two pieces of code ran on one thread.
func currentThread() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
