import Dispatch
import Foundation

/// A thread started for one job, whose end can be waited for, with or without a time limit.
///
/// The tools run blocking work on threads of their own (reading a pipe, waiting for a process,
/// running an exercise's build and tests), and Foundation's `Thread` cannot be joined. So the
/// job's last act is to signal a semaphore, and ``wait()`` and ``wait(timeout:)`` wait on it.
/// The semaphore is kept on purpose: it guards no shared state (that is what `Mutex` is for
/// everywhere else in the tools), it is the one blocking primitive that waits for an event with
/// a time limit, and a lock-and-condition pair would only rebuild it.
///
/// ```swift
/// let reader = WorkerThread(stackSize: 1 << 20) { capture.drain(pipe) }
/// if !reader.wait(timeout: 2) { capture.abandon() }
/// ```
final class WorkerThread: Sendable {
  private let ended = DispatchSemaphore(value: 0)

  /// Starts `job` on a new thread, with a stack of `stackSize` bytes (nil: the system's
  /// default).
  init(stackSize: Int? = nil, _ job: @escaping @Sendable () -> Void) {
    let ended = ended
    let thread = Thread {
      job()
      ended.signal()
    }
    if let stackSize { thread.stackSize = stackSize }
    thread.start()
  }

  /// Whether the job ended within `timeout` seconds (or before). Once it has ended, every wait
  /// returns true at once, from any thread.
  func wait(timeout: Double) -> Bool {
    guard ended.wait(timeout: .now() + timeout) == .success else { return false }
    // Passed on, so the next wait (this thread's or another's) sees the end too.
    ended.signal()
    return true
  }

  /// Waits for the job to end.
  func wait() {
    ended.wait()
    ended.signal()
  }
}
