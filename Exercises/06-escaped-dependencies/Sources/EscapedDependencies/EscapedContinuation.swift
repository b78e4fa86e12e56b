import Dependencies

/// The dependencies of one scope, captured so that code running somewhere else — on another
/// `DispatchQueue`, in a completion handler, a delegate method or a timer — can use them.
///
/// Dependencies live in a task-local (`DependencyValues._current`). A task-local belongs to the
/// task that set it: child tasks and `Task { }` inherit it, but a closure that some other
/// machinery calls later on its own thread starts from the defaults. A continuation takes the
/// values with it:
///
/// ```swift
/// func refreshButtonTapped() {
///   withEscapedDependencies { dependencies in
///     downloader.download(url) { data in
///       dependencies.yield {
///         @Dependency(\.date.now) var now  // the scope's `now`, not the default one
///         self.store(data, at: now)
///       }
///     }
///   }
/// }
/// ```
///
/// You get one from ``withEscapedDependencies(_:)``; it holds the values of the moment it was
/// made, however much later ``yield(_:)`` runs.
public struct EscapedContinuation: Sendable {
  // Step 1: remember the values of the scope this continuation is made in. Read
  // `DependencyValues._current` once, when the continuation is created, and keep it in a
  // stored property. Reading it later, in `yield`, would give the values of whoever calls
  // `yield` — after a queue hop, the defaults.

  /// Runs `operation` with the dependencies captured when this continuation was made, and
  /// returns what it returns.
  ///
  /// Call it first thing inside the escaping closure. A `withDependencies` inside `operation`
  /// overrides the captured values again, for its own scope:
  ///
  /// ```swift
  /// dependencies.yield {
  ///   withDependencies {
  ///     $0.apiClient = .offline
  ///   } operation: {
  ///     model.sync()  // the captured values, with an offline API client
  ///   }
  /// }
  /// ```
  public func yield<R>(_ operation: () throws -> R) rethrows -> R {
    // Step 2: run `operation` inside a task-local scope where `DependencyValues._current`
    // is the value you stored in Step 1 (a `TaskLocal` has a `withValue` method for that).
    try operation()
  }

  /// Runs the async `operation` with the dependencies captured when this continuation was made,
  /// staying on the caller's actor.
  ///
  /// Use it when the escaped code is async, for example in a `Task` started from a completion
  /// handler, which inherits nothing because no task was running there:
  ///
  /// ```swift
  /// downloader.download(url) { data in
  ///   Task {
  ///     try await dependencies.yield {
  ///       try await self.apiClient.upload(data)  // the captured API client
  ///     }
  ///   }
  /// }
  /// ```
  public func yield<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    // Step 3: the same as Step 2 for async work. `withValue` has an async form that takes
    // the `isolation` too; the values must stay in place across every `await` in `operation`.
    try await operation()
  }
}
