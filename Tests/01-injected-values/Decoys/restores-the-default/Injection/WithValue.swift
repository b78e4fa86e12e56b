// Decoy: afterwards the dependency goes back to its default (read from a fresh InjectedValues())
// instead of to the value it had before, which undoes an earlier override.
extension InjectedValues {
  @discardableResult
  public static func withValue<Value, R>(
    _ keyPath: WritableKeyPath<InjectedValues, Value>,
    _ value: Value,
    operation: () throws -> R
  ) rethrows -> R {
    Self[keyPath] = value
    defer { Self[keyPath] = InjectedValues()[keyPath: keyPath] }
    return try operation()
  }

  @discardableResult
  public static func withValue<Value, R>(
    _ keyPath: WritableKeyPath<InjectedValues, Value>,
    _ value: Value,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    Self[keyPath] = value
    defer { Self[keyPath] = InjectedValues()[keyPath: keyPath] }
    return try await operation()
  }
}
