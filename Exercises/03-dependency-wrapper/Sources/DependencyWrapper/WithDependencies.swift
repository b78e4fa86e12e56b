// Given: you read this file, you do not change it.
//
// A minimal `withDependencies`, so that the tests can make scopes. Exercise 04 builds the full
// one (async operations, child tasks, models that pass their values on).

/// Runs `operation` in a scope whose values are the current ones changed by `update`, and
/// returns what `operation` returns.
///
/// Everything `update` sets is set explicitly in the new scope; every other value is inherited
/// from the surrounding scope. When `operation` returns, the surrounding values are current
/// again.
///
/// ```swift
/// let model = withDependencies {
///   $0.date = .constant(Date(timeIntervalSince1970: 0))
/// } operation: {
///   TodosModel()  // its @Dependency properties capture this scope
/// }
/// ```
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues._current
  try update(&values)
  return try DependencyValues.$_current.withValue(values, operation: operation)
}
