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
  // Step 1: remember the dependency values of the scope this continuation is made in. They
  // must be read once, at the moment the continuation is created (inside the caller's scope,
  // where `withEscapedDependencies` makes it), and kept by the continuation itself, each
  // continuation its own. Reading them later, when `yield` runs, would give the values of
  // wherever `yield` runs: after a queue hop, the defaults.

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
    // Step 2: run `operation` with the values kept in Step 1 as the current dependency
    // values, for the duration of `operation` only, and return what it returns (errors pass
    // through). The current values are a task-local, which can only be changed for the
    // length of a closure; a `withDependencies` inside `operation` then starts from them.
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
    // Step 3: the same as Step 2 for async work. The captured values must stay current for
    // the whole of `operation`, across every `await` in it, and `operation` must run on the
    // caller's actor (the `isolation` this function receives). No `Task` of your own.
    try await operation()
  }
}
