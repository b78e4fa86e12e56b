import Synchronization

/// The default values of every key, for every context, computed once for the whole process.
///
/// ``DependencyValues`` asks it for a key's default, handing over the work that computes it:
///
/// ```swift
/// DefaultValueCache.shared.value(for: WeatherClientKey.self, in: .test) {
///   WeatherClientKey.testValue  // runs the first time only
/// }
/// ```
///
/// The first read of a key in a context runs `compute`; every later read, from any
/// `DependencyValues` of that context and from any thread, gets the stored value. When many
/// tasks read a new key at the same moment, one of them computes it and the others wait for that
/// value. A default may read other dependencies while it is being computed.
final class DefaultValueCache: Sendable {
  /// The one cache of the process.
  static let shared = DefaultValueCache()

  /// What a default is stored under: the key type and the context.
  private struct Slot: Hashable {
    var key: ObjectIdentifier
    var context: DependencyContext
  }

  /// Every default computed so far. The lock is held from the lookup to the store, so two
  /// readers can never both compute the same default.
  private let values = Mutex<[Slot: any Sendable]>([:])

  /// The default stored for `key` in `context`, computed with `compute` if this is the first
  /// time anyone asks.
  func value<Value: Sendable>(
    for key: Any.Type, in context: DependencyContext, compute: () -> Value
  ) -> Value {
    let slot = Slot(key: ObjectIdentifier(key), context: context)
    return values.withLock { values in
      if let stored = values[slot] { return stored as! Value }
      let value = compute()
      values[slot] = value
      return value
    }
  }
}
