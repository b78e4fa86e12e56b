import Briefing
import Dependencies
import Foundation
import Testing

@MainActor
@Suite("Step 2: the reading list takes its ids, dates and waits from dependencies")
struct ReadingListTests {
  @Test(
    "two saved headlines get ids UUID(0) and UUID(1) and the same date from the uuid and date dependencies"
  )
  func savedItemsTakeTheirIDsAndDatesFromDependencies() {
    // Show that two saved headlines get the ids UUID(0) and UUID(1) from an incrementing
    // generator, both dated exactly the test's date.
  }

  @Test("saving the same headline twice keeps one item in the list")
  func savingAHeadlineTwiceKeepsOneItem() {
    // Show that saving a headline already in the list adds no second item.
  }

  @Test(
    "a 10-minute reminder has not fired 1 second before, and fires with the saved items at 10 minutes"
  )
  func theReminderFiresExactlyAfterItsDelay() async throws {
    // Show that a reminder set for 10 minutes has not fired 1 second before, and has fired
    // with every saved item at exactly 10 minutes on a test clock. Start it in a task and
    // wait until it sleeps before you move the clock.
  }

  @Test("a 10-minute reminder is dated when it fires, 10 minutes after it was set")
  func theReminderIsDatedWhenItFires() async throws {
    // Show that a reminder is dated when it fires: with dates that follow the test clock, 10
    // minutes after it was set.
  }

  @Test(
    "a reminder cancelled while it waits never fires, even once the clock is well past its delay")
  func aCancelledReminderNeverFires() async throws {
    // Show that cancelling the reminder's task while it waits means it never fires, even once
    // the clock has moved well past its delay.
  }

  @Test("an empty reading list sets no reminder once its wait is over")
  func anEmptyListSetsNoReminder() async {
    // Show that an empty list sets no reminder. An `ImmediateClock` ends any wait at once, so
    // the test does not have to drive a clock.
  }
}
