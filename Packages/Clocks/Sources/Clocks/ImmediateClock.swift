import ConcurrencyExtras

/// A clock for code whose waiting is beside the point: every sleep returns at once.
///
/// Use it where a test (or a SwiftUI preview, or a demo build) should not wait for a delay, a
/// debounce or a retry back-off, and does not care about the steps in between. Each sleep still
/// moves ``now`` forward to its deadline, so code that measures elapsed time sees the time it
/// asked for.
///
/// A feature that shows a welcome message and hides it after five seconds:
///
/// ```swift
/// @MainActor
/// final class WelcomeModel {
///   var isMessageVisible = false
///   let clock: any Clock<Duration>
///   init(clock: any Clock<Duration>) { self.clock = clock }
///
///   func onAppear() async {
///     isMessageVisible = true
///     try? await clock.sleep(for: .seconds(5))
///     isMessageVisible = false
///   }
/// }
/// ```
///
/// A test that only checks where it ends up, with no real waiting:
///
/// ```swift
/// @Test @MainActor func messageHides() async {
///   let model = WelcomeModel(clock: ImmediateClock())
///   await model.onAppear()
///   #expect(model.isMessageVisible == false)
/// }
/// ```
///
/// To check the state *during* the wait, use a ``TestClock`` instead.
public final class ImmediateClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A moment on an ``ImmediateClock``: an offset from the clock's origin.
  ///
  /// ```swift
  /// let clock = ImmediateClock()
  /// try await clock.sleep(for: .seconds(3))
  /// #expect(clock.now.offset == .seconds(3))
  /// ```
  ///
  /// As an `InstantProtocol` it moves with `advanced(by:)`, measures with `duration(to:)` and
  /// compares with `<`, all by ``offset``.
  public struct Instant: InstantProtocol, OffsetInstant {
    /// How far this instant is from the clock's origin.
    public let offset: Duration

    /// An instant `offset` away from the clock's origin.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }
  }

  private let current: LockIsolated<Instant>

  /// The clock's resolution: always `.zero`.
  public let minimumResolution: Duration = .zero

  /// Creates a clock starting at `now`.
  ///
  /// - Parameter now: Where time starts; the clock's origin by default.
  public init(now: Instant = .init()) {
    current = LockIsolated(now)
  }

  /// The current time: the start, moved forward by every sleep so far.
  public var now: Instant {
    current.value
  }

  /// Moves ``now`` to `deadline` (if it is later) and returns without waiting.
  ///
  /// It throws `CancellationError` if the task is already cancelled, and yields once so that
  /// other tasks still make progress while a loop sleeps on this clock.
  ///
  /// - Parameters:
  ///   - deadline: The instant ``now`` moves to, unless it is already later.
  ///   - tolerance: Ignored: nothing waits.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withValue { now in
      if now < deadline { now = deadline }
    }
    await Task.yield()
  }
}

extension ImmediateClock where Duration == Swift.Duration {
  /// Creates a clock measured in `Swift.Duration`, starting at its origin.
  ///
  /// ```swift
  /// let model = WelcomeModel(clock: ImmediateClock())
  /// ```
  public convenience init() {
    self.init(now: .init())
  }
}
