import Bookshelf
import Dependencies
import Foundation
import Testing

// The lesson's tests, one suite per step. None reaches the network: the live client sends
// through a stand-in transport (`LessonServer` in BookshelfLessonSupport.swift), and the model
// gets a client whose every endpoint the test overrides (`LessonSearchScreen`).
// Run one step with `swift test --filter TestValueLessonTests` (the suite's type name).

@Suite("Step 1: the client is registered, and its test value fails by name")
struct TestValueLessonTests {
  @Test func searchFailsTheTestThatCallsIt() async {
    await lessonCheckUnimplemented("BookClient.search", calling: "bookClient.search(\"dune\")") {
      _ = try await $0.search("dune")
    }
  }

  @Test func fetchFailsTheTestThatCallsIt() async {
    await lessonCheckUnimplemented("BookClient.fetch", calling: "bookClient.fetch(3)") {
      _ = try await $0.fetch(3)
    }
  }

  @Test func borrowFailsTheTestThatCallsIt() async {
    await lessonCheckUnimplemented("BookClient.borrow", calling: "bookClient.borrow(3, \"Ada\")") {
      _ = try await $0.borrow(3, "Ada")
    }
  }

  @Test func anOverrideReachesWhoeverReadsTheClient() async {
    let found = await withDependencies {
      $0.bookClient.search = { _ in [lessonEarthsea] }
    } operation: { () async -> Result<[Book], any Error> in
      @Dependency(\.bookClient) var client
      do {
        return .success(try await client.search("earthsea"))
      } catch {
        return .failure(error)
      }
    }
    lessonCheck(
      (try? found.get()) == [lessonEarthsea],
      """
      Inside `withDependencies { $0.bookClient.search = … }`, with an override answering \
      ["A Wizard of Earthsea"], `@Dependency(\\.bookClient)`'s search \
      \(lessonShown(found, lessonShown)): the override never reached it. Step 1: register the \
      client in `DependencyValues` under its key.
      """)
  }
}

@Suite("Step 2: the live value speaks HTTP through the transport")
struct LiveValueLessonTests {
  @Test func searchAsksForTheQueryAndDecodesTheBooks() async {
    let server = LessonServer(answering: 200, with: lessonSearchJSON)
    let result = await server.run(BookClient.liveValue) { try await $0.search("le guin") }
    let requests = server.received.value
    guard let request = requests.first, requests.count == 1 else {
      Issue.record(
        """
        The live `search("le guin")` \(lessonShown(result, lessonShown)) after sending \
        \(requests.count) request(s) through the transport of `@Dependency(\\.httpTransport)`; \
        it should send one.
        """)
      return
    }
    lessonCheck(
      request.lineWithoutQuery == "GET https://books.invalid/api/books",
      """
      The live `search("le guin")` sent \(request.line); the API's search is \
      GET https://books.invalid/api/books.
      """)
    lessonCheck(
      request.query == ["q=le guin"],
      """
      The live `search("le guin")` sent the query items \(request.query); the API expects \
      one, q, holding the query: ["q=le guin"].
      """)
    lessonCheck(
      (try? result.get()) == [lessonEarthsea, lessonLeftHand],
      """
      The server answered 200 with two books, dates in ISO 8601, but the live `search` \
      \(lessonShown(result, lessonShown)); it should return both, ["A Wizard of Earthsea", \
      "The Left Hand of Darkness"], dated 1 January 1968 and 1969.
      """)
  }

  @Test func fetchAsksForOneBookAndDecodesIt() async {
    let server = LessonServer(answering: 200, with: lessonEarthseaJSON)
    let result = await server.run(BookClient.liveValue) { try await $0.fetch(101) }
    let sent = server.received.value.map(\.line)
    lessonCheck(
      sent == ["GET https://books.invalid/api/books/101"],
      """
      The live `fetch(101)` sent \(sent); it should send one request, \
      GET https://books.invalid/api/books/101.
      """)
    lessonCheck(
      (try? result.get()) == lessonEarthsea,
      """
      The server answered 200 with "A Wizard of Earthsea", published 1968-01-01T00:00:00Z, but \
      the live `fetch(101)` \(lessonShown(result, lessonShown)); it should return that book.
      """)
  }

  @Test func borrowPostsTheReaderAndDecodesTheLoan() async {
    let server = LessonServer(answering: 201, with: lessonLoanJSON)
    let result = await server.run(BookClient.liveValue) { try await $0.borrow(101, "Ada") }
    let requests = server.received.value
    guard let request = requests.first, requests.count == 1 else {
      Issue.record(
        """
        The live `borrow(101, "Ada")` \(lessonShown(result, lessonShown)) after sending \
        \(requests.count) request(s) through the transport; it should send one.
        """)
      return
    }
    lessonCheck(
      request.line == "POST https://books.invalid/api/books/101/loans",
      """
      The live `borrow(101, "Ada")` sent \(request.line); the API lends with \
      POST https://books.invalid/api/books/101/loans.
      """)
    lessonCheck(
      request.contentType == "application/json",
      """
      The live `borrow` sent Content-Type \(lessonShown(request.contentType)); the API reads \
      the body only as "application/json".
      """)
    lessonCheck(
      request.jsonFields == ["reader": "Ada"],
      """
      The live `borrow(101, "Ada")` sent a body that \
      \(request.jsonFields.map { "held the fields \($0.keys.sorted())" } ?? "was no JSON object of text"); \
      it should be {"reader": "Ada"}.
      """)
    lessonCheck(
      (try? result.get()) == lessonLoan,
      """
      The server answered 201 with a loan of book 101 to "Ada", due 2026-01-15T12:00:00Z, but \
      the live `borrow` \(lessonShown(result) { lessonShown(Optional($0)) }); it should return \
      that loan.
      """)
  }

  @Test func anErrorStatusThrowsBookAPIError() async {
    let server = LessonServer(answering: 404, with: #"{"error": "no such book"}"#)
    let result = await server.run(BookClient.liveValue) { try await $0.fetch(999) }
    lessonCheck(
      server.received.value.count == 1,
      """
      The live `fetch(999)` sent \(server.received.value.count) request(s) through the \
      transport; it should send one.
      """)
    lessonCheck(
      lessonThrownStatus(result) == 404,
      """
      The server answered 404, but the live `fetch(999)` \(lessonShown(result, lessonShown)); \
      it should throw BookAPIError(statusCode: 404) before decoding anything.
      """)
  }
}
