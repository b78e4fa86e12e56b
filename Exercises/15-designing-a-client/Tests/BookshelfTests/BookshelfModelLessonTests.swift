import Bookshelf
import Dependencies
import Foundation
import Testing

// The lesson's tests of steps 3 and 4 (steps 1 and 2 are in BookshelfLessonTests.swift).
// Run one step with `swift test --filter SearchModelLessonTests` (the suite's type name).

@Suite("Step 3: the preview value serves a canned shelf")
struct PreviewValueLessonTests {
  @Test func searchKeepsTheMatchingBooksOfTheShelf() async {
    let server = LessonServer(answering: nil)
    let byAuthor = await server.run(BookClient.previewValue) {
      try await $0.search("le guin")
    }
    let byTitle = await server.run(BookClient.previewValue) { try await $0.search("DUNE") }
    lessonCheck(
      server.received.value.isEmpty,
      """
      The preview client sent \(server.received.value.count) request(s) through the \
      transport: a preview must work with no server, from `Book.previewShelf` alone.
      """)
    let leGuin = Book.previewShelf.filter { $0.author == "Ursula K. Le Guin" }
    lessonCheck(
      (try? byAuthor.get()) == leGuin,
      """
      The preview `search("le guin")` \(lessonShown(byAuthor, lessonShown)); it should return \
      the shelf's books whose title or author contains the query, ignoring case, in the \
      shelf's order: \(lessonShown(leGuin)).
      """)
    lessonCheck(
      (try? byTitle.get()) == [Book.previewShelf[2]],
      """
      The preview `search("DUNE")` \(lessonShown(byTitle, lessonShown)); it should match \
      titles too, ignoring case: ["Dune"].
      """)
  }

  @Test func fetchFindsABookOfTheShelf() async {
    let server = LessonServer(answering: nil)
    let found = await server.run(BookClient.previewValue) { try await $0.fetch(3) }
    let missing = await server.run(BookClient.previewValue) { try await $0.fetch(99) }
    lessonCheck(
      (try? found.get()) == Book.previewShelf[2],
      """
      The preview `fetch(3)` \(lessonShown(found) { lessonShown(Optional($0)) }); it should \
      return the shelf's book 3, "Dune".
      """)
    lessonCheck(
      lessonThrownStatus(missing) == 404,
      """
      The preview `fetch(99)`, a book not on the shelf, \
      \(lessonShown(missing) { lessonShown(Optional($0)) }); it should throw \
      BookAPIError(statusCode: 404), as the server would.
      """)
  }

  @Test func borrowLendsEachBookOnceForTwoWeeks() async {
    let server = LessonServer(answering: nil)
    let outcomes = await server.run(BookClient.previewValue) { client in
      let first = await lessonOutcome { try await client.borrow(5, "Ada") }
      let second = await lessonOutcome { try await client.borrow(5, "Grace") }
      return [first, second]
    }
    guard case .success(let results) = outcomes else { return }
    let (first, second) = (results[0], results[1])
    let expected = Loan(bookID: 5, reader: "Ada", dueAt: lessonNoon.addingTimeInterval(14 * 86_400))
    lessonCheck(
      (try? first.get()) == expected,
      """
      With the date dependency fixed at noon, the preview `borrow(5, "Ada")` \
      \(lessonShown(first) { lessonShown(Optional($0)) }); it should lend the book: \
      \(lessonShown(Optional(expected))).
      """)
    lessonCheck(
      lessonThrownStatus(second) == 409,
      """
      Book 5 was lent, then the same preview client was asked `borrow(5, "Grace")`: it \
      \(lessonShown(second) { lessonShown(Optional($0)) }); it should throw \
      BookAPIError(statusCode: 409), as the server does for a book on loan.
      """)
  }
}

@MainActor
@Suite("Step 4: the search screen's model uses the client")
struct SearchModelLessonTests {
  @Test func searchShowsWhatTheClientFound() async {
    let screen = LessonSearchScreen(query: "le guin", searchWaitsOnTheClock: true)
    let searching = screen.startSearch()
    guard await screen.waitUntilAsked(searching) else { return }
    lessonCheck(
      screen.model.isSearching,
      """
      While `bookClient.search` was still answering, `isSearching` was false: it must be true \
      until the client has answered.
      """)
    await screen.clock.advance(by: .seconds(1))
    await searching.value
    lessonCheck(
      screen.queries.value == ["le guin"],
      """
      A search for "le guin" asked `bookClient.search` with \(screen.queries.value); it should \
      ask once, with ["le guin"].
      """)
    lessonCheck(
      screen.model.results == [lessonEarthsea, lessonLeftHand],
      """
      The client found ["A Wizard of Earthsea", "The Left Hand of Darkness"], but `results` \
      was \(lessonShown(screen.model.results)).
      """)
    lessonCheck(
      !screen.model.isSearching,
      "The search had ended, but `isSearching` was still true: it must be false again.")
  }

  @Test func aFailedSearchSaysSo() async {
    let screen = LessonSearchScreen()
    screen.failure.setValue(BookAPIError(statusCode: 500))
    await screen.model.search()
    lessonCheck(
      screen.model.errorMessage == "The search failed.",
      """
      `bookClient.search` threw BookAPIError(statusCode: 500): the error message should be \
      "The search failed.", but it was \(lessonShown(screen.model.errorMessage)).
      """)
    lessonCheck(
      !screen.model.isSearching,
      "The search failed and ended, but `isSearching` was still true: it must be false again.")
  }

  @Test func openingABookShowsIt() async {
    let screen = LessonSearchScreen()
    await screen.model.select(101)
    lessonCheck(
      screen.fetched.value == [101],
      """
      `select(101)` asked `bookClient.fetch` with \(screen.fetched.value); it should ask once, \
      with [101].
      """)
    lessonCheck(
      screen.model.selected == lessonEarthsea,
      """
      `bookClient.fetch(101)` answered "A Wizard of Earthsea", but `selected` was \
      \(lessonShown(screen.model.selected)).
      """)
  }

  @Test func borrowingTheOpenBookShowsTheLoan() async {
    let screen = LessonSearchScreen()
    await screen.model.select(101)
    await screen.model.borrow(as: "Ada")
    lessonCheck(
      screen.borrowed.value == ["101 for Ada"],
      """
      After `select(101)`, `borrow(as: "Ada")` asked `bookClient.borrow` for \
      \(screen.borrowed.value) (`selected` was \(lessonShown(screen.model.selected))); it \
      should ask once, for book 101 and "Ada".
      """)
    lessonCheck(
      screen.model.loan == lessonLoan,
      """
      `bookClient.borrow` lent book 101 to "Ada", but `loan` was \
      \(lessonShown(screen.model.loan)).
      """)
  }

  @Test func aBookAlreadyOnLoanSaysSo() async {
    let screen = LessonSearchScreen()
    await screen.model.select(101)
    screen.failure.setValue(BookAPIError(statusCode: 409))
    await screen.model.borrow(as: "Ada")
    lessonCheck(
      screen.model.errorMessage == "This book is already on loan.",
      """
      `bookClient.borrow` threw BookAPIError(statusCode: 409): the error message should be \
      "This book is already on loan.", but it was \(lessonShown(screen.model.errorMessage)).
      """)
  }
}
