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

  #if SOLUTION
    /// What a default is stored under: the key type and the context.
    private struct Slot: Hashable {
      var key: ObjectIdentifier
      var context: DependencyContext
    }

    /// One key's default in one context. Its lock is held while the default is computed, so
    /// that concurrent first reads wait for one computation instead of starting their own.
    private final class Cell: Sendable {
      let value = Mutex<(any Sendable)?>(nil)
    }

    /// The cells, found or created under this lock, which is never held while computing: a
    /// default that reads another dependency goes through here again.
    private let cells = Mutex<[Slot: Cell]>([:])
  #else
    // Step 4: add the storage: one stored default per key *and* context (a key may be read
    // in several contexts), shared by every thread, so guarded by a `Mutex` (from
    // `Synchronization`). Plan which lock is held while a default is computed: see below.
  #endif

  /// The default stored for `key` in `context`, computed with `compute` if this is the first
  /// time anyone asks.
  func value<Value: Sendable>(
    for key: Any.Type, in context: DependencyContext, compute: () -> Value
  ) -> Value {
    #if SOLUTION
      let slot = Slot(key: ObjectIdentifier(key), context: context)
      let cell = cells.withLock { cells in
        if let cell = cells[slot] { return cell }
        let cell = Cell()
        cells[slot] = cell
        return cell
      }
      // Only this key's lock is held while `compute` runs: the same key read at the same time
      // waits here, any other key (including one that `compute` reads) goes its own way.
      return cell.value.withLock { stored in
        if let stored { return stored as! Value }
        let value = compute()
        stored = value
        return value
      }
    #else
      // Step 4: the first read of a key in a context runs `compute` and keeps its result;
      // every later read of that key and context, from any thread, returns the kept value,
      // even when that value is `nil`. When many tasks read a new key at once, exactly one of
      // them computes it and the others wait for its value. `compute` may read another
      // dependency, which comes back here: while it runs, hold no lock that such a nested read
      // would need. (This placeholder computes on every read.)
      return compute()
    #endif
  }
}
