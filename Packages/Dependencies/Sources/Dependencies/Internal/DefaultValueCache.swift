import Foundation

/// Default values, computed at most once per (key, context, test) and then reused.
///
/// Every `DependencyValues()` starts a fresh cache, which is how a test trait gives each test its
/// own defaults (a fresh incrementing UUID generator, say). Values are computed outside the
/// cache's lock, under a lock of their own key only: a default may read other dependencies, even
/// from another thread, without deadlocking, and two tasks asking for the same default at once
/// still compute it only once.
@usableFromInline
final class DefaultValueCache: @unchecked Sendable {
  struct Key: Hashable {
    var id: ObjectIdentifier
    var context: DependencyContext
    /// The Swift Testing test the value was made for, so that tests do not share defaults.
    var test: AnyHashable?
  }

  struct Entry {
    var box: AnyObject
    /// Set when `prepareDependencies` stored the value; `nil` when it was computed on access.
    var preparationID: UUID?
    /// The value is a test value used because the key has no live value (reported on access).
    var isMissingLiveValue = false
  }

  /// Serializes the computation of one key's default.
  private final class Cell {
    let lock = NSRecursiveLock()
    var entry: Entry?
  }

  private let lock = NSLock()
  private var entries: [Key: Entry] = [:]
  private var cells: [Key: Cell] = [:]

  /// The cached entry for `key`, if any.
  @inline(__always)
  func entry(for key: Key) -> Entry? {
    lock.lock()
    defer { lock.unlock() }
    return entries[key]
  }

  /// The entry for `key`, computing it with `make` if it is not cached yet.
  func entry(for key: Key, make: () -> Entry) -> Entry {
    lock.lock()
    if let entry = entries[key] {
      lock.unlock()
      return entry
    }
    let cell: Cell
    if let existing = cells[key] {
      cell = existing
    } else {
      cell = Cell()
      cells[key] = cell
    }
    lock.unlock()

    cell.lock.lock()
    defer { cell.lock.unlock() }
    if let entry = cell.entry { return entry }
    let entry = make()
    cell.entry = entry
    lock.lock()
    if entries[key] == nil { entries[key] = entry }
    cells[key] = nil
    let stored = entries[key]!
    lock.unlock()
    return stored
  }

  /// Stores a value from `prepareDependencies`. Returns false, storing nothing, when the key was
  /// already read or prepared by another `prepareDependencies` call.
  func prepare(_ key: Key, box: AnyObject, preparationID: UUID, allowReplacing: Bool) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if let existing = entries[key], existing.preparationID != preparationID, !allowReplacing {
      return false
    }
    entries[key] = Entry(box: box, preparationID: preparationID)
    return true
  }
}
