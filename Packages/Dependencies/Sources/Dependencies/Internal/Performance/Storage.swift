// Speed only. In meaning, the storage is a dictionary of overrides, copied on write: that is
// exactly the reference model in `Tests/DependenciesTests/ReferenceModel.swift`, which
// `ReferenceModelTests` compares this storage with, read for read. The chain of links below
// makes a scope cost one small allocation instead of a dictionary copy.

/// The storage behind `DependencyValues`: a chain of overrides, newest first, plus the cache of
/// default values that the whole chain shares.
///
/// Each override is one link of the chain and holds its value inline, so overriding a dependency
/// in a `withDependencies` scope costs one small allocation and never copies the overrides made
/// before it. A link changes only while the `DependencyValues` that made it holds the only
/// reference to it (copy on write); once shared it never changes, which is what makes the chain
/// safe to share between tasks. `DependencyValues` holds a single reference, so copying it (into
/// a task-local, into a `@Dependency`) costs one retain.
///
/// A link is one of three kinds:
/// - the root, which overrides nothing (`id == nil`, not a table);
/// - a ``ValueLayer``, which overrides the key `id`;
/// - a ``TableLayer``, which holds many overrides at once: a chain that grew too long, flattened,
///   or the overrides of a scope laid over a model's captured values.
@usableFromInline
class StorageLayer: @unchecked Sendable {
  /// The key this link overrides; `nil` for the root and for tables.
  @usableFromInline let id: ObjectIdentifier?
  /// The link below this one. Typed `AnyObject` on purpose: for a field of its own class type,
  /// the compiler turns deinitialization into a loop that guards against deep recursion, at the
  /// cost of four atomic operations per link instead of one. Chains here stay short (see
  /// `maximumDepth`), so the plain release is safe.
  @usableFromInline let below: AnyObject?
  /// Where default values are kept; the same for every link of a chain.
  @usableFromInline let cache: DefaultValueCache
  /// How many links lie below this one.
  let depth: Int
  @usableFromInline let isTable: Bool

  /// Chains deeper than this are flattened, so that a lookup never walks far.
  private static let maximumDepth = 24

  /// A root: nothing overridden, and a fresh cache.
  init() {
    id = nil
    below = nil
    cache = DefaultValueCache()
    depth = 0
    isTable = false
  }

  /// A link overriding `id` on top of `parent`.
  @usableFromInline
  init(id: ObjectIdentifier, parent: StorageLayer) {
    self.id = id
    let below = Self.shortened(parent)
    self.below = below
    cache = below.cache
    depth = below.depth + 1
    isTable = false
  }

  /// A link overriding `id` with nothing below it: a copy held by a table.
  fileprivate init(detachedID id: ObjectIdentifier, cache: DefaultValueCache) {
    self.id = id
    below = nil
    self.cache = cache
    depth = 0
    isTable = false
  }

  /// A table on top of `parent` (or alone, when `parent` is nil).
  fileprivate init(tableOver parent: StorageLayer?, cache: DefaultValueCache) {
    id = nil
    below = parent
    self.cache = cache
    depth = parent.map { $0.depth + 1 } ?? 0
    isTable = true
  }

  /// The link below this one, if any.
  @inlinable
  var parent: StorageLayer? {
    below.map { unsafeDowncast($0, to: StorageLayer.self) }
  }

  /// `chain`, or, when it has grown too deep, one table holding its overrides: what a new link
  /// is put on top of, so that no chain grows longer than `maximumDepth`.
  fileprivate static func shortened(_ chain: StorageLayer) -> StorageLayer {
    chain.depth >= maximumDepth ? TableLayer(flattening: chain) : chain
  }

  /// Whether nothing is overridden here or below.
  @inlinable
  var isEmpty: Bool { id == nil && !isTable && below == nil }

  /// The value of the newest override of `id` in this chain, if there is one.
  ///
  /// Every read of an overridden dependency ends here, and this is the one place where the
  /// storage's unsafe read constructs meet:
  /// - `Value` must be the value type of the key `id` names; the key's type fixes it, so the
  ///   links holding its overrides are `ValueLayer<Value>` and `unsafeDowncast` needs no check;
  /// - the walk (``link(overriding:)``) retains nothing, and the value is copied out of the link
  ///   it finds without retaining that either: every link stays alive as long as `self` does.
  @inlinable
  final func overriddenValue<Value>(of id: ObjectIdentifier, as _: Value.Type) -> Value? {
    guard let link = link(overriding: id) else { return nil }
    return link._withUnsafeGuaranteedRef {
      unsafeDowncast($0, to: ValueLayer<Value>.self).value
    }
  }

  /// The link holding the newest override of `id` in this chain, if there is one, unretained:
  /// use it only through ``overriddenValue(of:as:)``.
  @inlinable
  final func link(overriding id: ObjectIdentifier) -> Unmanaged<StorageLayer>? {
    unowned(unsafe) var layer = self
    while true {
      if layer.id == id { return Unmanaged.passUnretained(layer) }
      if layer.isTable, let found = unsafeDowncast(layer, to: TableLayer.self).entries[id] {
        return Unmanaged.passUnretained(found)
      }
      guard let parent = layer.parent else { return nil }
      layer = parent
    }
  }

  /// The newest override of every key in this chain, keyed by the key.
  func allEntries() -> IdentifierTable<StorageLayer> {
    var newest = IdentifierTable<StorageLayer>()
    var layer: StorageLayer? = self
    while let current = layer {
      if let id = current.id, newest[id] == nil {
        newest[id] = current
      } else if current.isTable {
        unsafeDowncast(current, to: TableLayer.self).entries.forEachEntry { id, link in
          if newest[id] == nil { newest[id] = link }
        }
      }
      layer = current.parent
    }
    return newest
  }

  /// A copy of this link with nothing below it, for a table to hold.
  func detached() -> StorageLayer {
    preconditionFailure("only a ValueLayer can be detached")
  }
}

/// A link of the chain that overrides one dependency, with the value held inline.
///
/// The key's type fixes the value's type, so a lookup by key can downcast without a dynamic cast.
@usableFromInline
final class ValueLayer<Value>: StorageLayer, @unchecked Sendable {
  /// Changed only while the link is uniquely referenced (see ``StorageLayer``), so accesses never
  /// overlap, and the runtime's exclusivity checks are off (with them, reading a model's
  /// `@Dependency` took 17 % more instructions).
  @exclusivity(unchecked) @usableFromInline var value: Value

  @usableFromInline
  init(id: ObjectIdentifier, value: Value, parent: StorageLayer) {
    self.value = value
    super.init(id: id, parent: parent)
  }

  private init(detaching link: ValueLayer) {
    value = link.value
    super.init(detachedID: link.id!, cache: link.cache)
  }

  override func detached() -> StorageLayer {
    ValueLayer(detaching: self)
  }
}

/// A link holding many overrides at once, each a ``ValueLayer``.
///
/// A flattened chain's table holds parentless copies of its links, so that it no longer keeps the
/// chain below alive, and no chain ever grows long. The table laid over a model's values while it
/// is read points at the reading scope's own links instead, which that scope keeps alive anyway.
@usableFromInline
final class TableLayer: StorageLayer, @unchecked Sendable {
  @usableFromInline let entries: IdentifierTable<StorageLayer>

  /// Every override of `chain`, with nothing below: what a chain that grew too deep becomes.
  init(flattening chain: StorageLayer) {
    var copies = IdentifierTable<StorageLayer>()
    chain.allEntries().forEachEntry { id, link in copies[id] = link.detached() }
    entries = copies
    super.init(tableOver: nil, cache: chain.cache)
  }

  /// The overrides of `top`, laid over `parent`.
  init(overrides top: StorageLayer, over parent: StorageLayer) {
    entries = top.allEntries()
    let below = Self.shortened(parent)
    super.init(tableOver: below, cache: below.cache)
  }
}

/// A default value, as the default-value cache stores it.
@usableFromInline
final class DependencyBox<Value>: @unchecked Sendable {
  @usableFromInline let value: Value

  @usableFromInline
  init(_ value: Value) { self.value = value }
}
