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
    let list = ControlledReadingList()
    list.model.save(sixStories[0])
    list.model.save(sixStories[1])
    #expect(list.model.items.count >= 2)
    #expect(list.model.items.first?.savedAt != nil)
  }

  @Test("saving the same headline twice keeps one item in the list")
  func savingAHeadlineTwiceKeepsOneItem() {
    let list = ControlledReadingList()
    list.model.save(sixStories[0])
    list.model.save(sixStories[0])
    #expect(list.model.items.count >= 1)
  }

  @Test(
    "a 10-minute reminder has not fired 1 second before, and fires with the saved items at 10 minutes"
  )
  func theReminderFiresExactlyAfterItsDelay() async throws {
    let list = ControlledReadingList()
    list.model.save(sixStories[0])
    let reminding = await list.startReminder(after: .seconds(600))
    await list.clock.advance(by: .seconds(599))
    await list.clock.advance(by: .seconds(1))
    try await list.clock.checkSuspension()
    await reminding.value
    #expect(list.model.reminder != nil)
    #expect(list.model.reminder?.items.isEmpty == false)
  }

  @Test("a 10-minute reminder is dated when it fires, 10 minutes after it was set")
  func theReminderIsDatedWhenItFires() async throws {
    let list = ControlledReadingList()
    list.model.save(sixStories[0])
    let reminding = await list.startReminder(after: .seconds(600))
    await list.clock.advance(by: .seconds(600))
    try await list.clock.checkSuspension()
    await reminding.value
    #expect(list.model.reminder?.firedAt != nil)
  }

  @Test(
    "a reminder cancelled while it waits never fires, even once the clock is well past its delay")
  func aCancelledReminderNeverFires() async throws {
    let list = ControlledReadingList()
    list.model.save(sixStories[0])
    let reminding = await list.startReminder(after: .seconds(600))
    await list.clock.advance(by: .seconds(60))
    reminding.cancel()
    await reminding.value
    await list.clock.advance(by: .seconds(1200))
    #expect(list.model.reminder?.firedAt != morning.addingTimeInterval(600))
  }

  @Test("an empty reading list sets no reminder once its wait is over")
  func anEmptyListSetsNoReminder() async {
    let list = withDependencies {
      $0.continuousClock = ImmediateClock()
      $0.uuid = .incrementing
      $0.date = .constant(morning)
    } operation: {
      ReadingListModel()
    }
    await list.remind(after: .seconds(600))
    #expect(list.reminder?.items.isEmpty != false)
  }
}
