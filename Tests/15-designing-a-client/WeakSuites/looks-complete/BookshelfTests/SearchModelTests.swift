import Bookshelf
import Dependencies
import Foundation
import Testing

@MainActor
@Suite("Step 4: the search screen's model uses the client")
struct SearchModelTests {
  @Test(
    "a search sends the query once, is searching only while the client answers, then shows the results"
  )
  func searchShowsTheResultsAndIsSearchingMeanwhile() async {
    let screen = ControlledScreen(query: "le guin", searchSleeps: true)
    let model = screen.model
    let searching = Task { await model.search() }
    await screen.clock.waitForSleepers(count: 1, timeout: .seconds(2))
    await screen.clock.advance(by: .seconds(1))
    await searching.value
    #expect(model.results.first == earthsea)
  }

  @Test("a search sends the query without the spaces around it")
  func theQueryIsSentWithoutTheSpacesAround() async {
    let screen = ControlledScreen(query: "  dune ")
    await screen.model.search()
    #expect(screen.queries.value.first == "dune")
  }

  @Test("a search for a blank query asks the client nothing and clears the earlier results")
  func aBlankQueryAsksNothingAndClearsTheResults() async {
    let screen = ControlledScreen(query: "le guin")
    await screen.model.search()
    screen.model.query = "   "
    await screen.model.search()
    #expect(screen.model.results.count == 0)
  }

  @Test(
    "a failed search shows \"The search failed.\", empties the results and stops; the next good one clears it"
  )
  func aFailedSearchSaysSoAndClearsTheResults() async {
    let screen = ControlledScreen()
    await screen.model.search()
    screen.failure.setValue(BookAPIError(statusCode: 500))
    await screen.model.search()
    #expect(screen.model.errorMessage == "The search failed.")
    screen.failure.setValue(nil)
    await screen.model.search()
  }

  @Test("opening a book shows it, and opening another after borrowing shows that one with no loan")
  func openingABookShowsItAndForgetsTheLoan() async {
    let screen = ControlledScreen()
    await screen.model.select(201)
    #expect(screen.model.selected == earthsea)
    await screen.model.borrow(as: "Ada")
    await screen.model.select(202)
  }

  @Test(
    "an unloadable book shows \"The book could not be loaded.\", the open book stays, and a loadable one clears it"
  )
  func aBookThatCannotBeLoadedSaysSo() async {
    let screen = ControlledScreen()
    await screen.model.select(201)
    await screen.model.select(999)
    #expect(screen.model.errorMessage == "The book could not be loaded.")
    await screen.model.select(202)
  }

  @Test(
    "with no book open borrowing asks nothing; with one open it asks for that book and reader and shows the loan"
  )
  func borrowingLendsTheOpenBook() async {
    let screen = ControlledScreen()
    await screen.model.borrow(as: "Ada")
    await screen.model.select(202)
    await screen.model.borrow(as: "Ada")
    #expect(screen.model.loan?.bookID == 202)
  }

  @Test(
    "a 409 refusal shows \"This book is already on loan.\", a 500 \"The loan failed.\", and a good loan clears it"
  )
  func aRefusedLoanSaysWhy() async {
    let screen = ControlledScreen()
    await screen.model.select(201)
    screen.failure.setValue(BookAPIError(statusCode: 409))
    await screen.model.borrow(as: "Ada")
    #expect(screen.model.errorMessage == "This book is already on loan.")
    screen.failure.setValue(BookAPIError(statusCode: 500))
    await screen.model.borrow(as: "Ada")
    screen.failure.setValue(nil)
    await screen.model.borrow(as: "Ada")
  }
}
