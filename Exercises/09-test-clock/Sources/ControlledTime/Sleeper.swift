extension TestClock {
  /// One call to ``TestClock/sleep(until:tolerance:)`` that is waiting for the clock.
  ///
  /// The sleeping task is suspended on `continuation`. Whoever removes the sleeper from the
  /// clock's `sleepers` (under the lock) is the only one who may resume it: an advance, with
  /// `resume()`, or a cancellation, with `resume(throwing: CancellationError())`. Resuming a
  /// continuation twice is a crash; never resuming it leaves the task asleep forever.
  struct Sleeper: Sendable {
    /// Its place in line: sleeps that asked earlier have smaller numbers.
    let registration: Int

    /// When it should wake up.
    let deadline: Instant

    /// The suspended `sleep` call.
    let continuation: CheckedContinuation<Void, any Error>

    /// Whether this sleeper should wake up before `other` when an advance reaches both.
    ///
    /// ```swift
    /// // deadline 1 s, registered third  wakes before  deadline 2 s, registered first
    /// // deadline 1 s, registered first  wakes before  deadline 1 s, registered third
    /// ```
    func wakes(before other: Sleeper) -> Bool {
      // Step 2: the earlier deadline wakes first, no matter which sleep started first; only when
      // the deadlines are equal does the sleeper that registered first (the smaller
      // `registration`) go first.
      registration < other.registration
    }
  }
}
