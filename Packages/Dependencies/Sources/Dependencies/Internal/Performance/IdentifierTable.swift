// Speed only. A `[ObjectIdentifier: Entry]` dictionary would behave the same; this table exists
// because hashing was the largest cost of reading a cached default (see the package README,
// "Performance").

/// A small hash table from dependency key types to values: the default-value cache's hot path.
///
/// `Dictionary` hashes every lookup with SipHash, which costs more than everything else in reading
/// a cached default. A key's `ObjectIdentifier` is the address of its type's metadata, so one
/// multiplication spreads it well enough. Entries are only added or replaced, never removed,
/// which keeps linear probing simple.
@usableFromInline
struct IdentifierTable<Value> {
  @usableFromInline
  struct Slot {
    @usableFromInline var id: ObjectIdentifier
    @usableFromInline var value: Value

    @usableFromInline
    init(id: ObjectIdentifier, value: Value) {
      self.id = id
      self.value = value
    }
  }

  @usableFromInline var slots: [Slot?] = Array(repeating: nil, count: 16)
  private var count = 0

  @usableFromInline init() {}

  /// The value stored for `id`, if any. Setting `nil` is not supported.
  @usableFromInline
  subscript(id: ObjectIdentifier) -> Value? {
    @inlinable get {
      var index = home(of: id)
      while let slot = slots[index] {
        if slot.id == id { return slot.value }
        index = (index + 1) & (slots.count - 1)
      }
      return nil
    }
    set {
      guard let newValue else {
        preconditionFailure("IdentifierTable does not remove entries")
      }
      var index = home(of: id)
      while let slot = slots[index] {
        if slot.id == id {
          slots[index]!.value = newValue
          return
        }
        index = (index + 1) & (slots.count - 1)
      }
      slots[index] = Slot(id: id, value: newValue)
      count += 1
      // Keep at least half the slots free, so probes stay short and always end.
      if count * 2 > slots.count { grow() }
    }
  }

  /// Where probing for `id` starts: the top bits of a Fibonacci hash of its address.
  @inlinable
  func home(of id: ObjectIdentifier) -> Int {
    let spread = UInt(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: spread >> (UInt.bitWidth - slots.count.trailingZeroBitCount))
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: nil, count: old.count * 2)
    count = 0
    for case let slot? in old { self[slot.id] = slot.value }
  }
}

extension IdentifierTable {
  /// Calls `body` with every key and its value, in no particular order.
  func forEachEntry(_ body: (ObjectIdentifier, Value) -> Void) {
    for case let slot? in slots { body(slot.id, slot.value) }
  }
}
