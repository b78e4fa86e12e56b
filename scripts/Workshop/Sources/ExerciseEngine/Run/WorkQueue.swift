import Synchronization

/// Runs a list of jobs at most ``width`` at a time, each on a thread of its own, and gives back
/// their results in the list's order.
///
/// The tools' jobs block (they build packages and wait for test processes), so each of the
/// `width` workers is a thread that takes the next job nobody has taken, in the list's order,
/// until none is left. Every job runs exactly once; ``map(_:_:)`` returns when all have ended.
///
/// ```swift
/// let queue = WorkQueue(width: 2)
/// let verdicts = queue.map(["01-injected-values", "02-dependency-keys"]) { id in
///   check(id)  // at most two at once
/// }
/// ```
public struct WorkQueue: Sendable {
  /// The most jobs that run at the same time (at least 1).
  public var width: Int
  /// Each worker thread's stack size in bytes; nil keeps the system's default.
  public var stackSize: Int?

  /// A queue running at most `width` jobs at once (a width below 1 is 1), on threads with a
  /// stack of `stackSize` bytes (nil: the system's default).
  public init(width: Int, stackSize: Int? = nil) {
    self.width = max(1, width)
    self.stackSize = stackSize
  }

  /// Runs `job` on every item, at most ``width`` at once, and returns the results in the items'
  /// order. Jobs start in the items' order.
  public func map<Item: Sendable, Output: Sendable>(
    _ items: [Item], _ job: @escaping @Sendable (Item) -> Output
  ) -> [Output] {
    let board = Board<Output>(count: items.count)
    let workers = (0..<min(width, items.count)).map { _ in
      WorkerThread(stackSize: stackSize) {
        while let index = board.take() {
          board.record(job(items[index]), at: index)
        }
      }
    }
    for worker in workers { worker.wait() }
    return board.results()
  }
}

/// What a ``WorkQueue``'s workers share: the next job to take and the results so far.
private final class Board<Output: Sendable>: Sendable {
  private struct State {
    var next = 0
    var results: [Output?]
  }
  private let state: Mutex<State>

  init(count: Int) {
    state = Mutex(State(results: Array(repeating: nil, count: count)))
  }

  /// The index of the next job nobody has taken, or nil when all are taken.
  func take() -> Int? {
    state.withLock { state in
      guard state.next < state.results.count else { return nil }
      defer { state.next += 1 }
      return state.next
    }
  }

  func record(_ result: Output, at index: Int) {
    state.withLock { $0.results[index] = result }
  }

  /// Every job's result; call it once every job has ended.
  func results() -> [Output] {
    state.withLock { $0.results.map { $0! } }
  }
}
