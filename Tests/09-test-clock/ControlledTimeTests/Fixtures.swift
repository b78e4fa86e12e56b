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
enum Ending: Equatable, Sendable, CustomStringConvertible {
  case returned
  case cancelled
  case threw(String)

  /// How `task` ended, once it has.
  init(awaiting task: Task<Void, any Error>) async {
    do {
      try await task.value
      self = .returned
    } catch is CancellationError {
      self = .cancelled
    } catch {
      self = .threw("\(type(of: error))")
    }
  }

  /// What the task's sleep did, for messages: "returned", "threw CancellationError", …
  var description: String {
    switch self {
    case .returned: "returned"
    case .cancelled: "threw CancellationError"
    case .threw(let error): "threw \(error)"
    }
  }
}

/// Waits for `task` to end, for at most `limit` of real time.
func ending(
  of task: Task<Void, any Error>, within limit: Duration = .seconds(2),
  _ timeoutMessage: String, sourceLocation: SourceLocation = #_sourceLocation
) async -> Ending? {
  await bounded(timeoutMessage, limit: limit, sourceLocation: sourceLocation) {
    await Ending(awaiting: task)
  }
}

/// Waits for several tasks to end at once: as ``ending(of:within:_:sourceLocation:)`` does for
/// each, in their order, but the waits overlap, so tasks that never end cost `limit` once, not
/// once each. `waits` pairs each task with the message recorded if it has not ended in time.
func endings(
  of waits: [(task: Task<Void, any Error>, timeoutMessage: String)],
  within limit: Duration = .seconds(2), sourceLocation: SourceLocation = #_sourceLocation
) async -> [Ending?] {
  let results = await withTaskGroup(of: (Int, Ending?).self) { group in
    for (index, wait) in waits.enumerated() {
      group.addTask {
        (index, await within(limit) { await Ending(awaiting: wait.task) })
      }
    }
    var results = [Ending?](repeating: nil, count: waits.count)
    for await (index, ended) in group { results[index] = ended }
    return results
  }
  for (wait, ended) in zip(waits, results) where ended == nil {
    Issue.record(Comment(rawValue: wait.timeoutMessage), sourceLocation: sourceLocation)
  }
  return results
}

/// Runs `operation` and waits for it at most `limit` of real time, so that wrong code fails in
/// a second or two instead of hanging. Returns the result, or `nil` when time ran out (the
/// operation is cancelled and left running). It records nothing; `bounded` does.
func within<T: Sendable>(
  _ limit: Duration = .seconds(2), _ operation: @escaping @Sendable () async -> T
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
  }
  return result
}

/// Runs `operation` and waits for it at most `limit` of real time, so that wrong code fails in
/// a second or two instead of hanging. On time it returns the result; otherwise it records
/// `timeoutMessage` (built when time has run out) as an issue and returns `nil` (the operation
/// is left running).
func bounded<T: Sendable>(
  _ timeoutMessage: @autoclosure () -> String, limit: Duration = .seconds(2),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ operation: @escaping @Sendable () async -> T
) async -> T? {
  let result = await within(limit, operation)
  if result == nil {
    Issue.record(Comment(rawValue: timeoutMessage()), sourceLocation: sourceLocation)
  }
  return result
}

/// A time on a clock, for messages: "4 s", or the exact duration when it is not whole seconds.
func shown(_ offset: Duration) -> String {
  offset.components.attoseconds == 0 ? "\(offset.components.seconds) s" : "\(offset)"
}

/// "1 sleeper", "3 sleepers": `count` and `noun`, in the plural unless `count` is 1.
func amount(_ count: Int, _ noun: String) -> String {
  count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
}

/// The wakes in `log`, for messages: "first at 1 s, second at 2 s", or "none".
func list(_ log: [Wake]) -> String {
  log.isEmpty ? "none" : log.map(\.description).joined(separator: ", ")
}

/// Who woke, for messages about sleepers that did not all wake: "none of them woke", or "only
/// first at 1 s woke".
func onlyWoke(_ log: [Wake]) -> String {
  log.isEmpty ? "none of them woke" : "only \(list(log)) woke"
}

/// Waits until `clock` has `count` pending sleepers, with your `waitForSleepers(count:timeout:)`
/// and a bound of its own in case that wait never returns. Returns whether they are there.
///
/// When `waitForSleepers` gives up, it reports an issue of its own, before `whatFailed`.
func sleepersArrive(
  on clock: ClockUnderTest, count: Int, _ whatFailed: String,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) async -> Bool {
  let location = SourceLocation(
    fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  let reached = await bounded(
    """
    TestClock.waitForSleepers(count: \(count), timeout: 1 second) had not returned 2 seconds \
    later, with \(amount(clock.pendingSleeperCount, "sleeper")) pending then. Step 1: \
    waitForPending must return true as soon as `count` sleepers are pending, and false once \
    its timeout has passed, whichever comes first.
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
