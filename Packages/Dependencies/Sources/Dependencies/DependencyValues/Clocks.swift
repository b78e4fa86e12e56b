extension DependencyValues {
  /// The clock a feature waits on and measures time with, when time should keep passing while
  /// the device sleeps: `ContinuousClock` in the app, a clock the test controls in tests.
  ///
  /// Code that calls `Task.sleep(for:)` makes its tests wait for real. Sleeping on this
  /// dependency instead lets a test decide how time passes:
  ///
  /// ```swift
  /// @Observable final class WelcomeModel {
  ///   @ObservationIgnored @Dependency(\.continuousClock) var clock
  ///   var isBannerVisible = true
  ///
  ///   func onAppear() async {
  ///     do {
  ///       try await clock.sleep(for: .seconds(5))
  ///       isBannerVisible = false
  ///     } catch {}
  ///   }
  /// }
  /// ```
  ///
  /// An `ImmediateClock` skips every wait, and a `TestClock` moves only when the test advances
  /// it:
  ///
  /// ```swift
  /// @Test func bannerHidesAfterFiveSeconds() async {
  ///   let model = withDependencies {
  ///     $0.continuousClock = ImmediateClock()
  ///   } operation: {
  ///     WelcomeModel()
  ///   }
  ///   await model.onAppear()
  ///   #expect(!model.isBannerVisible)
  /// }
  /// ```
  ///
  /// Reading the test value reports nothing; using it does. Its `now` and `sleep` report
  /// "Unimplemented: ContinuousClock.now" (or `.sleep`), so a test must say which clock it
  /// wants; after reporting, the clock still behaves like a `ContinuousClock`.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// The clock a feature waits on and measures time with, when time should stand still while
  /// the device sleeps: `SuspendingClock` in the app, a clock the test controls in tests.
  ///
  /// ```swift
  /// @Observable final class WorkoutModel {
  ///   @ObservationIgnored @Dependency(\.suspendingClock) var clock
  ///   var elapsedSeconds = 0
  ///
  ///   func start() async {
  ///     while (try? await clock.sleep(for: .seconds(1))) != nil {
  ///       elapsedSeconds += 1
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// @Test func countsASecond() async {
  ///   let clock = TestClock()
  ///   let model = withDependencies {
  ///     $0.suspendingClock = clock
  ///   } operation: {
  ///     WorkoutModel()
  ///   }
  ///   let task = Task { await model.start() }
  ///   await clock.waitForSleepers(count: 1)  // the workout is waiting for its first second
  ///   await clock.advance(by: .seconds(1))
  ///   await clock.waitForSleepers(count: 1)  // back asleep, so the second was counted
  ///   #expect(model.elapsedSeconds == 1)
  ///   task.cancel()
  /// }
  /// ```
  ///
  /// Reading the test value reports nothing; using it does. Its `now` and `sleep` report
  /// "Unimplemented: SuspendingClock.now" (or `.sleep`); after reporting, the clock still
  /// behaves like a `SuspendingClock`.
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static let testValue: any Clock<Duration> = UnimplementedClock(ContinuousClock())
}

private enum SuspendingClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = SuspendingClock()
  static let testValue: any Clock<Duration> = UnimplementedClock(SuspendingClock())
}
