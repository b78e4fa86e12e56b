import Dependencies
import Foundation

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

/// Decoy: "the context is decided once per process", so it is resolved again from the
/// environment, and a scope that sets `$0.context` is never consulted.
public func defaultValue<Key: DependencyKey>(for key: Key.Type) -> Key.Value {
  let context = resolveContext(
    environment: ProcessInfo.processInfo.environment, isTesting: isTesting)
  return defaultValue(for: key, in: context)
}
