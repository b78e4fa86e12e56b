import Briefing
import Dependencies
import Foundation
import Testing

// Helpers for your tests. Each one only makes something a test needs; none of them checks
// anything. Add your own below (keep their names different from the lesson's, which start
// with `Lesson` or `lesson`).

/// A fixed moment for the date dependency: 07:30 UTC on 1 January 2026.
let morning = Date(timeIntervalSince1970: 1_767_252_600)

/// The error a test's news client throws when the test takes the network away.
struct Offline: Error {}

/// Six headlines a test's news client can answer: "Story 1" to "Story 6".
let sixStories = (1...6).map { Headline(title: "Story \($0)", source: "Wire") }

/// A headlines model whose news client answers `answer` (or throws while `fails` is true),
/// dated by the date in `date`, which the client may move when it answers.
@MainActor
final class ControlledHeadlines {
  let model: HeadlinesModel
  let answer: LockIsolated<[Headline]>
  let fails = LockIsolated(false)
  let date = LockIsolated(morning)
  let dateOnArrival = LockIsolated<Date?>(nil)

  init(answering headlines: [Headline] = sixStories) {
    let answer = LockIsolated(headlines)
    let fails = fails
    let date = date
    let dateOnArrival = dateOnArrival
    self.answer = answer
    model = withDependencies {
      $0.newsClient.headlines = {
        if let later = dateOnArrival.value { date.setValue(later) }
        if fails.value { throw Offline() }
        return answer.value
      }
      $0.date = DateGenerator { date.value }
    } operation: {
      HeadlinesModel()
    }
  }
}

/// A reading list on a `TestClock`, with `.incrementing` ids and dates that follow the clock
/// (`morning` plus the seconds it moved).
@MainActor
final class ControlledReadingList {
  let clock = TestClock()
  let model: ReadingListModel

  init() {
    let clock = clock
    let start = clock.now
    model = withDependencies {
      $0.continuousClock = clock
      $0.uuid = .incrementing
      $0.date = DateGenerator {
        morning.addingTimeInterval(Double(start.duration(to: clock.now).components.seconds))
      }
    } operation: {
      ReadingListModel()
    }
  }

  /// Starts a reminder in a task and waits until it sleeps on the clock, or until it ends
  /// without sleeping (a reminder that never waits, which the test's checks then catch at
  /// once instead of after the clock's ten-second wait).
  func startReminder(after delay: Duration) async -> Task<Void, Never> {
    let model = model
    let clock = clock
    // Whichever comes first ends the stream: the reminder ending, or a sleeper on the clock.
    let (firstOfTwo, end) = AsyncStream<Void>.makeStream()
    let reminding = Task {
      await model.remind(after: delay)
      end.finish()
    }
    let sleeping = Task {
      await clock.waitForSleepers(count: 1)
      end.finish()
    }
    for await _ in firstOfTwo {}
    sleeping.cancel()
    return reminding
  }
}
