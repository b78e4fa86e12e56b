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
    // Step 1: make a `DependencyValues` for the new scope and let `updateValues` change it. Then
    // run `operation` with it as `DependencyValues._current`, for the duration of `operation`
    // only (`DependencyValues.$_current.withValue(values) { … }`), and return its result.
    // Step 2: start from the values of the scope you are in, `DependencyValues._current`, not
    // from `DependencyValues()`: an inner scope keeps the outer scope's overrides and changes
    // only what it names. Errors from `updateValues` or `operation` go to the caller (`try`, no
    // `catch`), and the scope ends all the same.
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
    // Step 3: the same as the sync form, for async work: start from `DependencyValues._current`,
    // let `updateValues` change the copy (it may `await`), then run `operation` with the
    // result in place. Use the async `withValue`, which takes `isolation:` too: pass the
    // `isolation` you received, so `operation` stays on the caller's actor. The values must
    // stay in place across every `await` in `operation`, and child tasks must inherit them.
    return try await operation()
  #endif
}
