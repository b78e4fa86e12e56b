import Briefing
import Dependencies
import Foundation
import Testing

// Hidden tests of the library: the features' edges, and the command run under overrides.

@MainActor
@Suite struct HeadlinesEdgeCaseTests {
  @Test func aGoodFetchClearsAnEarlierError() async {
    let briefing = LessonHeadlines()
    briefing.fails.setValue(true)
    await briefing.model.refresh()
    briefing.fails.setValue(false)
    await briefing.model.refresh()
    lessonCheck(
      briefing.model.errorMessage == nil,
      """
      A fetch threw, then the next one succeeded: the error message should be cleared, but it \
      said \(lessonShown(briefing.model.errorMessage)).
      """)
    lessonCheck(
      briefing.model.headlines == Array(lessonHeadlines.prefix(5)),
      """
      A fetch threw, then the next one succeeded: its headlines should be shown, Story 1 to \
      Story 5, but the model showed \(lessonShown(briefing.model.headlines)).
      """)
  }

  @Test func theHeadlinesAreDatedWhenTheyArrive() async {
    let briefing = LessonHeadlines()
    briefing.dateWhenAnswering.setValue(lessonMorning.addingTimeInterval(60))
    await briefing.model.refresh()
    lessonCheck(
      briefing.model.fetchedAt == lessonMorning.addingTimeInterval(60),
      """
      The fetch started at 07:30 and the headlines arrived at 07:31: they should be dated when \
      they arrived, 07:30 + 60.0 s, but `fetchedAt` was \
      \(lessonShown(briefing.model.fetchedAt)).
      """)
  }

  @Test func fewerThanFiveHeadlinesAreAllShown() async {
    let briefing = LessonHeadlines(answering: Array(lessonHeadlines.prefix(3)))
    await briefing.model.refresh()
    lessonCheck(
      briefing.model.headlines == Array(lessonHeadlines.prefix(3)),
      """
      The news client answered three headlines, Story 1 to Story 3: the model should show all \
      three, but it showed \(lessonShown(briefing.model.headlines)).
      """)
  }

  @Test func eachModelUsesTheClientItWasMadeWith() async {
    let first = LessonHeadlines(answering: [lessonHeadlines[0]])
    let second = LessonHeadlines(answering: [lessonHeadlines[1]])
    await first.model.refresh()
    await second.model.refresh()
    let shown = [lessonShown(first.model.headlines), lessonShown(second.model.headlines)]
    lessonCheck(
      shown == ["Story 1", "Story 2"],
      """
      Two models were made, one with a client answering Story 1, one with a client answering \
      Story 2: each should show its own client's headline, but they showed \(shown).
      """)
  }
}

@MainActor
@Suite struct ReadingListEdgeCaseTests {
  @Test func savingAHeadlineTwiceKeepsOneItem() {
    let list = LessonReadingList()
    list.model.save(lessonHeadlines[0])
    list.model.save(lessonHeadlines[0])
    let ids = list.model.items.map { lessonShown($0.id) }
    lessonCheck(
      ids == ["UUID(0)"],
      """
      Story 1 was saved twice: the list should hold one item, UUID(0), but it held \
      \(ids.isEmpty ? "none" : "\(ids)").
      """)
  }

  @Test func theReminderIsDatedWhenItFires() async {
    let list = LessonReadingList()
    list.model.save(lessonHeadlines[0])
    let reminding = list.startReminder(after: .seconds(600))
    guard await list.waitUntilAsleep(reminding, doing: "Dating a reminder.") else { return }
    guard await list.finish(reminding, after: .seconds(600), doing: "Dating a reminder.") else {
      return
    }
    lessonCheck(
      list.model.reminder?.firedAt == lessonMorning.addingTimeInterval(600),
      """
      A reminder was set at 07:30 for 10 minutes, with dates that follow the test clock: it \
      should be dated when it fired, 07:30 + 600.0 s, but it was dated \
      \(lessonShown(list.model.reminder?.firedAt)).
      """)
  }

  @Test func aCancelledReminderNeverFires() async {
    let list = LessonReadingList()
    list.model.save(lessonHeadlines[0])
    let reminding = list.startReminder(after: .seconds(600))
    guard await list.waitUntilAsleep(reminding, doing: "Cancelling a reminder.") else { return }
    await list.clock.advance(by: .seconds(60))
    reminding.cancel()
    await reminding.value
    await list.clock.advance(by: .seconds(1200))
    lessonCheck(
      list.model.reminder == nil,
      """
      A reminder for 10 minutes was cancelled 1 minute into its wait: it should never fire, but \
      `reminder` was set.
      """)
  }

  @Test func anEmptyListSetsNoReminderUntilSomethingIsSaved() async {
    let list = withDependencies {
      $0.continuousClock = ImmediateClock()
      $0.uuid = .incrementing
      $0.date = .constant(lessonMorning)
    } operation: {
      ReadingListModel()
    }
    await list.remind(after: .seconds(600))
    lessonCheck(
      list.reminder == nil,
      """
      A reminder was asked of an empty list, on a clock whose waits end at once: no reminder \
      should fire, but `reminder` was set.
      """)
    list.save(lessonHeadlines[0])
    await list.remind(after: .seconds(600))
    lessonCheck(
      list.reminder?.items.map(\.headline) == [lessonHeadlines[0]],
      """
      Then Story 1 was saved and a reminder asked again, on the same clock: it should fire with \
      Story 1, but \(list.reminder == nil ? "`reminder` was nil" : "it held other items").
      """)
  }
}

@MainActor
@Suite struct BriefingCommandEdgeCaseTests {
  @Test func theSaveCommandPrintsWhatTheFeaturesDidUnderOverrides() async {
    let lines = LockIsolated<[String]>([])
    let status = await withDependencies {
      $0.newsClient.headlines = { lessonHeadlines }
      $0.uuid = .incrementing
      $0.date = .constant(lessonMorning)
      $0.continuousClock = ImmediateClock()
    } operation: {
      await BriefingCommand.run(
        ["save", "2", "5"], output: { line in lines.withValue { $0.append(line) } },
        errorOutput: { line in lines.withValue { $0.append("error: \(line)") } })
    }
    let expected = [
      "Saved 2: Story 2 (id 00000000-0000-0000-0000-000000000000)",
      "Saved 5: Story 5 (id 00000000-0000-0000-0000-000000000001)",
      "Reading list: 2 headlines",
    ]
    lessonCheck(
      lines.value == expected,
      """
      `save 2 5` was run with the news client answering Story 1 to Story 6 and incrementing \
      ids: it should print \(expected.map(lessonShownLine)), but it printed \
      \(lines.value.map(lessonShownLine)).
      """)
    lessonCheck(status == 0, "`save 2 5` should exit with status 0, but it returned \(status).")
  }
}
