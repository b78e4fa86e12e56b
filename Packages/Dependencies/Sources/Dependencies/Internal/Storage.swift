/// The storage behind `DependencyValues`: a chain of small layers of overrides, plus the cache
/// of default values they share.
///
/// Each `withDependencies` scope that changes something adds one layer on top of the layers it
/// inherited, so entering a scope costs one small allocation instead of copying every override
/// made so far. A layer is only mutated while the `DependencyValues` that owns it holds the only
/// reference (copy on write); after that it is shared and never changes, which is what makes the
/// chain safe to share between tasks. `DependencyValues` holds a single reference, so copying it
/// (into a task-local, into a `@Dependency`) costs one retain.
@usableFromInline
final class StorageLayer: @unchecked Sendable {
  @usableFromInline
  struct Entry {
    @usableFromInline var id: ObjectIdentifier
    @usableFromInline var box: AnyObject

    @usableFromInline
    init(id: ObjectIdentifier, box: AnyObject) {
      self.id = id
      self.box = box
    }
  }

  /// The first override of this layer, kept inline: most layers hold exactly one, and this
  /// saves allocating an array for it.
  ///
  /// Layers are written only while one `DependencyValues` owns them and read only once shared
  /// (see above), so accesses never overlap, and the runtime's exclusivity checks are off.
  @exclusivity(unchecked) @usableFromInline private(set) var first: Entry?
  /// Any further overrides of this layer.
  @exclusivity(unchecked) @usableFromInline private(set) var rest: ContiguousArray<Entry>
  @usableFromInline let parent: StorageLayer?
  /// Where default values are kept; the same for every layer of a chain.
  @usableFromInline let cache: DefaultValueCache
  let depth: Int

  /// Chains deeper than this are flattened so that a lookup never walks far.
  private static let maximumDepth = 24

  /// A root: nothing overridden, and a fresh cache.
  init() {
    first = nil
    rest = []
    parent = nil
    cache = DefaultValueCache()
    depth = 0
  }

  /// A layer holding one entry on top of `parent`.
  @usableFromInline
  init(parent: StorageLayer, entry: Entry) {
    cache = parent.cache
    rest = []
    if parent.depth >= Self.maximumDepth {
      first = nil
      self.parent = nil
      depth = 0
      for existing in parent.allEntries() { set(existing.id, existing.box) }
      set(entry.id, entry.box)
    } else {
      first = entry
      self.parent = parent
      depth = parent.depth + 1
    }
  }

  /// A layer holding `entries` (newest last) on top of `parent`.
  init(parent: StorageLayer, entries: [Entry]) {
    cache = parent.cache
    first = nil
    rest = []
    if parent.depth >= Self.maximumDepth {
      self.parent = nil
      depth = 0
      for existing in parent.allEntries() { set(existing.id, existing.box) }
    } else {
      self.parent = parent
      depth = parent.depth + 1
    }
    for entry in entries { set(entry.id, entry.box) }
  }

  /// Whether nothing is overridden here or below.
  @inlinable
  var isEmpty: Bool { parent == nil && first == nil }

  /// The newest box stored for `id` in this layer or below it.
  @inlinable
  func lookup(_ id: ObjectIdentifier) -> AnyObject? {
    var layer = self
    while true {
      // Each key appears at most once in a layer.
      if let first = layer.first {
        if first.id == id { return first.box }
        if !layer.rest.isEmpty, let box = layer.lookupRest(id) { return box }
      }
      guard let parent = layer.parent else { return nil }
      layer = parent
    }
  }

  @usableFromInline
  func lookupRest(_ id: ObjectIdentifier) -> AnyObject? {
    rest.first(where: { $0.id == id })?.box
  }

  /// Sets `id` in this layer. Only called while the layer is uniquely referenced.
  @usableFromInline
  func set(_ id: ObjectIdentifier, _ box: AnyObject) {
    guard let existing = first else {
      first = Entry(id: id, box: box)
      return
    }
    if existing.id == id {
      first = Entry(id: id, box: box)
    } else if let index = rest.firstIndex(where: { $0.id == id }) {
      rest[index].box = box
    } else {
      rest.append(Entry(id: id, box: box))
    }
  }

  /// Every key's newest entry, oldest first.
  func allEntries() -> [Entry] {
    var seen = Set<ObjectIdentifier>()
    var newestFirst: [Entry] = []
    var layer: StorageLayer? = self
    while let current = layer {
      let entries = (current.first.map { [$0] } ?? []) + current.rest
      for entry in entries.reversed() where seen.insert(entry.id).inserted {
        newestFirst.append(entry)
      }
      layer = current.parent
    }
    return newestFirst.reversed()
  }
}

/// A stored dependency value. The key's type fixes the value's type, so reads can downcast
/// without a dynamic cast.
@usableFromInline
final class DependencyBox<Value>: @unchecked Sendable {
  @usableFromInline let value: Value

  @usableFromInline
  init(_ value: Value) { self.value = value }
}
