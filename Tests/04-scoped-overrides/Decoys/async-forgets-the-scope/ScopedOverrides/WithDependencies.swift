// Decoy: the sync form is right; the async one computes the new values but runs `operation`
// without putting them in place, as if async code picked up the caller's changes by itself.

@discardableResult
public func withDependencies<R>(
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues._current
  try updateValues(&values)
  return try DependencyValues.$_current.withValue(values, operation: operation)
}

@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ updateValues: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues._current
  try await updateValues(&values)
  _ = values  // never put in place: `operation` runs with the caller's values
  return try await operation()
}
