import Dependencies

// Decoy: the sync `yield` restores the captured values; the async one just runs the operation,
// as if async code carried task-locals everywhere by itself.
public struct EscapedContinuation: Sendable {
  let dependencies = DependencyValues._current

  public func yield<R>(_ operation: () throws -> R) rethrows -> R {
    try DependencyValues.$_current.withValue(dependencies, operation: operation)
  }

  public func yield<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    try await operation()
  }
}
