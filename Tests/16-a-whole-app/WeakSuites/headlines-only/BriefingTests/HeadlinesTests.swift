import Briefing
import Dependencies
import Foundation
import Testing

@MainActor
@Suite("Step 1: the headlines come from the news client, dated by the date dependency")
struct HeadlinesTests {
  @Test func theFirstFiveHeadlinesAreShownWithTheirDate() async {
    let briefing = ControlledHeadlines()
    await briefing.model.refresh()
    #expect(briefing.model.headlines == Array(sixStories.prefix(5)))
    #expect(briefing.model.fetchedAt == morning)
    #expect(briefing.model.errorMessage == nil)
  }

  @Test func theHeadlinesAreDatedWhenTheyArrive() async {
    let briefing = ControlledHeadlines()
    briefing.dateOnArrival.setValue(morning.addingTimeInterval(60))
    await briefing.model.refresh()
    #expect(briefing.model.fetchedAt == morning.addingTimeInterval(60))
  }

  @Test func aFailedFetchShowsTheErrorAndKeepsTheHeadlines() async {
    let briefing = ControlledHeadlines()
    await briefing.model.refresh()
    briefing.fails.setValue(true)
    await briefing.model.refresh()
    #expect(briefing.model.errorMessage == "The headlines could not be fetched.")
    #expect(briefing.model.headlines == Array(sixStories.prefix(5)))
  }

  @Test func aGoodFetchClearsAnEarlierError() async {
    let briefing = ControlledHeadlines()
    briefing.fails.setValue(true)
    await briefing.model.refresh()
    briefing.fails.setValue(false)
    await briefing.model.refresh()
    #expect(briefing.model.errorMessage == nil)
  }
}
