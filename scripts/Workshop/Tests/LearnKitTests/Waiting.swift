import Foundation

/// Runs blocking work (builds, test processes, a watch session) on a thread of its own, so the
/// test's task does not hold one of the few threads Swift Testing runs tests on.
func offThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      continuation.resume(with: Result { try work() })
    }
    thread.stackSize = 4 << 20
    thread.start()
  }
}

/// What a test was waiting for did not happen in time.
struct TimedOut: Error, CustomStringConvertible {
  var description: String
}

/// Values one thread hands to a test, in order: the test waits for the next one it wants,
/// for at most a given time. It synchronizes on the tool's own signals, never on sleeping.
final class Mailbox<Value: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var values: [Value] = []
  private var all: [Value] = []

  func post(_ value: Value) {
    condition.withLock {
      values.append(value)
      all.append(value)
      condition.broadcast()
    }
  }

  /// Everything posted so far.
  var history: [Value] { condition.withLock { all } }

  /// The next posted value that `matches`, waiting at most `seconds` (values before it are
  /// dropped). Waits on a thread of its own, not on the test's.
  func next(
    within seconds: Double, _ what: String, where matches: @escaping @Sendable (Value) -> Bool
  ) async throws -> Value {
    try await offThread { [self] in
      let deadline = Date().addingTimeInterval(seconds)
      return try condition.withLock {
        while true {
          if let index = values.firstIndex(where: matches) {
            let value = values[index]
            values.removeFirst(index + 1)
            return value
          }
          guard condition.wait(until: deadline) else {
            throw TimedOut(description: "no \(what) within \(Int(seconds)) s")
          }
        }
      }
    }
  }
}
