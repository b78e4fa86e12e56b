import ConcurrencyExtras
import ControlledTime
import Dependencies
import Dispatch
import Testing

// The features the tests drive, and the helpers that keep every wait bounded.
//
// The tests call your clocks by their module name, `ControlledTime.TestClock` and
// `ControlledTime.ImmediateClock`: the library has clocks with the same names, and the tests
// must prove that yours work.

/// Your `TestClock`, measured in `Swift.Duration` like `ContinuousClock`.
typealias ClockUnderTest = ControlledTime.TestClock<Duration>

/// The instant `seconds` after the clock's origin.
func at(_ seconds: Int) -> ClockUnderTest.Instant {
  ClockUnderTest.Instant(offset: .seconds(seconds))
}

// MARK: - Features

/// A countdown, like the one on a kitchen timer: it ticks once a second, on the injected clock.
@MainActor
final class CountdownModel {
  @Dependency(\.continuousClock) var clock
  private(set) var secondsLeft = 0
  private(set) var isFinished = false
  private var task: Task<Void, Never>?

  /// Starts counting down from `seconds`; the task it returns ends when the countdown does.
  @discardableResult
  func start(from seconds: Int) -> Task<Void, Never> {
    secondsLeft = seconds
    isFinished = false
    let task = Task {
      while secondsLeft > 0 {
        do {
          try await clock.sleep(for: .seconds(1))
        } catch {
          return  // stopped
        }
        secondsLeft -= 1
      }
      isFinished = true
    }
    self.task = task
    return task
  }

  func stop() {
    task?.cancel()
  }
}

/// What a search screen asks the server.
struct SearchClient: Sendable {
  var search: @Sendable (String) async throws -> [String]
}

extension SearchClient: DependencyKey {
  static let liveValue = SearchClient { _ in [] }
  static let testValue = SearchClient { _ in [] }
}

extension DependencyValues {
  var searchClient: SearchClient {
    get { self[SearchClient.self] }
    set { self[SearchClient.self] = newValue }
  }
}

/// A search field that waits until typing pauses (300 ms) before asking the server: every
/// keystroke cancels the search the previous one scheduled.
@MainActor
final class SearchModel {
  @Dependency(\.continuousClock) var clock
  @Dependency(\.searchClient) var searchClient
  private(set) var results: [String] = []
  private var searchTask: Task<Void, Never>?

  /// Schedules a search for `query`; the task it returns ends when that search is done or
  /// cancelled.
  @discardableResult
  func queryChanged(_ query: String) -> Task<Void, Never> {
    searchTask?.cancel()
    let task = Task {
      do {
        try await clock.sleep(for: .milliseconds(300))
        results = try await searchClient.search(query)
      } catch {
        // Cancelled by the next keystroke: nothing to show.
      }
    }
    searchTask = task
    return task
  }
}

/// A welcome banner that hides itself after five seconds.
@MainActor
final class WelcomeModel {
  @Dependency(\.continuousClock) var clock
  private(set) var isBannerVisible = false

  func onAppear() async {
    isBannerVisible = true
    do {
      try await clock.sleep(for: .seconds(5))
      isBannerVisible = false
    } catch {}
  }
}

// MARK: - Helpers

/// Starts a task that sleeps on `clock` until `deadline`, then runs `afterwards`.
func sleeper(
  on clock: ClockUnderTest, until deadline: ClockUnderTest.Instant,
  afterwards: @escaping @Sendable () async -> Void = {}
) -> Task<Void, any Error> {
  Task {
    try await clock.sleep(until: deadline)
    await afterwards()
  }
}

/// What one woken sleeper saw: who it was, and the clock's `now` when it woke.
struct Wake: Equatable, Sendable, CustomStringConvertible {
  var name: String
  var seconds: Int

  var description: String { "\(name) at \(seconds) s" }
}

/// The whole seconds in `instant`'s offset.
func seconds(_ instant: ClockUnderTest.Instant) -> Int {
  Int(instant.offset.components.seconds)
}

/// Starts a task that sleeps until `deadline`, writes down what it saw when it woke, and goes
/// back to sleep for a long time.
///
/// Going back to sleep is what makes the log exact: the advance does not wake anyone else until
/// this task sleeps again, so every entry is written before the next sleeper wakes.
func loggingSleeper(
  _ name: String, on clock: ClockUnderTest, until deadline: ClockUnderTest.Instant,
  log: LockIsolated<[Wake]>
) -> Task<Void, any Error> {
  Task {
    try await clock.sleep(until: deadline)
    let now = seconds(clock.now)
    log.withValue { $0.append(Wake(name: name, seconds: now)) }
    try await clock.sleep(for: .seconds(1000))
  }
}

/// How a task ended.
enum Ending: Equatable, Sendable {
  case returned
  case cancelled
  case threw(String)
}

/// Waits for `task` to end, for at most `limit` of real time.
func ending(
  of task: Task<Void, any Error>, within limit: Duration = .seconds(2),
  _ timeoutMessage: String, sourceLocation: SourceLocation = #_sourceLocation
) async -> Ending? {
  await bounded(timeoutMessage, limit: limit, sourceLocation: sourceLocation) {
    do {
      try await task.value
      return .returned
    } catch is CancellationError {
      return .cancelled
    } catch {
      return .threw("\(type(of: error))")
    }
  }
}

/// Runs `operation` and waits for it at most `limit` of real time, so that wrong code fails in
/// a second or two instead of hanging. On time it returns the result; otherwise it records
/// `timeoutMessage` as an issue and returns `nil` (the operation is left running).
func bounded<T: Sendable>(
  _ timeoutMessage: String, limit: Duration = .seconds(2),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ operation: @escaping @Sendable () async -> T
) async -> T? {
  let slot = LockIsolated<CheckedContinuation<T?, Never>?>(nil)
  let work = LockIsolated<Task<Void, Never>?>(nil)
  let result = await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
    slot.setValue(continuation)
    work.setValue(
      Task {
        let value = await operation()
        slot.withValue { slot in
          defer { slot = nil }
          return slot
        }?.resume(returning: value)
      })
    let milliseconds = Int(limit / .milliseconds(1))
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
      slot.withValue { slot in
        defer { slot = nil }
        return slot
      }?.resume(returning: nil)
    }
  }
  if result == nil {
    work.value?.cancel()
    Issue.record(Comment(rawValue: timeoutMessage), sourceLocation: sourceLocation)
  }
  return result
}

/// Waits until `clock` has `count` pending sleepers, with your `waitForSleepers(count:timeout:)`
/// and a bound of its own in case that wait never returns. Returns whether they are there.
func sleepersArrive(
  on clock: ClockUnderTest, count: Int, _ whatFailed: String,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) async -> Bool {
  let location = SourceLocation(
    fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  let reached = await bounded(
    """
    TestClock.waitForSleepers(count: \(count), timeout: 1 second) did not return within 2 \
    seconds: its safety net never fired (Step 1). \(whatFailed)
    """, sourceLocation: location
  ) {
    await clock.waitForSleepers(
      count: count, timeout: .seconds(1), fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
  guard let reached else { return false }
  #expect(reached, Comment(rawValue: whatFailed), sourceLocation: location)
  return reached
}

/// The message for a sleeper that a test set up and that never became pending: before this
/// test can check anything, Step 1 has to work.
func setup(_ whatFailed: String) -> String {
  "\(whatFailed) Step 1 comes first: sleep must register a Sleeper, and waitForSleepers see it."
}

/// Runs `operation`, waiting for it at most `limit` of real time; returns whether it finished.
/// On timeout it records `timeoutMessage` as an issue.
func completes(
  _ timeoutMessage: String, limit: Duration = .seconds(2),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ operation: @escaping @Sendable () async -> Void
) async -> Bool {
  await bounded(timeoutMessage, limit: limit, sourceLocation: sourceLocation, operation) != nil
}
