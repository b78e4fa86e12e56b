import Dependencies

/// Hands `operation` an ``EscapedContinuation`` holding the dependencies of the current scope,
/// for code that will run outside it.
///
/// Wrap the code that sets up a callback, and call ``EscapedContinuation/yield(_:)`` first
/// thing inside the callback:
///
/// ```swift
/// withDependencies {
///   $0.server = "https://staging.example.com"
/// } operation: {
///   withEscapedDependencies { dependencies in
///     DispatchQueue.global().async {
///       dependencies.yield {
///         @Dependency(\.server) var server  // "https://staging.example.com"
///       }
///     }
///   }
/// }
/// ```
///
/// The values are captured here, when the continuation is made — not later, where it is used.
/// Prefer structured concurrency (`async let`, task groups, `Task { }`) where you can: it
/// carries task-locals by itself.
public func withEscapedDependencies<R>(
  _ operation: (EscapedContinuation) throws -> R
) rethrows -> R {
  try operation(EscapedContinuation())
}

/// The async form of ``withEscapedDependencies(_:)``, for setting up callbacks from async code;
/// `operation` runs on the caller's actor.
///
/// ```swift
/// let report = await withEscapedDependencies { dependencies in
///   await withCheckedContinuation { done in
///     downloader.download(url) { data in
///       dependencies.yield { done.resume(returning: Report(data)) }
///     }
///   }
/// }
/// ```
public func withEscapedDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: (EscapedContinuation) async throws -> R
) async rethrows -> R {
  try await operation(EscapedContinuation())
}
