extension TestClock {
  /// Everything a ``TestClock`` knows, kept together behind one lock.
  ///
  /// Sleeping tasks, advancing tests and waiting tests all run at the same time, on different
  /// threads. Each of them reads and changes this struct only inside
  /// `state.withValue { state in … }`, one at a time, and never `await`s in there: take what you
  /// need out of the lock, then resume continuations outside it.
  struct State: Sendable {
    /// The clock's current time.
    var now: Instant

    /// The resolution the clock reports.
    var minimumResolution: Duration = .zero

    /// Every sleep that is waiting for the clock to reach its deadline, in no particular order.
    var sleepers: [Sleeper] = []

    /// The tasks inside `waitForPending(count:timeout:)`, waiting for enough sleepers.
    var countWaiters: [CountWaiter] = []

    private var registrationsSoFar = 0
    private var waitersSoFar = 0

    init(now: Instant) {
      self.now = now
    }

    /// The next registration number: 0, 1, 2, … in the order sleeps ask for one.
    mutating func takeRegistrationNumber() -> Int {
      defer { registrationsSoFar += 1 }
      return registrationsSoFar
    }

    /// A number that tells one count waiter from another.
    mutating func takeWaiterID() -> Int {
      defer { waitersSoFar += 1 }
      return waitersSoFar
    }
  }

  /// A task inside `waitForPending(count:timeout:)`: it resumes with `true` as soon as `count`
  /// sleepers are pending, or with `false` when its timeout expires first.
  struct CountWaiter: Sendable {
    let id: Int
    let count: Int
    let continuation: CheckedContinuation<Bool, Never>
  }
}
