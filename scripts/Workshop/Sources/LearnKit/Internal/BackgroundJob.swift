import Dispatch
import Synchronization

/// Work started on another thread at once, whose result is asked for later: what a check does
/// while the visible tests run.
///
/// ```swift
/// let linking = BackgroundJob { try linker.linkTests(against: library, log: log).get() }
/// let outcomes = try runner.run()  // meanwhile
/// let tests = try linking.value()
/// ```
final class BackgroundJob<Value: Sendable>: Sendable {
  private let outcome = Mutex<Result<Value, any Error>?>(nil)
  private let done = DispatchGroup()

  init(_ work: @escaping @Sendable () throws -> Value) {
    done.enter()
    DispatchQueue.global().async { [self] in
      let result = Result { try work() }
      outcome.withLock { $0 = result }
      done.leave()
    }
  }

  /// Waits for the work to end; returns its value, or throws what it threw.
  func value() throws -> Value {
    done.wait()
    guard let result = outcome.withLock({ $0 }) else {
      preconditionFailure("a background job ended without a result")
    }
    return try result.get()
  }
}
