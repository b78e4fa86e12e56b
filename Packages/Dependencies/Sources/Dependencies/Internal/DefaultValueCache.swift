import Foundation
import Synchronization

/// Default values, computed at most once per (key, context, test) and then reused.
///
/// Every `DependencyValues()` starts a fresh cache, which is how a test trait gives each test its
/// own defaults (a fresh incrementing UUID generator, say). Values are computed outside the
/// cache's lock, under a lock of their own key only: a default may read other dependencies, even
/// from another thread, without deadlocking, and two tasks asking for the same default at once
/// still compute it only once.
///
/// Reading a cached default is the common case, so it is kept short: values made outside a Swift
/// Testing test sit in one table per context keyed by the key's type alone, and only values made
/// for a particular test are keyed by the test too.
@usableFromInline
final class DefaultValueCache: Sendable {
  /// `Sendable`: `test` wraps a Swift Testing test identifier, which is `Sendable` (see
  /// `TestContext.Testing.id`).
  struct Key: Hashable, @unchecked Sendable {
    var id: ObjectIdentifier
    var context: DependencyContext
    /// The Swift Testing test the value was made for, so that tests do not share defaults.
    var test: AnyHashable?
  }

  struct Entry: Sendable {
    var box: any AnyObject & Sendable
    /// Set when `prepareDependencies` stored the value; `nil` when it was computed on access.
    var preparationID: UUID?
    /// The value is a test value used because the key has no live value (reported on access).
    var isMissingLiveValue = false
  }

  /// Serializes the computation of one key's default: whoever holds its lock computes it, and
  /// whoever waits for it then finds it made.
  private final class Cell: Sendable {
    let entry = Mutex<Entry?>(nil)
    let witness = Atomic<UInt8>(0)
  }

  private struct State {
    /// Values made outside any test, one table per context (indexed like `DependencyContext`).
    var shared: [IdentifierTable<Entry>] = Array(
      repeating: IdentifierTable(), count: DependencyContext.allCases.count)
    /// Values made for one Swift Testing test.
    var perTest: [Key: Entry] = [:]
    /// The keys being computed now.
    var cells: [Key: Cell] = [:]

    func stored(_ key: Key) -> Entry? {
      key.test == nil ? shared[key.context.index][key.id] : perTest[key]
    }

    mutating func store(_ entry: Entry, for key: Key) {
      if key.test == nil {
        shared[key.context.index][key.id] = entry
      } else {
        perTest[key] = entry
      }
    }

    /// The cached entry, or the cell to compute it under.
    mutating func lookUp(_ key: Key) -> Lookup {
      if let entry = stored(key) { return .cached(entry) }
      if let existing = cells[key] { return .compute(existing) }
      let cell = Cell()
      cells[key] = cell
      return .compute(cell)
    }
  }

  private enum Lookup: Sendable {
    case cached(Entry)
    /// Not cached yet: compute it under this cell's lock.
    case compute(Cell)
  }

  private let state = Mutex(State())
  private let witness = Atomic<UInt8>(0)

  /// The cached entry of `id` made outside any test, if there is one: the quick path for a value
  /// that does not depend on the running test (the live and preview contexts).
  func sharedEntry(id: ObjectIdentifier, context: DependencyContext) -> Entry? {
    state.withLock(witness: witness) { $0.shared[context.index][id] }
  }

  /// The entry for `key`, computing it with `make` if it is not cached yet.
  func entry(for key: Key, make: () -> Entry) -> Entry {
    let cell: Cell
    let lookup = state.withLock(witness: witness) { $0.lookUp(key) }
    switch lookup {
    case .cached(let entry): return entry
    case .compute(let computing): cell = computing
    }
    return cell.entry.withLock(witness: cell.witness) { computed in
      if let computed { return computed }
      let entry = make()
      computed = entry
      return state.withLock(witness: witness) { state in
        if state.stored(key) == nil { state.store(entry, for: key) }
        state.cells[key] = nil
        return state.stored(key)!
      }
    }
  }

  /// Stores a value from `prepareDependencies`. Returns false, storing nothing, when the key was
  /// already read or prepared by another `prepareDependencies` call.
  func prepare(
    _ key: Key, box: any AnyObject & Sendable, preparationID: UUID, allowReplacing: Bool
  ) -> Bool {
    state.withLock(witness: witness) { state in
      if let existing = state.stored(key), existing.preparationID != preparationID,
        !allowReplacing
      {
        return false
      }
      state.store(Entry(box: box, preparationID: preparationID), for: key)
      return true
    }
  }
}

extension DependencyContext {
  /// The position of this context among all contexts.
  fileprivate var index: Int {
    switch self {
    case .live: 0
    case .preview: 1
    case .test: 2
    }
  }
}
