import Dependencies

/// The value a dependency's key gives in `context` when nothing overrides it.
public func defaultValue<Key: DependencyKey>(
  for key: Key.Type, in context: DependencyContext
) -> Key.Value {
  switch context {
  case .live:
    return Key.liveValue
  case .preview:
    return Key.previewValue
  case .test:
    return Key.testValue
  }
}

/// Decoy: reads the dependency's current value from the scope, which is the context's default
/// only until someone overrides the dependency itself.
public func defaultValue<Key: DependencyKey>(for key: Key.Type) -> Key.Value {
  DependencyValues._current[Key.self]
}
