import Briefing
import Dependencies
import Foundation
import Testing

// A weak suite with loose assertions: every test of the reference suite runs the same
// scenario, but checks "something", "some", "at least" or "at most" where the reference
// checks the exact value.

@MainActor
@Suite("Step 1: the headlines come from the news client, dated by the date dependency")
struct HeadlinesTests {
  @Test(
    "of six headlines answered, the first five are shown in order, dated by the date dependency, with no error"
  )
  func theFirstFiveHeadlinesAreShownWithTheirDate() async {
    let briefing = ControlledHeadlines()
    await briefing.model.refresh()
    #expect(!briefing.model.headlines.isEmpty)
    #expect(briefing.model.headlines.count <= 6)
    #expect(briefing.model.fetchedAt != nil)
  }

  @Test("the headlines are dated when they arrive, not when the fetch started")
  func theHeadlinesAreDatedWhenTheyArrive() async {
    let briefing = ControlledHeadlines()
    briefing.dateOnArrival.setValue(morning.addingTimeInterval(60))
    await briefing.model.refresh()
    #expect(briefing.model.fetchedAt != nil)
  }

  @Test(
    "a failed fetch shows exactly \"The headlines could not be fetched.\" and keeps the earlier headlines"
  )
  func aFailedFetchShowsTheErrorAndKeepsTheHeadlines() async {
    let briefing = ControlledHeadlines()
    await briefing.model.refresh()
    briefing.fails.setValue(true)
    await briefing.model.refresh()
    #expect(briefing.model.errorMessage != nil)
    #expect(!briefing.model.headlines.isEmpty)
  }

  @Test("a good fetch after a failed one clears the error message")
  func aGoodFetchClearsAnEarlierError() async {
    let briefing = ControlledHeadlines()
    briefing.fails.setValue(true)
    await briefing.model.refresh()
    briefing.fails.setValue(false)
    await briefing.model.refresh()
    #expect(!briefing.model.headlines.isEmpty)
  }
}
