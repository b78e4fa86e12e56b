/// A concrete clock that wraps any other clock with the same `Duration`.
///
/// Reach for it where an API needs a concrete `Clock` type but you hold an existential
/// `any Clock<Duration>`, for example a generic algorithm that takes `some Clock`:
///
/// ```swift
/// func debounced<C: Clock>(_ values: [Int], clock: C) async -> [Int] { … }
///
/// let clock: any Clock<Duration> = model.clock
/// // debounced(values, clock: clock)                    // 🛑 'any Clock' does not conform
/// await debounced(values, clock: AnyClock(clock))       // ✅
/// ```
///
/// Its instants count from the moment it was created; sleeping on it sleeps on the wrapped
/// clock, so a wrapped ``TestClock`` still controls the time.
public final class AnyClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A moment on an ``AnyClock``: the offset from the wrapped clock's time when the `AnyClock`
  /// was created.
  public struct Instant: InstantProtocol {
    fileprivate let offset: Duration

    /// The instant `duration` after this one.
    ///
    /// - Parameter duration: How far to move; a negative duration moves back.
    /// - Returns: The instant `duration` later (earlier, when `duration` is negative).
    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    ///
    /// - Parameter other: The instant to measure to.
    /// - Returns: The time between them: negative when `other` is earlier.
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant of the same `AnyClock`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private let readNow: @Sendable () -> Instant
  private let readMinimumResolution: @Sendable () -> Duration
  private let sleepUntil: @Sendable (Instant, Duration?) async throws -> Void

  /// Wraps `clock`.
  ///
  /// ```swift
  /// let clock = AnyClock(ContinuousClock())
  /// ```
  ///
  /// - Parameter clock: The clock to wrap; its time when this initializer runs becomes the
  ///   origin of the new clock's instants.
  public init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = clock.now
    readNow = { Instant(offset: origin.duration(to: clock.now)) }
    readMinimumResolution = { clock.minimumResolution }
    sleepUntil = { deadline, tolerance in
      try await clock.sleep(until: origin.advanced(by: deadline.offset), tolerance: tolerance)
    }
  }

  /// The wrapped clock's resolution.
  public var minimumResolution: Duration {
    readMinimumResolution()
  }

  /// The wrapped clock's current time, as an offset from when this `AnyClock` was created.
  public var now: Instant {
    readNow()
  }

  /// Sleeps on the wrapped clock until `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: The instant to sleep until, on this clock.
  ///   - tolerance: Passed on to the wrapped clock.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleepUntil(deadline, tolerance)
  }
}
