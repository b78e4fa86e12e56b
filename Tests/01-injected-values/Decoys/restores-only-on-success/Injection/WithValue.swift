// Decoy: the old value is put back on the line after the operation, which never runs when the
// operation throws; the override then stays for good.
extension InjectedValues {
  @discardableResult
  public static func withValue<Value, R>(
    _ keyPath: WritableKeyPath<InjectedValues, Value>,
    _ value: Value,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = Self[keyPath]
    Self[keyPath] = value
    let result = try operation()
    Self[keyPath] = previous
    return result
  }

  @discardableResult
  public static func withValue<Value, R>(
    _ keyPath: WritableKeyPath<InjectedValues, Value>,
    _ value: Value,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    let previous = Self[keyPath]
    Self[keyPath] = value
    let result = try await operation()
    Self[keyPath] = previous
    return result
  }
}
