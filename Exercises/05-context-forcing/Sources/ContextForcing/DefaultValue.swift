import Dependencies

/// The value a dependency's key gives in `context` when nothing overrides it.
///
/// `.live` is the key's `liveValue`, `.preview` its `previewValue`, `.test` its `testValue`. A
/// key that leaves one out gets the library's cascade (preview falls back to live, test to
/// preview, with an issue reported in tests).
///
/// ```swift
/// enum GreetingKey: DependencyKey {
///   static let liveValue = "Hello"
///   static let previewValue = "Hello, preview"
///   static let testValue = "Hello, test"
/// }
/// defaultValue(for: GreetingKey.self, in: .preview)  // "Hello, preview"
/// ```
public func defaultValue<Key: DependencyKey>(
  for key: Key.Type, in context: DependencyContext
) -> Key.Value {
  // Step 5: answer with the value the key itself gives for `context`. A key has one value
  //         per context, and the one you pick decides what a live app, a preview or a test
  //         gets when nothing overrides the dependency. Every context must be covered.
  return Key.liveValue
}

/// The value a dependency's key gives, when nothing overrides it, in the context of the current
/// scope: the one set by ``withContext(_:operation:)`` or `withDependencies { $0.context = … }`,
/// or else the process's own.
///
/// It ignores overrides of the key itself: it answers "which default applies here?".
///
/// ```swift
/// withContext(.preview) {
///   defaultValue(for: GreetingKey.self)  // "Hello, preview"
/// }
/// ```
public func defaultValue<Key: DependencyKey>(for key: Key.Type) -> Key.Value {
  // Step 7: answer for the context of the scope this runs in: the one a `withContext` (or a
  //         `withDependencies` that sets the context) put in place, else the process's own.
  //         You keep no context yourself: the library holds it as a dependency, `context`.
  //         Ask the key, not the dependency, so that an override of the dependency itself
  //         does not change the answer. Step 5 already answers for a given context.
  return Key.liveValue
}
