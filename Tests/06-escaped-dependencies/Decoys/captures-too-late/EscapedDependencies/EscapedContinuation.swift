import Dependencies

// Decoy: the values are read when `yield` runs, not when the continuation is made. A computed
// property looks like a stored one, but it reads the task-local of whoever calls `yield`.
public struct EscapedContinuation: Sendable {
  var dependencies: DependencyValues { DependencyValues._current }

  public func yield<R>(_ operation: () throws -> R) rethrows -> R {
    try DependencyValues.$_current.withValue(dependencies, operation: operation)
  }

  public func yield<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    try await DependencyValues.$_current.withValue(
      dependencies, operation: operation, isolation: isolation)
  }
}
