import Foundation
import Testing
import WorkshopCore

@testable import LearnKit

/// Keys a test presses, read by the session on its own thread.
final class PressedKeys: KeyInput, @unchecked Sendable {
  private let condition = NSCondition()
  private var keys: [Character] = []

  func press(_ key: Character) {
    condition.withLock {
      keys.append(key)
      condition.broadcast()
    }
  }

  func nextKey(timeout: Double) -> Character? {
    condition.withLock {
      if keys.isEmpty, timeout > 0 { _ = condition.wait(until: Date().addingTimeInterval(timeout)) }
      return keys.isEmpty ? nil : keys.removeFirst()
    }
  }
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
}

@Suite struct WatchSessionTests {
  /// The whole loop with real builds: the first run shows Step 1; a save, and no key, brings
  /// Step 2; `h` shows a hint; once the exercise passes, `n` moves to the next one; `q` quits.
  @Test func aSaveBringsTheNextStepWithoutAKey() async throws {
    let fixture = try LearnFixture("watch")
    let keys = PressedKeys()
    let events = Mailbox<WatchSession.Event>()
    let workspace = fixture.workspace()
    let session = Task {
      try await offThread {
        try WatchSession(
          workspace: workspace, keys: keys, style: Style(color: false),
          onEvent: { events.post($0) }, draw: { _ in }
        ).run()
      }
    }

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
    keys.press("h")
    let hinted = try await events.next(within: 60, "the hint") {
      $0.screen?.contains("Hint 1 of 3:\n  First, gentle.") == true
    }
    #expect(hinted.screen?.contains("✘ Step 2: greeting") == true)

    // `n` before the exercise passes only explains.
    keys.press("n")
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

    keys.press("n")
    let fourth = try #require(
      try await events.next(within: 900, "the next exercise's run") { $0.finishedRun != nil }
        .finishedRun)
    #expect(fourth.report.id == LearnFixture.moreID)
    #expect(fourth.report.focus?.steps == [1, 2])

    keys.press("q")
    _ = try await events.next(within: 60, "the end") {
      if case .ended = $0 { return true }
      return false
    }
    try await session.value
    #expect(events.history.compactMap(\.finishedRun).count == 4)
  }
}
