import Bookshelf
import Dependencies
import Foundation
import Testing

// Hidden edge cases: which value each context gets, the statuses of every endpoint, the
// preview's shelf at its edges, and the model's state across several actions.

@Suite struct ContextTests {
  @Test func theLiveContextGetsTheLiveClient() async {
    let server = LessonServer(answering: 200, with: lessonEarthseaJSON)
    let result = await withDependencies {
      $0.context = .live
    } operation: {
      await server.run(lessonReadClient()) { try await $0.fetch(101) }
    }
    lessonCheck(
      server.received.value.map(\.line) == ["GET https://books.invalid/api/books/101"],
      """
      In the live context, `@Dependency(\\.bookClient)`'s fetch(101) sent \
      \(server.received.value.map(\.line)) through the transport; the live client sends \
      GET https://books.invalid/api/books/101.
      """)
    lessonCheck(
      (try? result.get()) == lessonEarthsea,
      """
      In the live context, with the server answering "A Wizard of Earthsea", \
      `@Dependency(\\.bookClient)`'s fetch(101) \
      \(lessonShown(result) { lessonShown(Optional($0)) }).
      """)
  }

  @Test func thePreviewContextGetsThePreviewClient() async {
    let server = LessonServer(answering: nil)
    let result = await withDependencies {
      $0.context = .preview
    } operation: {
      await server.run(lessonReadClient()) { try await $0.search("dune") }
    }
    lessonCheck(
      server.received.value.isEmpty,
      """
      In the preview context, `@Dependency(\\.bookClient)`'s search sent \
      \(server.received.value.count) request(s) through the transport: a preview must get \
      the preview client, which sends nothing.
      """)
    lessonCheck(
      (try? result.get()) == [Book.previewShelf[2]],
      """
      In the preview context, `@Dependency(\\.bookClient)`'s search("dune") \
      \(lessonShown(result, lessonShown)); the preview client finds ["Dune"] on its shelf.
      """)
  }
}

@Suite struct LiveValueEdgeCaseTests {
  @Test func searchAndBorrowThrowTheStatusOfARefusal() async {
    let down = LessonServer(answering: 500, with: #"{"error": "down"}"#)
    let search = await down.run(BookClient.liveValue) { try await $0.search("dune") }
    lessonCheck(
      lessonThrownStatus(search) == 500,
      """
      The server answered 500, but the live `search("dune")` \
      \(lessonShown(search, lessonShown)); it should throw BookAPIError(statusCode: 500).
      """)
    let onLoan = LessonServer(answering: 409, with: #"{"error": "on loan"}"#)
    let borrow = await onLoan.run(BookClient.liveValue) { try await $0.borrow(101, "Ada") }
    lessonCheck(
      lessonThrownStatus(borrow) == 409,
      """
      The server answered 409, but the live `borrow(101, "Ada")` \
      \(lessonShown(borrow) { lessonShown(Optional($0)) }); it should throw \
      BookAPIError(statusCode: 409).
      """)
  }
}

@Suite struct PreviewValueEdgeCaseTests {
  @Test func eachShelfBookCanBeLentAndNoOtherCan() async {
    let server = LessonServer(answering: nil)
    let outcomes = await server.run(BookClient.previewValue) { client in
      [
        await lessonOutcome { try await client.borrow(1, "Ada") },
        await lessonOutcome { try await client.borrow(6, "Ada") },
        await lessonOutcome { try await client.borrow(99, "Ada") },
      ]
    }
    guard case .success(let results) = outcomes else { return }
    let lent = results.prefix(2).map { (try? $0.get())?.bookID }
    lessonCheck(
      lent == [1, 6],
      """
      A new preview client was asked to lend books 1 and 6, both on the shelf: it lent \
      \(lent.map { $0.map { "book \($0)" } ?? "nothing" }); each shelf book can be lent once.
      """)
    lessonCheck(
      lessonThrownStatus(results[2]) == 404,
      """
      The preview `borrow(99, "Ada")`, a book not on the shelf, \
      \(lessonShown(results[2]) { lessonShown(Optional($0)) }); it should throw \
      BookAPIError(statusCode: 404), as the server would.
      """)
  }

  @Test func noEndpointSendsAnything() async {
    let server = LessonServer(answering: nil)
    let outcome = await server.run(BookClient.previewValue) { client in
      _ = try await client.search("kindred")
      _ = try await client.fetch(5)
      _ = try await client.borrow(5, "Ada")
    }
    var thrown: String?
    if case .failure(let error) = outcome { thrown = lessonShown(error) }
    lessonCheck(
      thrown == nil,
      """
      The preview client was asked to search "kindred", fetch book 5 and lend it, and one of \
      them threw \(thrown ?? "nothing"): each should answer from the shelf.
      """)
    lessonCheck(
      server.received.value.isEmpty,
      """
      The preview client sent \(server.received.value.count) request(s) through the \
      transport while searching, fetching and lending: a preview must work with no server.
      """)
  }
}

@MainActor
@Suite struct SearchModelEdgeCaseTests {
  @Test func theQueryIsSentWithoutTheSpacesAround() async {
    let screen = LessonSearchScreen(query: "  le guin ")
    await screen.model.search()
    lessonCheck(
      screen.queries.value == ["le guin"],
      """
      A search for "  le guin " asked `bookClient.search` with \(screen.queries.value); it \
      should ask once, without the spaces around the query: ["le guin"].
      """)
  }

  @Test func aBlankQueryAsksNothingAndClearsTheResults() async {
    let screen = LessonSearchScreen(query: "le guin")
    await screen.model.search()
    screen.model.query = "  "
    await screen.model.search()
    lessonCheck(
      screen.queries.value == ["le guin"],
      """
      A search for "le guin", then one for "  ", asked `bookClient.search` with \
      \(screen.queries.value); a blank query asks nothing: ["le guin"].
      """)
    lessonCheck(
      screen.model.results.isEmpty,
      """
      After a search for "le guin", a search for "  " left the results \
      \(lessonShown(screen.model.results)); a blank query clears them.
      """)
  }

  @Test func aFailedSearchClearsTheResultsAndAGoodOneTheMessage() async {
    let screen = LessonSearchScreen(query: "le guin")
    await screen.model.search()
    guard screen.model.results == [lessonEarthsea, lessonLeftHand] else {
      Issue.record(
        """
        `bookClient.search` answered two books, but `results` was \
        \(lessonShown(screen.model.results)), so the test could not go on to a failed search. \
        Step 4: `search()` shows what the client found.
        """)
      return
    }
    screen.failure.setValue(BookAPIError(statusCode: 500))
    await screen.model.search()
    lessonCheck(
      screen.model.results.isEmpty,
      """
      A search found two books, then the next search failed: the results should be cleared, \
      but they were \(lessonShown(screen.model.results)).
      """)
    screen.failure.setValue(nil)
    await screen.model.search()
    lessonCheck(
      screen.model.errorMessage == nil,
      """
      A search failed, then the next one succeeded: the error message should be gone, but it \
      still said \(lessonShown(screen.model.errorMessage)).
      """)
  }

  @Test func openingAnotherBookForgetsTheLoan() async {
    let screen = LessonSearchScreen()
    await screen.model.select(101)
    await screen.model.borrow(as: "Ada")
    await screen.model.select(102)
    lessonCheck(
      screen.model.selected == lessonLeftHand,
      """
      Book 101 was opened and borrowed, then book 102 opened: `selected` should be "The Left \
      Hand of Darkness", but it was \(lessonShown(screen.model.selected)).
      """)
    lessonCheck(
      screen.model.loan == nil,
      """
      Book 101 was opened and borrowed, then book 102 opened: the loan of book 101 should be \
      forgotten, but `loan` was \(lessonShown(screen.model.loan)).
      """)
  }

  @Test func aBookThatCannotBeLoadedKeepsTheOpenOne() async {
    let screen = LessonSearchScreen()
    await screen.model.select(101)
    await screen.model.select(999)
    lessonCheck(
      screen.model.errorMessage == "The book could not be loaded.",
      """
      `bookClient.fetch(999)` threw BookAPIError(statusCode: 404): the error message should \
      be "The book could not be loaded.", but it was \(lessonShown(screen.model.errorMessage)).
      """)
    lessonCheck(
      screen.model.selected == lessonEarthsea,
      """
      Book 101 was open and book 999 could not be loaded: "A Wizard of Earthsea" should stay \
      open, but `selected` was \(lessonShown(screen.model.selected)).
      """)
    await screen.model.select(102)
    lessonCheck(
      screen.model.errorMessage == nil,
      """
      Book 999 could not be loaded, then book 102 was: the error message should be gone, but \
      it still said \(lessonShown(screen.model.errorMessage)).
      """)
  }

  @Test func otherLoanFailuresSayTheLoanFailed() async {
    let screen = LessonSearchScreen()
    await screen.model.select(101)
    screen.failure.setValue(BookAPIError(statusCode: 500))
    await screen.model.borrow(as: "Ada")
    lessonCheck(
      screen.model.errorMessage == "The loan failed.",
      """
      `bookClient.borrow` threw BookAPIError(statusCode: 500): the error message should be \
      "The loan failed.", but it was \(lessonShown(screen.model.errorMessage)).
      """)
    screen.failure.setValue(nil)
    await screen.model.borrow(as: "Ada")
    lessonCheck(
      screen.model.errorMessage == nil,
      """
      A loan failed, then the next one succeeded: the error message should be gone, but it \
      still said \(lessonShown(screen.model.errorMessage)).
      """)
  }

  @Test func borrowingWithNothingOpenAsksNothing() async {
    let screen = LessonSearchScreen()
    await screen.model.borrow(as: "Ada")
    lessonCheck(
      screen.borrowed.value.isEmpty,
      """
      With no book open, `borrow(as: "Ada")` asked `bookClient.borrow` for \
      \(screen.borrowed.value); it should ask nothing.
      """)
    await screen.model.select(102)
    await screen.model.borrow(as: "Grace")
    lessonCheck(
      screen.borrowed.value == ["102 for Grace"],
      """
      Then book 102 was opened and borrowed for "Grace": `bookClient.borrow` was asked for \
      \(screen.borrowed.value); it should be asked once, for ["102 for Grace"].
      """)
  }
}
