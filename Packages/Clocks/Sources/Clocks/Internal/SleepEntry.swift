/// A heap entry of ``SleepScheduler``: ordered by deadline, then by registration.
///
/// It holds its sleeper as an `Unmanaged` reference, retained while the entry is in the heap, so
/// that the entry is plain data: moving entries around the heap then costs no reference
/// counting (it made popping several times slower). Whoever takes an entry out of the heap
/// calls ``release()`` once.
struct SleepEntry<Instant: InstantProtocol>: Comparable {
  let deadline: Instant
  let sequence: UInt64
  private let retainedSleeper: Unmanaged<Sleeper>

  init(deadline: Instant, sequence: UInt64, sleeper: Sleeper) {
    self.deadline = deadline
    self.sequence = sequence
    self.retainedSleeper = .passRetained(sleeper)
  }

  var sleeper: Sleeper {
    retainedSleeper.takeUnretainedValue()
  }

  func release() {
    retainedSleeper.release()
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sequence == rhs.sequence
  }

  static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.deadline == rhs.deadline ? lhs.sequence < rhs.sequence : lhs.deadline < rhs.deadline
  }
}
