import Clocks
import ConcurrencyExtras
import IssueReporting
import Testing

/// Most tests run on the main actor, like the features they model: the tasks they start then
/// run on the main actor too, and an advance (called from the main actor) queues up behind the
/// work it wakes. See `OffTheMainActor` for nonisolated use.
@Suite @MainActor struct TestClockTests {
  // MARK: Time

  @Test func standsStillUntilAdvanced() async {
    let clock = TestClock()
    #expect(clock.now.offset == .zero)
    await clock.advance(by: .seconds(2))
    #expect(clock.now.offset == .seconds(2))
    await clock.advance()
    #expect(clock.now.offset == .seconds(2))
  }

  @Test func startsWhereItIsTold() {
    let clock = TestClock<Duration>(now: .init(offset: .seconds(10)))
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func instantsMeasureFromTheOrigin() {
    let start = TestClock<Duration>.Instant(offset: .seconds(1))
    let later = start.advanced(by: .seconds(2))
    #expect(later.offset == .seconds(3))
    #expect(start.duration(to: later) == .seconds(2))
    #expect(start < later)
  }

  @Test func minimumResolutionCanBeSet() {
    let clock = TestClock()
    #expect(clock.minimumResolution == .zero)
    clock.minimumResolution = .milliseconds(1)
    #expect(clock.minimumResolution == .milliseconds(1))
  }

  // MARK: Order

  @Test func sleepersWakeInDeadlineOrder() async throws {
    let clock = TestClock()
    let woken = LockIsolated<[Int]>([])
    let tasks = [3, 1, 2].map { seconds in
      Task {
        try await clock.sleep(until: .init(offset: .seconds(seconds)))
        woken.withValue { $0.append(seconds) }
      }
    }
    await clock.waitForSleepers(count: 3)
    await clock.advance(by: .seconds(3))
    for task in tasks { try await task.value }
    #expect(woken.value == [1, 2, 3])
  }

  @Test func sleepersWithTheSameDeadlineWakeInTheOrderTheyStartedSleeping() async throws {
    let clock = TestClock()
    let woken = LockIsolated<[Int]>([])
    var tasks: [Task<Void, any Error>] = []
    for index in 0..<5 {
      tasks.append(
        Task {
          try await clock.sleep(for: .seconds(1))
          woken.withValue { $0.append(index) }
        })
      // Waiting for each sleeper before starting the next fixes the order they register in.
      await clock.waitForSleepers(count: index + 1)
    }
    await clock.advance(by: .seconds(1))
    for task in tasks { try await task.value }
    #expect(woken.value == [0, 1, 2, 3, 4])
  }

  @Test func nowIsTheSleepersDeadlineWhileItWakes() async throws {
    let clock = TestClock()
    let observed = LockIsolated<[Duration]>([])
    let tasks = [2, 1].map { seconds in
      Task {
        try await clock.sleep(until: .init(offset: .seconds(seconds)))
        observed.withValue { $0.append(clock.now.offset) }
      }
    }
    await clock.waitForSleepers(count: 2)
    await clock.advance(by: .seconds(5))
    for task in tasks { try await task.value }
    #expect(observed.value == [.seconds(1), .seconds(2)])
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func workThatSleepsAgainInsideTheAdvancedRangeWakesInTheSameAdvance() async throws {
    let clock = TestClock()
    let task = Task {
      var ticks: [Duration] = []
      for _ in 1...5 {
        try await clock.sleep(for: .seconds(1))
        ticks.append(clock.now.offset)
      }
      return ticks
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(5))
    #expect(try await task.value == (1...5).map { .seconds($0) })
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func manySleepersAllWake() async throws {
    let clock = TestClock()
    let woken = LockIsolated(0)
    let deadlines = (0..<200).map { ($0 * 7) % 50 }  // 50 distinct deadlines, 4 sleepers each
    try await withThrowingTaskGroup(of: Void.self) { group in
      for deadline in deadlines {
        group.addTask {
          try await clock.sleep(until: .init(offset: .milliseconds(deadline)))
          woken.withValue { $0 += 1 }
        }
      }
      await clock.waitForSleepers(count: deadlines.count)
      await clock.advance(by: .seconds(1))
      try await group.waitForAll()
    }
    #expect(woken.value == deadlines.count)
    #expect(clock.now.offset == .seconds(1))
    #expect(clock.pendingSleeperCount == 0)
  }

  // MARK: Deadlines that have passed

  @Test func sleepingUntilAPastDeadlineReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    try await clock.sleep(until: .init(offset: .seconds(1)))
    #expect(clock.pendingSleeperCount == 0)
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func sleepingUntilExactlyNowWaitsForTheNextAdvance() async throws {
    let clock = TestClock()
    let task = Task { try await clock.sleep(until: clock.now) }
    await clock.waitForSleepers(count: 1)
    #expect(clock.pendingSleeperCount == 1)
    await clock.advance()
    try await task.value
    #expect(clock.now.offset == .zero)
  }

  // MARK: Cancellation

  @Test func cancellingASleeperThrowsAndRemovesIt() async throws {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers(count: 1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.pendingSleeperCount == 0)
    try await clock.checkSuspension()
  }

  @Test func anAlreadyCancelledTaskThrowsWithoutSleeping() async {
    let clock = TestClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.pendingSleeperCount == 0)
  }

  @Test func cancellingSomeSleepersLeavesTheOthers() async throws {
    let clock = TestClock()
    let woken = LockIsolated(0)
    let tasks = (0..<100).map { index in
      Task {
        try await clock.sleep(until: .init(offset: .milliseconds(index)))
        woken.withValue { $0 += 1 }
      }
    }
    await clock.waitForSleepers(count: 100)
    for (index, task) in tasks.enumerated() where !index.isMultiple(of: 10) { task.cancel() }
    for (index, task) in tasks.enumerated() where !index.isMultiple(of: 10) {
      await #expect(throws: CancellationError.self) { try await task.value }
    }
    #expect(clock.pendingSleeperCount == 10)
    await clock.advance(by: .seconds(1))
    for (index, task) in tasks.enumerated() where index.isMultiple(of: 10) {
      try await task.value
    }
    #expect(woken.value == 10)
    #expect(clock.pendingSleeperCount == 0)
  }

  // MARK: advance(to:)

  @Test func advanceToWakesOnlyWhatIsDue() async throws {
    let clock = TestClock()
    let woken = LockIsolated<[Int]>([])
    let tasks = [1, 3].map { seconds in
      Task {
        try await clock.sleep(until: .init(offset: .seconds(seconds)))
        woken.withValue { $0.append(seconds) }
      }
    }
    await clock.waitForSleepers(count: 2)

    await clock.advance(to: .init(offset: .seconds(2)))
    try await tasks[0].value
    #expect(woken.value == [1])
    #expect(clock.now.offset == .seconds(2))
    #expect(clock.pendingSleeperCount == 1)

    await clock.advance(to: .init(offset: .seconds(1)))  // in the past: changes nothing
    #expect(clock.now.offset == .seconds(2))
    #expect(clock.pendingSleeperCount == 1)

    await clock.advance(to: .init(offset: .seconds(3)))
    try await tasks[1].value
    #expect(woken.value == [1, 3])
  }

  // MARK: run

  @Test func runAdvancesUntilNothingSleeps() async throws {
    let clock = TestClock()
    let task = Task {
      var count = 0
      for _ in 1...10 {
        try await clock.sleep(for: .seconds(1))
        count += 1
      }
      return count
    }
    await clock.waitForSleepers(count: 1)
    await clock.run()
    #expect(try await task.value == 10)
    #expect(clock.now.offset == .seconds(10))
    #expect(clock.pendingSleeperCount == 0)
  }

  @Test func runWithNothingSleepingReturnsAtOnce() async {
    let clock = TestClock()
    await clock.run(timeout: .zero)
    #expect(clock.now.offset == .zero)
  }

  @Test func runReportsAnIssueAndCancelsTheSleepersWhenTheWorkNeverStops() async {
    let clock = TestClock()
    let task = Task {
      while true {
        try await clock.sleep(for: .seconds(1))
      }
    }
    await clock.waitForSleepers(count: 1)
    let collector = IssueCollector()
    await withIssueReporters([collector]) {
      await clock.run(timeout: .milliseconds(20))
    }
    task.cancel()
    #expect(collector.messages.count == 1)
    #expect(collector.messages.first?.hasPrefix("TestClock.run(timeout:) gave up after") == true)
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.pendingSleeperCount == 0)
  }

  @Test func runWithNoTimeLeftGivesUpAtOnce() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers(count: 1)
    let collector = IssueCollector()
    await withIssueReporters([collector]) {
      await clock.run(timeout: .zero)
    }
    #expect(
      collector.messages == [
        """
        TestClock.run(timeout:) gave up after 0.0 seconds: 1 sleep was still pending, so it was \
        cancelled.

        The work under test keeps sleeping, for example an endless timer or a loop with no exit. \
        Stop it before running the clock (cancel its task), advance by a fixed amount with \
        'advance(by:)' instead, or pass a larger timeout if it really needs more steps.
        """
      ])
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.now.offset == .zero)
  }

  // MARK: checkSuspension

  @Test func checkSuspensionThrowsWhileSomethingSleeps() async throws {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers(count: 1)
    await #expect(throws: SuspensionError(pendingSleeperCount: 1)) {
      try await clock.checkSuspension()
    }
    await clock.advance(by: .seconds(1))
    try await task.value
    try await clock.checkSuspension()
  }

  // MARK: Waiting for sleepers

  @Test func waitForSleepersResumesOnceEnoughAreSleeping() async throws {
    let clock = TestClock()
    let tasks = (1...3).map { _ in Task { try await clock.sleep(for: .seconds(1)) } }
    await clock.waitForSleepers(count: 3)
    #expect(clock.pendingSleeperCount == 3)
    await clock.waitForSleepers(count: 2)  // already true: returns at once
    await clock.advance(by: .seconds(1))
    for task in tasks { try await task.value }
    #expect(clock.pendingSleeperCount == 0)
  }

  @Test func waitForSleepersTellsWhenWorkHasGoneBackToSleep() async {
    let clock = TestClock()
    let ticks = LockIsolated(0)
    let task = Task {
      while true {
        try await clock.sleep(for: .seconds(1))
        ticks.withValue { $0 += 1 }
      }
    }
    for expected in 0..<3 {
      await clock.waitForSleepers(count: 1)
      #expect(ticks.value == expected)
      await clock.advance(by: .seconds(1))
    }
    await clock.waitForSleepers(count: 1)
    #expect(ticks.value == 3)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func waitForSleepersReportsAnIssueWhenTheSleepersNeverCome() async {
    let clock = TestClock()
    let collector = IssueCollector()
    await withIssueReporters([collector]) {
      await clock.waitForSleepers(count: 2, timeout: .zero)
    }
    #expect(collector.messages.count == 1)
    #expect(collector.messages.first?.contains("for 2 sleepers on the TestClock") == true)
  }

  @Test func aCancelledWaitForSleepersReturnsWithoutAnIssue() async {
    let clock = TestClock()
    let collector = IssueCollector()
    let waiter = Task {
      await withIssueReporters([collector]) {
        await clock.waitForSleepers(count: 1)
      }
    }
    waiter.cancel()
    await waiter.value
    #expect(collector.messages.isEmpty)
  }

  // MARK: Actors

  @Test @MainActor func drivesAMainActorModel() async throws {
    let clock = TestClock()
    let model = Ticker(clock: clock)
    model.start()
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(3))
    // `advance` ran on the main actor, queued behind the model's work, so the ticks are in.
    #expect(model.count == 3)
    model.stop()
    try await clock.checkSuspension()
  }
}

/// Tests that drive the clock from no actor, with tasks that run on the global executor. They
/// synchronize only through `waitForSleepers` and task results.
@Suite struct OffTheMainActor {
  @Test func wakesTasksOnTheGlobalExecutor() async throws {
    let clock = TestClock()
    let task = Task.detached {
      try await clock.sleep(for: .seconds(1))
      return clock.now.offset
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(2))
    #expect(try await task.value == .seconds(1))
    #expect(clock.now.offset == .seconds(2))
  }

  @Test func workThatSleepsAgainWakesInTheSameAdvance() async throws {
    let clock = TestClock()
    let task = Task.detached {
      var ticks: [Duration] = []
      for _ in 1...5 {
        try await clock.sleep(for: .seconds(1))
        ticks.append(clock.now.offset)
      }
      return ticks
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(5))
    #expect(try await task.value == (1...5).map { .seconds($0) })
  }

  @Test func sleepersWakeInDeadlineOrder() async throws {
    let clock = TestClock()
    let woken = LockIsolated<[Int]>([])
    let tasks = [3, 1, 2].map { seconds in
      Task.detached {
        try await clock.sleep(until: .init(offset: .seconds(seconds)))
        woken.withValue { $0.append(seconds) }
      }
    }
    await clock.waitForSleepers(count: 3)
    await clock.advance(by: .seconds(3))
    for task in tasks { try await task.value }
    #expect(woken.value == [1, 2, 3])
  }

  @Test func stepsALoopOneDeadlineAtATime() async {
    let clock = TestClock()
    let ticks = LockIsolated(0)
    let task = Task.detached {
      while true {
        try await clock.sleep(for: .seconds(1))
        ticks.withValue { $0 += 1 }
      }
    }
    for expected in 0..<5 {
      await clock.waitForSleepers(count: 1)
      #expect(ticks.value == expected)
      await clock.advance(by: .seconds(1))
    }
    await clock.waitForSleepers(count: 1)
    #expect(ticks.value == 5)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func cancellationFromAnotherTask() async {
    let clock = TestClock()
    let sleepers = (0..<20).map { index in
      Task.detached { try await clock.sleep(for: .seconds(Double(index))) }
    }
    await clock.waitForSleepers(count: 20)
    for sleeper in sleepers { sleeper.cancel() }
    for sleeper in sleepers {
      await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
    #expect(clock.pendingSleeperCount == 0)
  }
}

/// A main-actor feature that counts seconds on a clock.
@MainActor
private final class Ticker {
  var count = 0
  private let clock: any Clock<Duration>
  private var task: Task<Void, Never>?

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func start() {
    task = Task {
      while (try? await clock.sleep(for: .seconds(1))) != nil {
        count += 1
      }
    }
  }

  func stop() {
    task?.cancel()
  }
}
