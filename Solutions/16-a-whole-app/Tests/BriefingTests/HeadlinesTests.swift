import Briefing
import Dependencies
import Foundation
import Testing

@MainActor
@Suite("Step 1: the headlines come from the news client, dated by the date dependency")
struct HeadlinesTests {
  @Test(
    "of six headlines answered, the first five are shown in order, dated by the date dependency, with no error"
  )
  func theFirstFiveHeadlinesAreShownWithTheirDate() async {
    #if SOLUTION
      let briefing = ControlledHeadlines()
      await briefing.model.refresh()
      #expect(briefing.model.headlines == Array(sixStories.prefix(5)))
      #expect(briefing.model.fetchedAt == morning)
      #expect(briefing.model.errorMessage == nil)
    #else
      // Show that with a client answering six headlines, the model shows the first five, in the
      // client's order, dated exactly the date the test fixed.
    #endif
  }

  @Test("the headlines are dated when they arrive, not when the fetch started")
  func theHeadlinesAreDatedWhenTheyArrive() async {
    #if SOLUTION
      let briefing = ControlledHeadlines()
      briefing.dateOnArrival.setValue(morning.addingTimeInterval(60))
      await briefing.model.refresh()
      #expect(briefing.model.fetchedAt == morning.addingTimeInterval(60))
    #else
      // Show that the headlines are dated when they arrive, not when the fetch started: let the
      // client move the test's date on before it answers.
    #endif
  }

  @Test(
    "a failed fetch shows exactly \"The headlines could not be fetched.\" and keeps the earlier headlines"
  )
  func aFailedFetchShowsTheErrorAndKeepsTheHeadlines() async {
    #if SOLUTION
      let briefing = ControlledHeadlines()
      await briefing.model.refresh()
      briefing.fails.setValue(true)
      await briefing.model.refresh()
      #expect(briefing.model.errorMessage == "The headlines could not be fetched.")
      #expect(briefing.model.headlines == Array(sixStories.prefix(5)))
    #else
      // Show that when the client throws after a good fetch, the error message says exactly
      // "The headlines could not be fetched." and the headlines of the good fetch stay.
    #endif
  }

  @Test("a good fetch after a failed one clears the error message")
  func aGoodFetchClearsAnEarlierError() async {
    #if SOLUTION
      let briefing = ControlledHeadlines()
      briefing.fails.setValue(true)
      await briefing.model.refresh()
      briefing.fails.setValue(false)
      await briefing.model.refresh()
      #expect(briefing.model.errorMessage == nil)
    #else
      // Show that a good fetch after a failed one clears the error message.
    #endif
  }
}
