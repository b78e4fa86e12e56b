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
    #if SOLUTION
      let list = ControlledReadingList()
      list.model.save(sixStories[0])
      list.model.save(sixStories[1])
      #expect(list.model.items.map(\.id) == [UUID(0), UUID(1)])
      #expect(list.model.items.map(\.savedAt) == [morning, morning])
    #else
      // Show that two saved headlines get the ids UUID(0) and UUID(1) from an incrementing
      // generator, both dated exactly the test's date.
    #endif
  }

  @Test("saving the same headline twice keeps one item in the list")
  func savingAHeadlineTwiceKeepsOneItem() {
    #if SOLUTION
      let list = ControlledReadingList()
      list.model.save(sixStories[0])
      list.model.save(sixStories[0])
      #expect(list.model.items.count == 1)
    #else
      // Show that saving a headline already in the list adds no second item.
    #endif
  }

  @Test(
    "a 10-minute reminder has not fired 1 second before, and fires with the saved items at 10 minutes"
  )
  func theReminderFiresExactlyAfterItsDelay() async throws {
    #if SOLUTION
      let list = ControlledReadingList()
      list.model.save(sixStories[0])
      let reminding = await list.startReminder(after: .seconds(600))
      await list.clock.advance(by: .seconds(599))
      #expect(list.model.reminder == nil)
      await list.clock.advance(by: .seconds(1))
      try await list.clock.checkSuspension()
      await reminding.value
      #expect(list.model.reminder?.items == list.model.items)
    #else
      // Show that a reminder set for 10 minutes has not fired 1 second before, and has fired
      // with every saved item at exactly 10 minutes on a test clock. Start it in a task and
      // wait until it sleeps before you move the clock.
    #endif
  }

  @Test("a 10-minute reminder is dated when it fires, 10 minutes after it was set")
  func theReminderIsDatedWhenItFires() async throws {
    #if SOLUTION
      let list = ControlledReadingList()
      list.model.save(sixStories[0])
      let reminding = await list.startReminder(after: .seconds(600))
      await list.clock.advance(by: .seconds(600))
      try await list.clock.checkSuspension()
      await reminding.value
      #expect(list.model.reminder?.firedAt == morning.addingTimeInterval(600))
    #else
      // Show that a reminder is dated when it fires: with dates that follow the test clock, 10
      // minutes after it was set.
    #endif
  }

  @Test(
    "a reminder cancelled while it waits never fires, even once the clock is well past its delay")
  func aCancelledReminderNeverFires() async throws {
    #if SOLUTION
      let list = ControlledReadingList()
      list.model.save(sixStories[0])
      let reminding = await list.startReminder(after: .seconds(600))
      await list.clock.advance(by: .seconds(60))
      reminding.cancel()
      await reminding.value
      await list.clock.advance(by: .seconds(1200))
      #expect(list.model.reminder == nil)
    #else
      // Show that cancelling the reminder's task while it waits means it never fires, even once
      // the clock has moved well past its delay.
    #endif
  }

  @Test("an empty reading list sets no reminder once its wait is over")
  func anEmptyListSetsNoReminder() async {
    #if SOLUTION
      let list = withDependencies {
        $0.continuousClock = ImmediateClock()
        $0.uuid = .incrementing
        $0.date = .constant(morning)
      } operation: {
        ReadingListModel()
      }
      await list.remind(after: .seconds(600))
      #expect(list.reminder == nil)
    #else
      // Show that an empty list sets no reminder. An `ImmediateClock` ends any wait at once, so
      // the test does not have to drive a clock.
    #endif
  }
}
