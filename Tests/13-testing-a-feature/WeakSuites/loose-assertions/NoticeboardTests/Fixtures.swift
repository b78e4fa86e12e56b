import Dependencies
import Foundation
import Noticeboard

// Helpers for your tests. Each one only makes something a test needs; none of them checks
// anything.

/// A noticeboard that waits on `clock`: time passes for it only when the test advances the
/// clock.
///
/// ```swift
/// let clock = TestClock()
/// let model = noticeboard(on: clock)
/// ```
@MainActor
func noticeboard(on clock: TestClock<Duration>) -> NoticeboardModel {
  withDependencies {
    $0.continuousClock = clock
  } operation: {
    NoticeboardModel()
  }
}

/// What the headlines endpoint of ``noticeboard(answering:)`` answers: a list of headlines, or
/// an error. Change it between two refreshes.
typealias HeadlinesAnswer = LockIsolated<Result<[String], any Error>>

/// A noticeboard whose headlines endpoint answers with whatever `answer` holds at the time of
/// the call.
///
/// ```swift
/// let answer = HeadlinesAnswer(.success(["Pool closed"]))
/// let model = noticeboard(answering: answer)
/// await model.refresh()                  // gets ["Pool closed"]
/// answer.setValue(.failure(Offline()))
/// await model.refresh()                  // gets an error
/// ```
@MainActor
func noticeboard(answering answer: HeadlinesAnswer) -> NoticeboardModel {
  withDependencies {
    $0.headlines.fetch = { try answer.value.get() }
  } operation: {
    NoticeboardModel()
  }
}

/// The error a headlines endpoint throws when the test takes the network away.
struct Offline: Error {}

/// A fixed moment for the date dependency: 1 January 2026, 12:00 UTC.
let noon = Date(timeIntervalSince1970: 1_767_268_800)

/// `text` as a message shows it: in quotes, or "nothing" when it is `nil`.
func shown(_ text: String?) -> String {
  text.map { "\"\($0)\"" } ?? "nothing"
}

/// `ids` as a message shows them: `UUID(n)` for the ones an incrementing generator makes, words
/// for any other (a random UUID is different on every run, so a message never quotes it).
func shown(_ ids: [UUID]) -> String {
  let prefix = "00000000-0000-0000-0000-"
  let names = ids.map { id in
    let number = Int(id.uuidString.dropFirst(prefix.count), radix: 16)
    guard id.uuidString.hasPrefix(prefix), let number else {
      return "a UUID no incrementing generator makes"
    }
    return "UUID(\(number))"
  }
  return "[\(names.joined(separator: ", "))]"
}

/// `dates` as a message shows them: "noon" for the fixtures' fixed moment, words for any other
/// (the real time is different on every run, so a message never quotes it).
func shown(_ dates: [Date]) -> String {
  "[\(dates.map { $0 == noon ? "noon" : "a date other than noon" }.joined(separator: ", "))]"
}
