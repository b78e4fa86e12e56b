import Dependencies

// Decoy: the values are captured when the continuation is made, and the async `yield` restores
// them, but the sync `yield` just calls the operation, as if a closure carried the task-locals
// of the scope it was written in the way it captures variables.
public struct EscapedContinuation: Sendable {
  let dependencies = DependencyValues._current

  public func yield<R>(_ operation: () throws -> R) rethrows -> R {
    try operation()
  }

  public func yield<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    try await DependencyValues.$_current.withValue(
      dependencies, operation: operation, isolation: isolation)
  }
}
