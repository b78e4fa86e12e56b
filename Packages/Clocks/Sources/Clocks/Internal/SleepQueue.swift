/// Who sleeps until when: the pending sleepers of a ``TestClock``, in the order they wake.
///
/// A plain value with no locking and no concurrency in it: ``SleepScheduler`` keeps one behind
/// its mutex, and the unit tests drive one directly. Sleepers wake by deadline, and in the order
/// they registered when deadlines are equal.
///
/// The order lives in a ``MinHeap`` of (deadline, registration number) pairs, so finding and
/// removing the next sleeper costs O(log n) however many wait. Cancelling removes the sleeper
/// itself at once; its heap entry stays until it reaches the top, or until such leftovers
/// outnumber the live sleepers.
struct SleepQueue<Instant: Comparable, Sleeper> {
  private struct Entry: Comparable {
    let deadline: Instant
    let number: UInt64

    static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.deadline == rhs.deadline ? lhs.number < rhs.number : lhs.deadline < rhs.deadline
    }
  }

  private var order = MinHeap<Entry>()
  private var sleepers: [UInt64: Sleeper] = [:]
  private var nextNumber: UInt64 = 0

  /// How many sleepers are pending.
  var count: Int { sleepers.count }

  /// Adds `sleeper`, to wake at `deadline`. The ticket cancels it.
  mutating func register(_ sleeper: Sleeper, until deadline: Instant) -> SleepTicket {
    let number = nextNumber
    nextNumber += 1
    order.insert(Entry(deadline: deadline, number: number))
    sleepers[number] = sleeper
    return SleepTicket(number: number)
  }

  /// Removes the sleeper registered with `ticket` and returns it; `nil` if it has already been
  /// taken or cancelled.
  mutating func cancel(_ ticket: SleepTicket) -> Sleeper? {
    guard let sleeper = sleepers.removeValue(forKey: ticket.number) else { return nil }
    if order.count > 64, order.count > 2 * sleepers.count {
      order.filter { sleepers[$0.number] != nil }
    }
    return sleeper
  }

  /// The deadline of the next sleeper to wake, if any.
  mutating func nextDeadline() -> Instant? {
    dropCancelledEntries()
    return order.min?.deadline
  }

  /// Removes and returns the next sleeper if its deadline is at or before `target`.
  mutating func takeNext(dueBy target: Instant) -> (deadline: Instant, sleeper: Sleeper)? {
    dropCancelledEntries()
    guard let next = order.min, next.deadline <= target,
      let sleeper = sleepers.removeValue(forKey: next.number)
    else { return nil }
    order.popMin()
    return (next.deadline, sleeper)
  }

  /// Removes every sleeper and returns them in the order they would have woken.
  mutating func removeAll() -> [Sleeper] {
    var all: [Sleeper] = []
    while let entry = order.popMin() {
      if let sleeper = sleepers.removeValue(forKey: entry.number) { all.append(sleeper) }
    }
    return all
  }

  private mutating func dropCancelledEntries() {
    while let entry = order.min, sleepers[entry.number] == nil {
      order.popMin()
    }
  }
}

/// Names one registration in a ``SleepQueue``, so that it can be cancelled.
struct SleepTicket: Hashable, Sendable {
  fileprivate let number: UInt64
}
