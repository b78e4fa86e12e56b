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

  // Step 4: add the storage, protected by a `Mutex` (from `Synchronization`).

  /// The default stored for `key` in `context`, computed with `compute` if this is the first
  /// time anyone asks.
  func value<Value: Sendable>(
    for key: Any.Type, in context: DependencyContext, compute: () -> Value
  ) -> Value {
    // Step 4: compute each (key, context) default once for the whole process, and return
    // the stored value afterwards. Many tasks may ask for a new key at the same time: exactly
    // one computes it. `compute` may read another dependency, which comes back here: never
    // hold a lock that the nested read needs while `compute` runs.
    return compute()
  }
}
