import ConcurrencyExtras

/// A clock for tests of code that waits: time stands still until the test moves it.
///
/// A feature sleeps on a clock it was given (`@Dependency(\.continuousClock)`) instead of on
/// `ContinuousClock`. The app gives it a real clock; a test gives it a `TestClock` and decides
/// when time passes:
///
/// ```swift
/// let clock = TestClock()
/// let model = withDependencies {
///   $0.continuousClock = clock
/// } operation: {
///   CountdownModel()
/// }
/// model.start(from: 3)                   // a task that sleeps 1 s, three times
/// await clock.waitForSleepers(count: 1)  // it is asleep: safe to advance
/// await clock.advance(by: .seconds(3))   // three ticks, in order, no real waiting
/// #expect(model.secondsLeft == 0)
/// ```
///
/// Rules:
/// - A sleep until a deadline *before* ``now`` returns at once. Any other sleep is *pending*
///   until an advance reaches its deadline.
/// - An advance wakes pending sleeps one at a time, earliest deadline first, and in the order
///   they started sleeping when deadlines are equal. While a sleeper wakes, ``now`` is its
///   deadline; when the advance returns, ``now`` is the target.
/// - A sleep whose task is cancelled ends at once with `CancellationError`.
public final class TestClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A moment on a ``TestClock``: an offset from the clock's origin.
  ///
  /// ```swift
  /// await clock.advance(to: .init(offset: .seconds(10)))
  /// #expect(clock.now.offset == .seconds(10))
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

  /// The clock's whole state, behind one lock (see `State`).
  ///
  /// `LockIsolated` (from ConcurrencyExtras) wraps a value in a lock; `Synchronization.Mutex`
  /// would do the same job.
  let state: LockIsolated<State>

  /// Creates a clock that stands at `now` until a test advances it.
  public init(now: Instant = .init()) {
    state = LockIsolated(State(now: now))
  }

  /// The current time on this clock. It only moves when a test advances it.
  public var now: Instant {
    state.now
  }

  /// The clock's resolution: `.zero` unless a test sets it to mimic a coarser clock.
  public var minimumResolution: Duration {
    get { state.minimumResolution }
    set { state.withValue { $0.minimumResolution = newValue } }
  }

  /// How many sleeps are waiting for the clock to advance.
  ///
  /// ```swift
  /// model.stopButtonTapped()
  /// #expect(clock.pendingSleeperCount == 0)
  /// ```
  public var pendingSleeperCount: Int {
    state.sleepers.count
  }

  /// Suspends until an advance reaches `deadline`.
  ///
  /// This is what a feature calls (usually through `sleep(for:)`), not the test. It returns at
  /// once when `deadline` is already in the past, and throws `CancellationError` as soon as the
  /// sleeping task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    // Step 1: suspend the calling task until the clock resumes it. Each sleep first takes the
    // next registration number from the state (its place in line when deadlines are equal),
    // then suspends on a continuation and hands `register` a `Sleeper` made of that number,
    // the deadline and the continuation. From then on, whoever takes the sleeper out of the
    // pending list resumes it, exactly once.
    // Step 4: make the sleep cancellable. A task that is already cancelled must not sleep at
    // all, and a task cancelled while it sleeps must wake at once with `CancellationError`:
    // suspend under a cancellation handler that ends this sleep through `cancelSleeper`,
    // which finds it by its registration number.
  }

  /// Adds `sleeper` to the pending sleepers, or resumes it at once when it must not wait.
  func register(_ sleeper: Sleeper) {
    // Step 1: decide under the lock, in ONE pass over the state, then act outside it. A
    // deadline before `now` has already come: that sleep must not wait. Any other deadline,
    // `now` itself included, makes the sleeper pending, and the new total may complete some
    // count waiters: each waiter whose count is now reached is done and leaves the list.
    // Only after the lock is released, resume what must go on: the sleeper, if its deadline
    // had come, or else each finished waiter, with `true`.
    // Step 4: a task can be cancelled after `sleep` began but before its sleeper gets here;
    // its cancellation handler then found nothing to remove. Check for that in the same
    // locked pass: such a sleeper must not become pending, and its sleep ends at once with
    // `CancellationError`.
    sleeper.continuation.resume()  // for now every sleep returns at once
  }

  /// Ends the sleep numbered `registration` with `CancellationError`, if it is still pending.
  ///
  /// Called by `withTaskCancellationHandler` when the sleeping task is cancelled: possibly on
  /// another thread, possibly before the sleeper was even registered, possibly after an advance
  /// already woke it.
  func cancelSleeper(_ registration: Int) {
    // Step 4: this runs on whatever thread cancelled the task. Under the lock, take the
    // sleeper with this registration number out of the pending sleepers, if it is still
    // there; outside the lock, end its sleep with `CancellationError`. Not there? Then it was
    // already resumed, or `register` will see the cancellation itself; resuming twice would
    // crash, so do nothing.
  }
}

extension TestClock where Duration == Swift.Duration {
  /// Creates a clock measured in `Swift.Duration`, standing at its origin.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// ```
  public convenience init() {
    self.init(now: .init())
  }
}
