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
    #if SOLUTION
      let screen = ControlledScreen(query: "le guin", searchSleeps: true)
      let model = screen.model
      #expect(!model.isSearching)
      let searching = Task { await model.search() }
      await screen.clock.waitForSleepers(count: 1, timeout: .seconds(2))
      #expect(model.isSearching)
      await screen.clock.advance(by: .seconds(1))
      await searching.value
      #expect(!model.isSearching)
      #expect(model.results == [earthsea, leftHand])
      #expect(screen.queries.value == ["le guin"])
    #else
      // Show that a search asks the client with the query, shows what it found in `results`,
      // and that `isSearching` is true while the client answers, false before and after. Override
      // `search` with an endpoint that sleeps on a `TestClock`, and wait until it sleeps
      // before you look.
    #endif
  }

  @Test("a search sends the query without the spaces around it")
  func theQueryIsSentWithoutTheSpacesAround() async {
    #if SOLUTION
      let screen = ControlledScreen(query: "  dune ")
      await screen.model.search()
      #expect(screen.queries.value == ["dune"])
    #else
      // Show that the query is sent without the spaces around it.
    #endif
  }

  @Test("a search for a blank query asks the client nothing and clears the earlier results")
  func aBlankQueryAsksNothingAndClearsTheResults() async {
    #if SOLUTION
      let screen = ControlledScreen(query: "le guin")
      await screen.model.search()
      screen.model.query = "   "
      await screen.model.search()
      #expect(screen.queries.value == ["le guin"])
      #expect(screen.model.results.isEmpty)
    #else
      // Show that searching for a blank query asks the client nothing and clears the results
      // of the search before.
    #endif
  }

  @Test(
    "a failed search shows \"The search failed.\", empties the results and stops; the next good one clears it"
  )
  func aFailedSearchSaysSoAndClearsTheResults() async {
    #if SOLUTION
      let screen = ControlledScreen()
      await screen.model.search()
      screen.failure.setValue(BookAPIError(statusCode: 500))
      await screen.model.search()
      #expect(screen.model.errorMessage == "The search failed.")
      #expect(screen.model.results.isEmpty)
      #expect(!screen.model.isSearching)
      screen.failure.setValue(nil)
      await screen.model.search()
      #expect(screen.model.errorMessage == nil)
    #else
      // Show that a failed search shows exactly "The search failed.", clears the results and
      // ends the search; and that a good search after it clears the message.
    #endif
  }

  @Test("opening a book shows it, and opening another after borrowing shows that one with no loan")
  func openingABookShowsItAndForgetsTheLoan() async {
    #if SOLUTION
      let screen = ControlledScreen()
      await screen.model.select(201)
      #expect(screen.model.selected == earthsea)
      await screen.model.borrow(as: "Ada")
      await screen.model.select(202)
      #expect(screen.model.selected == leftHand)
      #expect(screen.model.loan == nil)
    #else
      // Show that opening a book shows it in `selected`, and that opening another forgets the
      // loan of the first.
    #endif
  }

  @Test(
    "an unloadable book shows \"The book could not be loaded.\", the open book stays, and a loadable one clears it"
  )
  func aBookThatCannotBeLoadedSaysSo() async {
    #if SOLUTION
      let screen = ControlledScreen()
      await screen.model.select(201)
      await screen.model.select(999)
      #expect(screen.model.errorMessage == "The book could not be loaded.")
      #expect(screen.model.selected == earthsea)
      await screen.model.select(202)
      #expect(screen.model.errorMessage == nil)
    #else
      // Show that a book the client cannot load shows exactly "The book could not be
      // loaded." and keeps the book opened before; and that a book that loads clears the
      // message.
    #endif
  }

  @Test(
    "with no book open borrowing asks nothing; with one open it asks for that book and reader and shows the loan"
  )
  func borrowingLendsTheOpenBook() async {
    #if SOLUTION
      let screen = ControlledScreen()
      await screen.model.borrow(as: "Ada")
      #expect(screen.borrowed.value.isEmpty)
      await screen.model.select(202)
      await screen.model.borrow(as: "Ada")
      #expect(screen.borrowed.value == ["202 for Ada"])
      #expect(screen.model.loan == Loan(bookID: 202, reader: "Ada", dueAt: noon))
    #else
      // Show that borrowing with no book open asks nothing, and that borrowing the open book
      // asks the client for that book and reader, and shows the loan.
    #endif
  }

  @Test(
    "a 409 refusal shows \"This book is already on loan.\", a 500 \"The loan failed.\", and a good loan clears it"
  )
  func aRefusedLoanSaysWhy() async {
    #if SOLUTION
      let screen = ControlledScreen()
      await screen.model.select(201)
      screen.failure.setValue(BookAPIError(statusCode: 409))
      await screen.model.borrow(as: "Ada")
      #expect(screen.model.errorMessage == "This book is already on loan.")
      screen.failure.setValue(BookAPIError(statusCode: 500))
      await screen.model.borrow(as: "Ada")
      #expect(screen.model.errorMessage == "The loan failed.")
      screen.failure.setValue(nil)
      await screen.model.borrow(as: "Ada")
      #expect(screen.model.errorMessage == nil)
    #else
      // Show that a book already on loan (409) shows exactly "This book is already on loan.",
      // any other failure "The loan failed.", and that a good loan clears the message.
    #endif
  }
}
