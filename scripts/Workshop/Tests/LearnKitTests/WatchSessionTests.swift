import Foundation
import Testing

@testable import LearnKit

/// A file-change source that posts nothing: the test posts the file events itself.
struct QuietFiles: FileChangeFeed {
  func watch(_ folder: URL, posting events: WatchEventQueue) throws {}
  func stop() {}
}

/// A file-change source that cannot watch, as when inotify is missing.
struct UnavailableFiles: FileChangeFeed {
  func watch(_ folder: URL, posting events: WatchEventQueue) throws {
    throw FileChangesUnavailable("inotify_init1 failed: Function not implemented")
  }
  func stop() {}
}

extension WatchSession.Event {
  var finishedRun: (run: Int, report: ExerciseReport, screen: String, afterSave: Double?)? {
    if case .runFinished(let run, let report, let screen, let afterSave) = self {
      return (run, report, screen, afterSave)
    }
    return nil
  }

  var screen: String? {
    switch self {
    case .runFinished(_, _, let screen, _), .allPass(let screen), .redrawn(let screen): screen
    case .runStarted, .ended: nil
    }
  }

  var startedRun: Int? {
    if case .runStarted(let run, _) = self { return run }
    return nil
  }

  var isEnd: Bool {
    if case .ended = self { return true }
    return false
  }
}

/// A session on its own thread over the "watch" fixture, with what it did in `reports`.
struct RunningSession {
  let fixture: LearnFixture
  let events = WatchEventQueue()
  let reports = Mailbox<WatchSession.Event>()
  let task: Task<Void, any Error>

  init(files: (any FileChangeFeed)?) throws {
    let fixture = try LearnFixture("watch")
    let workspace = fixture.workspace()
    let (events, reports) = (self.events, self.reports)
    self.fixture = fixture
    task = Task {
      try await offThread {
        try WatchSession(
          workspace: workspace, events: events, files: files, style: Style(color: false),
          onEvent: { reports.post($0) }, draw: { _ in }
        ).run()
      }
    }
  }

  /// The next run's result (the first builds everything: minutes on a busy machine).
  func nextRun(_ what: String) async throws -> (
    run: Int, report: ExerciseReport, screen: String, afterSave: Double?
  ) {
    try #require(try await reports.next(within: 900, what) { $0.finishedRun != nil }.finishedRun)
  }

  /// Presses `q`, waits for the end; returns how many runs the session started.
  func quit() async throws -> Int {
    events.post(.key("q"))
    _ = try await reports.next(within: 120, "the end") { $0.isEnd }
    try await task.value
    return reports.history.compactMap(\.startedRun).count
  }
}

/// The suites share the "watch" fixture and its build folder, so they run one at a time.
@Suite(.serialized) struct WatchSessionTests {
  /// The whole loop with real builds: the first run shows Step 1; a save, and no key, brings
  /// Step 2; `h` shows a hint; once the exercise passes, `n` moves to the next one; `q` quits.
  @Test func aSaveBringsTheNextStepWithoutAKey() async throws {
    let session = try RunningSession(files: systemFileChangeSource())
    let (fixture, keys, events) = (session.fixture, session.events, session.reports)
    // The first run builds everything (a minute or two the first time on a busy machine).
    let first = try #require(
      try await events.next(within: 900, "first run") { $0.finishedRun != nil }.finishedRun)
    #expect(first.run == 1)
    #expect(first.report.id == LearnFixture.stepsID)
    #expect(first.report.focus?.step == 1)
    #expect(first.screen.contains("✘ Step 1: doubling"))
    #expect(first.afterSave == nil)

    // The learner fixes Step 1 and saves: the session notices by itself.
    try fixture.writeSteps(LearnFixture.stepOneDone)
    let second = try #require(
      try await events.next(within: 600, "run after the save") { $0.finishedRun != nil }
        .finishedRun)
    #expect(second.run == 2)
    #expect(second.report.focus?.step == 2)
    #expect(second.screen.contains("✘ Step 2: greeting"))
    #expect(!second.screen.contains("✘ Step 1: doubling"))
    #expect(second.afterSave != nil)
    #expect(second.screen.contains("after your save"))

    // `h`: the first hint, on the screen.
    keys.post(.key("h"))
    let hinted = try await events.next(within: 60, "the hint") {
      $0.screen?.contains("Hint 1 of 3:\n  First, gentle.") == true
    }
    #expect(hinted.screen?.contains("✘ Step 2: greeting") == true)

    // `n` before the exercise passes only explains.
    keys.post(.key("n"))
    _ = try await events.next(within: 60, "the note about n") {
      $0.screen?.contains("n moves on once every visible test of 01-steps passes") == true
    }

    // Everything done: the session says so and offers the next exercise.
    try fixture.writeSteps(LearnFixture.allDone)
    let third = try #require(
      try await events.next(within: 600, "run after the second save") { $0.finishedRun != nil }
        .finishedRun)
    #expect(third.report.passes)
    #expect(third.screen.contains("Every visible test of 01-steps passes"))
    #expect(third.screen.contains("Press n for the next exercise: 02-more"))

    keys.post(.key("n"))
    let fourth = try #require(
      try await events.next(within: 900, "the next exercise's run") { $0.finishedRun != nil }
        .finishedRun)
    #expect(fourth.report.id == LearnFixture.moreID)
    #expect(fourth.report.focus?.steps == [1, 2])

    #expect(try await session.quit() == 4)
    #expect(events.history.compactMap(\.finishedRun).count == 4)
  }

  /// A file event whose files' content did not change (the same text saved again) runs
  /// nothing.
  @Test func anEventThatChangesNoContentRunsNothing() async throws {
    let session = try RunningSession(files: QuietFiles())
    let first = try await session.nextRun("first run")
    #expect(first.screen.hasSuffix("h hint (0 of 3 seen) · l list · r run again · q quit"))
    let starter = try Data(contentsOf: session.fixture.stepsFile)
    try starter.write(to: session.fixture.stepsFile)
    session.events.post(.fileChanged(path: session.fixture.stepsFile.path))
    // The events are taken in order: the session has handled the file event before `q`.
    #expect(try await session.quit() == 1)
  }

  /// Several events for one save (an editor writes, renames, touches) run once.
  @Test func aBurstOfEventsForOneSaveRunsOnce() async throws {
    let session = try RunningSession(files: QuietFiles())
    _ = try await session.nextRun("first run")
    try session.fixture.writeSteps(LearnFixture.stepOneDone)
    for _ in 0..<4 { session.events.post(.fileChanged(path: session.fixture.stepsFile.path)) }
    let second = try await session.nextRun("the run after the save")
    #expect(second.report.focus?.step == 2)
    #expect(second.afterSave != nil)
    #expect(try await session.quit() == 2)
  }

  /// Manual mode runs on Enter, not on file events, and its screen says so.
  @Test func manualModeRunsOnEnterOnly() async throws {
    let session = try RunningSession(files: nil)
    let first = try await session.nextRun("first run")
    #expect(first.screen.contains("· press Enter to check Exercises/01-steps/ again"))
    #expect(first.screen.hasSuffix("l list · Enter or r run again · q quit"))
    try session.fixture.writeSteps(LearnFixture.stepOneDone)
    session.events.post(.fileChanged(path: session.fixture.stepsFile.path))
    session.events.post(.runRequested)
    let second = try await session.nextRun("the run after Enter")
    #expect(second.run == 2)
    #expect(second.report.focus?.step == 2)
    #expect(second.afterSave == nil)
    #expect(try await session.quit() == 2)
  }

  /// When the system cannot watch the files, the session says why in one line and runs on
  /// Enter.
  @Test func aSourceThatCannotWatchFallsBackToManualMode() async throws {
    let session = try RunningSession(files: UnavailableFiles())
    let first = try await session.nextRun("first run")
    #expect(
      first.screen.contains(
        "! Saves are not watched here (inotify_init1 failed: Function not implemented): "
          + "press Enter after each save."))
    try session.fixture.writeSteps(LearnFixture.stepOneDone)
    session.events.post(.fileChanged(path: session.fixture.stepsFile.path))
    #expect(try await session.quit() == 1)
  }
}
