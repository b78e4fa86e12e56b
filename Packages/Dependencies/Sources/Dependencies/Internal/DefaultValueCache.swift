import Foundation
@_spi(ThreadSanitizer) import IssueReporting
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
    var shared = Self.emptyTables
    static var emptyTables: [IdentifierTable<Entry>] {
      Array(repeating: IdentifierTable(), count: DependencyContext.allCases.count)
    }
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
  /// Set once `prepareDependencies` has stored a context here: until then, values that do not
  /// override the context use the process's own, and reading a default costs no extra lookup.
  private let hasPreparedContext = Atomic<Bool>(false)

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

  // MARK: - The context

  /// Whether `prepareDependencies` has stored a context here since the cache was made or reset:
  /// one atomic load, so that reading a default costs nothing more until one has.
  var hasPreparedAContext: Bool {
    hasPreparedContext.load(ordering: .acquiring)
  }

  /// The context `prepareDependencies` stored under `key` (the context key, in the process's own
  /// context), if any.
  func preparedContext(_ key: Key) -> DependencyContext? {
    guard hasPreparedAContext else { return nil }
    return state.withLock(witness: witness) {
      ($0.stored(key)?.box as? DependencyBox<DependencyContext>)?.value
    }
  }

  /// Records that `context` was used under `key` (the context key, in the process's own
  /// context), unless something was already recorded there: from then on, a
  /// `prepareDependencies` call outside `preparationID` can no longer change it.
  func decideContext(_ key: Key, _ context: DependencyContext, preparationID: UUID?) {
    state.withLock(witness: witness) { state in
      guard state.stored(key) == nil else { return }
      state.store(
        Entry(box: DependencyBox(context), preparationID: preparationID), for: key)
    }
  }

  /// Stores the context a `prepareDependencies` call set, under `key` (the context key, in the
  /// process's own context). Returns false, storing nothing, when the context was already used
  /// or prepared outside this preparation.
  func prepareContext(
    _ key: Key, _ context: DependencyContext, preparationID: UUID, allowReplacing: Bool
  ) -> Bool {
    let stored = prepare(
      key, box: DependencyBox(context), preparationID: preparationID,
      allowReplacing: allowReplacing)
    if stored { hasPreparedContext.store(true, ordering: .releasing) }
    return stored
  }

  // MARK: - Starting over

  /// Forgets every cached and prepared default, as if no dependency had been read yet, and
  /// returns the values it held, so the caller decides when they are released.
  func reset() -> [any AnyObject & Sendable] {
    let removed = state.withLock(witness: witness) { state in
      var boxes: [any AnyObject & Sendable] = []
      for table in state.shared { table.forEachEntry { _, entry in boxes.append(entry.box) } }
      boxes += state.perTest.values.map(\.box)
      state.shared = State.emptyTables
      state.perTest = [:]
      return boxes
    }
    hasPreparedContext.store(false, ordering: .releasing)
    return removed
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
