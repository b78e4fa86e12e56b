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
  // Step 5: switch over `context` and return `Key.liveValue`, `Key.previewValue` or
  //         `Key.testValue`.
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
  // Step 7: read the scope's context with `@Dependency(\.context) var context` (the library
  //         keeps it), then reuse `defaultValue(for:in:)`.
  return Key.liveValue
}
