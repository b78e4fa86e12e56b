import Briefing
import Dependencies
import Foundation
import Testing

// What the lesson's tests share: the two features made with every dependency under the test's
// control, a way to run the `brief` app itself, and the words failure messages use. Nothing here
// checks anything.

/// A fixed moment for the date dependency: 07:30 UTC on 1 January 2026.
let lessonMorning = Date(timeIntervalSince1970: 1_767_252_600)

/// How long a test waits, in real time, for a reminder to fall asleep on its test clock. A
/// reminder that sleeps there does so at once, and one that returns without sleeping is seen at
/// once; the wait only bounds a reminder that waits on something else (a real clock).
let lessonSleepTimeout = Duration.seconds(2)

/// The error a test's news client throws when the test takes the network away.
struct LessonOffline: Error {}

/// Six headlines, numbered so that a message can say which ones a model showed.
let lessonHeadlines = (1...6).map { Headline(title: "Story \($0)", source: "Wire") }

/// A headlines model made with every dependency under the test's control: a news client that
/// answers ``answer`` (or throws while ``fails`` is `true`) and a date the test sets.
@MainActor
final class LessonHeadlines {
  let model: HeadlinesModel
  /// What the news client answers.
  let answer: LockIsolated<[Headline]>
  /// While `true`, the news client throws `LessonOffline`.
  let fails = LockIsolated(false)
  /// The date the date dependency gives, until the test changes it.
  let date = LockIsolated(lessonMorning)
  /// When set, the news client moves ``date`` to it before answering.
  let dateWhenAnswering = LockIsolated<Date?>(nil)

  init(answering headlines: [Headline] = lessonHeadlines) {
    let answer = LockIsolated(headlines)
    let fails = fails
    let date = date
    let dateWhenAnswering = dateWhenAnswering
    self.answer = answer
    model = withDependencies {
      $0.newsClient.headlines = {
        if let later = dateWhenAnswering.value { date.setValue(later) }
        if fails.value { throw LessonOffline() }
        return answer.value
      }
      $0.date = DateGenerator { date.value }
    } operation: {
      HeadlinesModel()
    }
  }
}

/// A reading list made with every dependency under the test's control: a `TestClock`, ids from
/// `uuid` (incrementing unless said otherwise), and dates that follow the test clock
/// (`lessonMorning` plus the seconds it has moved).
@MainActor
final class LessonReadingList {
  let clock = TestClock()
  let model: ReadingListModel

  init(uuid: UUIDGenerator = .incrementing) {
    let clock = clock
    let start = clock.now
    model = withDependencies {
      $0.continuousClock = clock
      $0.uuid = uuid
      $0.date = DateGenerator {
        lessonMorning.addingTimeInterval(Double(start.duration(to: clock.now).components.seconds))
      }
    } operation: {
      ReadingListModel()
    }
  }

  /// Starts a reminder in a task of its own, as the app does.
  func startReminder(after delay: Duration) -> Task<Void, Never> {
    let model = model
    return Task { await model.remind(after: delay) }
  }

  /// Waits until `reminding` sleeps on the test clock, or ends without sleeping there. When it
  /// is not asleep by then (or by `lessonSleepTimeout`), records a failure saying what `doing`
  /// could not check, cancels the reminder, waits for it to end, and returns `false`.
  func waitUntilAsleep(_ reminding: Task<Void, Never>, doing: String) async -> Bool {
    var returned = false
    await withKnownIssue(isIntermittent: true) {
      returned = await lessonWaitForSleeper(on: clock, orEndOf: reminding)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("TestClock") }
    }
    guard clock.pendingSleeperCount == 0 else { return true }
    Issue.record(
      """
      \(doing) A reminder was started with an item in the list, but it \
      \(returned ? "returned without sleeping" : "never slept") on the test clock the list was \
      made with, so the test could not move its wait on. Step 2: the reminder waits on the \
      clock of `@Dependency(\\.continuousClock)`.
      """)
    reminding.cancel()
    await reminding.value
    return false
  }

  /// Moves the clock on by `duration` and waits for `reminding` to end. When it is still asleep
  /// after that, records a failure, cancels it, waits for it to end, and returns `false`.
  func finish(_ reminding: Task<Void, Never>, after duration: Duration, doing: String) async
    -> Bool
  {
    await clock.advance(by: duration)
    do {
      // If the reminder is still asleep, awaiting it would never return.
      try await clock.checkSuspension()
    } catch {
      Issue.record(
        """
        \(doing) A reminder slept on the test clock, but it was still asleep once the clock had \
        moved on its whole delay: it must wake exactly when its delay is over (Step 2).
        """)
      reminding.cancel()
      await reminding.value
      return false
    }
    await reminding.value
    return true
  }
}

/// Waits until `clock` has a sleeper or `task` has ended, whichever comes first, and at most
/// `lessonSleepTimeout`; returns `true` when `task` ended first. A task that has ended will
/// never sleep, so waiting on would only keep a failing test from ending.
func lessonWaitForSleeper(on clock: TestClock<Duration>, orEndOf task: Task<Void, Never>) async
  -> Bool
{
  let (ends, end) = AsyncStream<Void>.makeStream()
  // Follows `task` on the side: while the task sleeps this waits with it, until the test wakes it.
  Task {
    await task.value
    end.finish()
  }
  return await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      await clock.waitForSleepers(count: 1, timeout: lessonSleepTimeout)
      return false
    }
    group.addTask {
      for await _ in ends {}
      // Cancelled because a sleeper came first, or because `task` ended.
      return !Task.isCancelled
    }
    let endedFirst = await group.next() ?? false
    group.cancelAll()
    return endedFirst
  }
}

/// Runs `body` and returns the messages of the issues it reported, in order, instead of letting
/// them fail the test.
func lessonIssues(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> Void
) async -> [String] {
  let collected = LockIsolated<[String]>([])
  await withKnownIssue(isIntermittent: true, isolation: isolation) {
    await body()
  } matching: { issue in
    collected.withValue { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return collected.value
}

/// Records `message` as a failure unless `condition` holds. Unlike `#expect`, the failure says
/// only `message`: the values a test compares may differ from run to run (a real date, a random
/// id), and a learner graded twice must read the same words twice.
func lessonCheck(
  _ condition: Bool, _ message: @autoclosure () -> String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard !condition else { return }
  Issue.record(Comment(rawValue: message()), sourceLocation: sourceLocation)
}

/// `text` as a message shows it: in quotes, or "nothing" when it is `nil`.
func lessonShown(_ text: String?) -> String {
  text.map { "\"\($0)\"" } ?? "nothing"
}

/// Headlines as a message shows them: their titles.
func lessonShown(_ headlines: [Headline]) -> String {
  headlines.isEmpty ? "none" : headlines.map(\.title).joined(separator: ", ")
}

/// `id` as a message shows it: `UUID(n)` for one an incrementing generator makes, words for any
/// other (a random UUID is different on every run, so a message never quotes it).
func lessonShown(_ id: UUID?) -> String {
  guard let id else { return "no id" }
  let prefix = "00000000-0000-0000-0000-"
  guard id.uuidString.hasPrefix(prefix),
    let number = Int(id.uuidString.dropFirst(prefix.count), radix: 16)
  else { return "a UUID no incrementing generator makes" }
  return "UUID(\(number))"
}

/// `date` as a message shows it: how far from `lessonMorning`, or words for a date far from it
/// (the real date is different on every run, so a message never quotes it).
func lessonShown(_ date: Date?) -> String {
  guard let date else { return "no date" }
  let offset = date.timeIntervalSince(lessonMorning)
  guard abs(offset) < 86_400 else { return "a date nowhere near 07:30 on 1 January 2026" }
  return offset == 0 ? "07:30" : "07:30 \(offset > 0 ? "+" : "-") \(abs(offset)) s"
}
