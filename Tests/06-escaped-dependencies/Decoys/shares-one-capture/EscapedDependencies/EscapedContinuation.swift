import Dependencies

/// Decoy: the escaped values are kept in one place for the whole process, as if there were
/// only ever one callback in flight. The newest continuation overwrites what older ones saved.
let lastEscapedValues = LockIsolated(DependencyValues())

public struct EscapedContinuation: Sendable {
  init() {
    lastEscapedValues.setValue(DependencyValues._current)
  }

  public func yield<R>(_ operation: () throws -> R) rethrows -> R {
    try DependencyValues.$_current.withValue(lastEscapedValues.value, operation: operation)
  }

  public func yield<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    try await DependencyValues.$_current.withValue(
      lastEscapedValues.value, operation: operation, isolation: isolation)
  }
}
