/// Runs `operation` with some dependencies changed, and returns what it returns.
///
/// Everything `operation` calls sees the changes, and so does every `async let`, task group
/// child and `Task { }` started inside it; code outside sees nothing. When `operation` returns
/// or throws, the values from before are back:
///
/// ```swift
/// let model = withDependencies {
///   $0.apiClient = .mock
/// } operation: {
///   ProfileModel()  // its @Dependency properties capture the mock client
/// }
/// ```
///
/// `updateValues` receives the values of the scope you are in, so a scope inside another one
/// changes only what it names and keeps the rest.
@discardableResult
public func withDependencies<R>(
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  #if SOLUTION
    var values = DependencyValues._current
    try updateValues(&values)
    return try DependencyValues.$_current.withValue(values, operation: operation)
  #else
    // Step 1: run `operation` in a new scope: values that `updateValues` has changed are the
    // task-local `DependencyValues._current` for exactly as long as `operation` runs, so code
    // inside sees the overrides, and code after it does not. A task-local cannot be assigned,
    // only changed for the length of a closure. Return what `operation` returns.
    // Step 2: the new scope starts from the values of the scope you are in, not from empty
    // values: an inner scope keeps the outer scope's overrides and changes only what it
    // names. An error from `updateValues` (then `operation` must not run) or from `operation`
    // reaches the caller, and the scope ends all the same.
    return try operation()
  #endif
}

/// Runs the async `operation` with some dependencies changed, on the caller's actor, and
/// returns what it returns.
///
/// The changes hold for the whole operation, across every `await` in it, and reach the tasks
/// it starts (`Task.detached` excepted: it inherits nothing):
///
/// ```swift
/// let user = try await withDependencies {
///   $0.apiClient = .mock
/// } operation: {
///   try await model.refresh()  // fetches through the mock client, before and after each await
/// }
/// ```
@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ updateValues: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  #if SOLUTION
    var values = DependencyValues._current
    try await updateValues(&values)
    return try await DependencyValues.$_current.withValue(
      values, operation: operation, isolation: isolation)
  #else
    // Step 3: the same scope as the sync form, for async work: `updateValues` may `await`, the
    // new values stay current across every `await` in `operation`, and the tasks it starts
    // (`async let`, task groups, `Task { }`) inherit them. `operation` must run on the
    // caller's actor, which is what the `isolation` you received names: hand it on.
    return try await operation()
  #endif
}
