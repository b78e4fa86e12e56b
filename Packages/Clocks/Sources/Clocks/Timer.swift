extension Clock where Duration: Hashable {
  /// An asynchronous sequence that yields this clock's time every `interval`.
  ///
  /// Use it for work that repeats on a schedule, written against a clock so that tests can drive
  /// it with a ``TestClock``:
  ///
  /// ```swift
  /// func startPolling() async {
  ///   for await _ in clock.timer(interval: .seconds(30)) {
  ///     await refresh()
  ///   }
  /// }
  /// ```
  ///
  /// The first tick comes one `interval` after iteration starts. If the consumer falls behind,
  /// ticks it missed are skipped rather than delivered in a burst. The sequence ends when the
  /// iterating task is cancelled.
  ///
  /// - Parameters:
  ///   - interval: The time between ticks.
  ///   - tolerance: The tolerance passed on to each sleep.
  public func timer(
    interval: Duration,
    tolerance: Duration? = nil
  ) -> _AsyncTimerSequence<AnyClock<Duration>> {
    _AsyncTimerSequence(interval: interval, tolerance: tolerance, clock: AnyClock(self))
  }
}

/// The sequence `timer(interval:tolerance:)` returns: the clock's time, once per interval.
///
/// You rarely name this type: iterate the result of `timer(interval:)` directly. The leading
/// underscore keeps the name free for swift-async-algorithms' `AsyncTimerSequence`, and matches
/// swift-clocks.
///
/// ```swift
/// for await instant in clock.timer(interval: .seconds(1)) {
///   print("tick at", instant)
/// }
/// ```
public struct _AsyncTimerSequence<C: Clock>: AsyncSequence, Sendable {
  /// A tick: the clock's time when the sleep for it returned.
  public typealias Element = C.Instant

  private let clock: C
  private let interval: C.Duration
  private let tolerance: C.Duration?

  init(interval: C.Duration, tolerance: C.Duration?, clock: C) {
    self.clock = clock
    self.interval = interval
    self.tolerance = tolerance
  }

  /// An iterator whose first tick comes one interval after its first `next()` call.
  public func makeAsyncIterator() -> Iterator {
    Iterator(clock: clock, interval: interval, tolerance: tolerance)
  }

  /// Produces the ticks of a ``_AsyncTimerSequence``.
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    /// `nil` once the sequence has ended.
    private var clock: C?
    private let interval: C.Duration
    private let tolerance: C.Duration?
    private var lastTick: C.Instant?

    init(clock: C, interval: C.Duration, tolerance: C.Duration?) {
      self.clock = clock
      self.interval = interval
      self.tolerance = tolerance
    }

    /// Sleeps until the next tick and returns the clock's time then, or `nil` once the task is
    /// cancelled.
    public mutating func next() async -> C.Instant? {
      guard let clock else { return nil }
      let deadline = nextDeadline(now: clock.now)
      do {
        try await clock.sleep(until: deadline, tolerance: tolerance)
      } catch {
        self.clock = nil
        return nil
      }
      lastTick = deadline
      return clock.now
    }

    /// One interval after the previous tick, or the first whole interval after `now` when the
    /// consumer has fallen more than an interval behind.
    private func nextDeadline(now: C.Instant) -> C.Instant {
      let start = lastTick ?? now
      let next = start.advanced(by: interval)
      guard next < now else { return next }
      let missed = (start.duration(to: now) / interval).rounded(.down)
      return start.advanced(by: interval * (Int(missed) + 1))
    }
  }
}
