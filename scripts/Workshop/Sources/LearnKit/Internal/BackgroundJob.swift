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

/// A ``BackgroundJob`` started when someone first asks for it, from any thread: by a build as
/// soon as what the job needs is made, or by the check itself afterwards.
///
/// ```swift
/// let linking = DeferredJob { try engine.linkLessonTests(id, module: module, …) }
/// try build(compiled: { linking.start() })
/// let link = try linking.value()  // starts it, if the build did not
/// ```
final class DeferredJob<Value: Sendable>: Sendable {
  private let work: @Sendable () throws -> Value
  private let job = Mutex<BackgroundJob<Value>?>(nil)

  init(_ work: @escaping @Sendable () throws -> Value) {
    self.work = work
  }

  /// Starts the work, unless it has started already.
  func start() {
    _ = started()
  }

  /// Starts the work if needed, waits for it to end, and returns its value or throws what it
  /// threw.
  func value() throws -> Value {
    try started().value()
  }

  /// Waits for the work to end if it has started; never starts it.
  func finish() {
    _ = try? job.withLock { $0 }?.value()
  }

  private func started() -> BackgroundJob<Value> {
    job.withLock { job in
      if let job { return job }
      let new = BackgroundJob(work)
      job = new
      return new
    }
  }
}
