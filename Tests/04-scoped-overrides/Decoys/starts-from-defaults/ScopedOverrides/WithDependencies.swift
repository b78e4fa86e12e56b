// Decoy: each scope starts from fresh values, `DependencyValues()`, instead of the current
// scope's, as if a scope only ever held what its own `updateValues` sets. A scope inside another
// one loses the outer overrides.

@discardableResult
public func withDependencies<R>(
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues()
  try updateValues(&values)
  return try DependencyValues.$_current.withValue(values, operation: operation)
}

@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ updateValues: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues()
  try await updateValues(&values)
  return try await DependencyValues.$_current.withValue(
    values, operation: operation, isolation: isolation)
}
