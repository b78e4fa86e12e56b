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
    // Show that a search asks the client with the query, shows what it found in `results`,
    // and that `isSearching` is true while the client answers, false before and after. Override
    // `search` with an endpoint that sleeps on a `TestClock`, and wait until it sleeps
    // before you look.
  }

  @Test("a search sends the query without the spaces around it")
  func theQueryIsSentWithoutTheSpacesAround() async {
    // Show that the query is sent without the spaces around it.
  }

  @Test("a search for a blank query asks the client nothing and clears the earlier results")
  func aBlankQueryAsksNothingAndClearsTheResults() async {
    // Show that searching for a blank query asks the client nothing and clears the results
    // of the search before.
  }

  @Test(
    "a failed search shows \"The search failed.\", empties the results and stops; the next good one clears it"
  )
  func aFailedSearchSaysSoAndClearsTheResults() async {
    // Show that a failed search shows exactly "The search failed.", clears the results and
    // ends the search; and that a good search after it clears the message.
  }

  @Test("opening a book shows it, and opening another after borrowing shows that one with no loan")
  func openingABookShowsItAndForgetsTheLoan() async {
    // Show that opening a book shows it in `selected`, and that opening another forgets the
    // loan of the first.
  }

  @Test(
    "an unloadable book shows \"The book could not be loaded.\", the open book stays, and a loadable one clears it"
  )
  func aBookThatCannotBeLoadedSaysSo() async {
    // Show that a book the client cannot load shows exactly "The book could not be
    // loaded." and keeps the book opened before; and that a book that loads clears the
    // message.
  }

  @Test(
    "with no book open borrowing asks nothing; with one open it asks for that book and reader and shows the loan"
  )
  func borrowingLendsTheOpenBook() async {
    // Show that borrowing with no book open asks nothing, and that borrowing the open book
    // asks the client for that book and reader, and shows the loan.
  }

  @Test(
    "a 409 refusal shows \"This book is already on loan.\", a 500 \"The loan failed.\", and a good loan clears it"
  )
  func aRefusedLoanSaysWhy() async {
    // Show that a book already on loan (409) shows exactly "This book is already on loan.",
    // any other failure "The loan failed.", and that a good loan clears the message.
  }
}
