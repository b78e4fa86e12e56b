import ConcurrencyExtras

/// A clock for code whose waiting is beside the point: every sleep returns at once.
///
/// Use it where a test (or a preview, or a demo build) should not wait for a delay, a debounce
/// or a back-off, and does not care about the steps in between. Each sleep still moves ``now``
/// forward to its deadline, so code that measures elapsed time sees the time it asked for.
///
/// ```swift
/// let model = withDependencies {
///   $0.continuousClock = ImmediateClock()
/// } operation: {
///   WelcomeModel()
/// }
/// await model.onAppear()                  // sleeps 5 s: returns at once
/// #expect(model.isBannerVisible == false)
/// ```
///
/// To check the state *during* the wait, use a ``TestClock``.
public final class ImmediateClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A moment on an ``ImmediateClock``: an offset from the clock's origin.
  ///
  /// ```swift
  /// let clock = ImmediateClock()
  /// try await clock.sleep(for: .seconds(3))
  /// #expect(clock.now.offset == .seconds(3))
  /// ```
  public struct Instant: InstantProtocol {
    /// How far this instant is from the clock's origin.
    public let offset: Duration

    /// An instant `offset` away from the clock's origin.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  /// The current time, behind a lock: many tasks may sleep on this clock at once.
  let current: LockIsolated<Instant>

  /// The clock's resolution: always `.zero`.
  public let minimumResolution: Duration = .zero

  /// Creates a clock starting at `now`.
  public init(now: Instant = .init()) {
    current = LockIsolated(now)
  }

  /// The current time: the start, moved forward by every sleep so far.
  public var now: Instant {
    current.value
  }

  /// Moves ``now`` forward to `deadline` and returns without waiting.
  ///
  /// It throws `CancellationError` if the task is cancelled, never moves time backwards, and
  /// lets other tasks take a turn, so that a loop sleeping on this clock does not hog a thread.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    #if SOLUTION
      try Task.checkCancellation()
      current.withValue { now in now = max(now, deadline) }
      await Task.yield()
    #else
      // Step 5: no waiting, but time still passes. A cancelled task throws `CancellationError`
      // instead. Otherwise move `now` to `deadline`, under the lock (many tasks may sleep at
      // once) and only forward: a deadline in the past leaves `now` where it is. Then give
      // other tasks a turn, once, so a loop sleeping on this clock does not keep the thread.
    #endif
  }
}

extension ImmediateClock where Duration == Swift.Duration {
  /// Creates a clock measured in `Swift.Duration`, starting at its origin.
  ///
  /// ```swift
  /// let clock = ImmediateClock()
  /// ```
  public convenience init() {
    self.init(now: .init())
  }
}
