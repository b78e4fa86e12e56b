import Briefing
import Dependencies
import Foundation
import Testing

// The lesson's tests of the library, one suite per step (the app itself is run by
// BriefingAppLessonTests.swift). Each makes the feature with every dependency under its control
// (`LessonHeadlines` and `LessonReadingList` in BriefingLessonSupport.swift): no test waits for
// real time, and none reaches the network.
// Run one step with `swift test --filter HeadlinesLessonTests` (the suite's type name).

@MainActor
@Suite("Step 1: the headlines come from the news client, dated by the date dependency")
struct HeadlinesLessonTests {
  @Test func theTopFiveHeadlinesComeFromTheClientWithTheirDate() async {
    let briefing = LessonHeadlines()
    await briefing.model.refresh()
    let expected = Array(lessonHeadlines.prefix(5))
    lessonCheck(
      briefing.model.headlines == expected,
      """
      The news client answered six headlines, Story 1 to Story 6: the model should show the \
      first five, in that order, but it showed \(lessonShown(briefing.model.headlines)).
      """)
    lessonCheck(
      briefing.model.fetchedAt == lessonMorning,
      """
      The headlines arrived with the date dependency at 07:30: they should be dated 07:30, but \
      `fetchedAt` was \(lessonShown(briefing.model.fetchedAt)).
      """)
    lessonCheck(
      briefing.model.errorMessage == nil,
      """
      The fetch succeeded, so there should be no error message, but it said \
      \(lessonShown(briefing.model.errorMessage)).
      """)
  }

  @Test func aFailedFetchShowsAnErrorAndKeepsTheHeadlines() async {
    let briefing = LessonHeadlines()
    await briefing.model.refresh()
    briefing.fails.setValue(true)
    await briefing.model.refresh()
    lessonCheck(
      briefing.model.errorMessage == "The headlines could not be fetched.",
      """
      The news client threw: the error message should be "The headlines could not be \
      fetched.", but it was \(lessonShown(briefing.model.errorMessage)).
      """)
    lessonCheck(
      briefing.model.headlines == Array(lessonHeadlines.prefix(5)),
      """
      A fetch succeeded, then the next one threw: the headlines of the first should stay, Story \
      1 to Story 5, but the model showed \(lessonShown(briefing.model.headlines)).
      """)
  }
}

@MainActor
@Suite("Step 2: the reading list takes its ids, dates and waits from dependencies")
struct ReadingListLessonTests {
  @Test func savedItemsTakeTheirIDAndDateFromDependencies() {
    let list = LessonReadingList()
    list.model.save(lessonHeadlines[0])
    list.model.save(lessonHeadlines[2])
    let ids = list.model.items.map { lessonShown($0.id) }
    lessonCheck(
      ids == ["UUID(0)", "UUID(1)"],
      """
      Two headlines were saved with the uuid dependency set to .incrementing: their items \
      should get UUID(0), then UUID(1), but the list held \(ids.isEmpty ? "no items" : "\(ids)").
      """)
    let dates = list.model.items.map { lessonShown($0.savedAt) }
    lessonCheck(
      dates == ["07:30", "07:30"],
      """
      Two headlines were saved with the date dependency at 07:30: both should be dated 07:30, \
      but the list held \(dates.isEmpty ? "no items" : "items dated \(dates)").
      """)
  }

  @Test func theReminderFiresAfterItsDelayOnTheClock() async {
    let list = LessonReadingList()
    list.model.save(lessonHeadlines[0])
    list.model.save(lessonHeadlines[1])
    let reminding = list.startReminder(after: .seconds(600))
    guard await list.waitUntilAsleep(reminding, doing: "A reminder after 10 minutes.") else {
      return
    }
    await list.clock.advance(by: .seconds(599))
    lessonCheck(
      list.model.reminder == nil,
      """
      A reminder was set for 10 minutes and the clock moved on 9 minutes 59 seconds: it should \
      not have fired yet, but `reminder` was set.
      """)
    guard
      await list.finish(reminding, after: .seconds(1), doing: "A reminder after 10 minutes.")
    else { return }
    let titles = list.model.reminder?.items.map(\.headline.title)
    lessonCheck(
      titles == ["Story 1", "Story 2"],
      """
      A reminder was set for 10 minutes with Story 1 and Story 2 saved, and the clock moved on \
      10 minutes: it should have fired with both, in the order they were saved, but \
      \(titles.map { "it held \($0)" } ?? "`reminder` was nil").
      """)
  }
}

@MainActor
@Suite("Step 3: the news client has a preview value and a test value")
struct NewsClientLessonTests {
  @Test func thePreviewValueGivesTheCannedHeadlinesAtOnce() async {
    let answer = LockIsolated<[Headline]?>(nil)
    let issues = await lessonIssues {
      let headlines = try? await NewsClient.previewValue.headlines()
      answer.setValue(headlines)
    }
    lessonCheck(
      issues.isEmpty,
      """
      Asking the news client's preview value for headlines should report no issue, but it \
      reported \(issues.count).
      """)
    let answered: String
    if let headlines = answer.value {
      let same = headlines == Array(Headline.previews.prefix(headlines.count))
      answered = "answered \(headlines.count) headline(s)\(same ? "" : ", not those")"
    } else {
      answered = "threw"
    }
    lessonCheck(
      answer.value == Headline.previews,
      """
      The news client's preview value should answer the \(Headline.previews.count) canned \
      headlines of `Headline.previews`, in their order, but it \(answered).
      """)
  }

  @Test func theTestValueFailsTheTestThatFetches() async {
    @Dependency(\.newsClient) var client
    let threw = LockIsolated(false)
    let issues = await lessonIssues {
      do {
        _ = try await client.headlines()
      } catch {
        threw.setValue(true)
      }
    }
    let named = issues.filter {
      $0.hasPrefix("Unimplemented") && $0.contains("NewsClient.headlines")
    }
    let seen =
      issues.isEmpty
      ? "it reported no issue"
      : named.isEmpty
        ? "the first issue it reported began \"\(issues[0].prefix { $0 != "\n" })\""
        : named.count == 1
          ? "it also reported \(issues.count - 1) other issue(s)"
          : "it reported that issue \(named.count) times"
    let reportedOnceByName = issues.count == 1 && named.count == 1
    lessonCheck(
      reportedOnceByName,
      """
      In a test that overrides nothing, calling `newsClient.headlines` should report one issue, \
      "Unimplemented: NewsClient.headlines …", but \(seen). Step 3: the client's test value \
      fails the test that calls it, by name.
      """)
    lessonCheck(
      threw.value,
      """
      In a test that overrides nothing, `newsClient.headlines` returned normally: the test value \
      must throw, so that the model takes its error path instead of carrying on.
      """)
  }
}
