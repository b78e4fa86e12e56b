import Bookshelf
import Dependencies
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Step 2: the live value speaks HTTP through the transport")
struct LiveValueTests {
  @Test(
    "a live search sends one GET to books.invalid/api/books?q=le guin and decodes the books answered"
  )
  func searchSendsTheQueryAndDecodesTheBooks() async throws {
    #if SOLUTION
      let server = StubServer(
        answering: 200,
        with: """
          [{"id": 201, "title": "A Wizard of Earthsea", "author": "Ursula K. Le Guin", \
          "published": "1968-01-01T00:00:00Z"}]
          """)
      let books = try await withDependencies {
        $0.httpTransport = server.transport
      } operation: {
        try await BookClient.liveValue.search("le guin")
      }
      #expect(books == [earthsea])
      let request = try #require(server.requests.value.first)
      #expect(server.requests.value.count == 1)
      #expect(request.httpMethod ?? "GET" == "GET")
      let url = try #require(request.url)
      let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
      #expect(components.host == "books.invalid")
      #expect(components.path == "/api/books")
      #expect(components.queryItems == [URLQueryItem(name: "q", value: "le guin")])
    #else
      // Show that the live `search("le guin")` sends one GET to
      // https://books.invalid/api/books with the query item q=le guin, and decodes the books
      // the server answers, their ISO 8601 dates included. Give it `StubServer` (in
      // Fixtures.swift) as its transport.
    #endif
  }

  @Test(
    "a live fetch asks once for https://books.invalid/api/books/201 and decodes the book answered")
  func fetchAsksForTheBookAndDecodesIt() async throws {
    #if SOLUTION
      let server = StubServer(answering: 200, with: earthseaJSON)
      let book = try await withDependencies {
        $0.httpTransport = server.transport
      } operation: {
        try await BookClient.liveValue.fetch(201)
      }
      #expect(book == earthsea)
      #expect(
        server.requests.value.map(\.url?.absoluteString) == ["https://books.invalid/api/books/201"])
    #else
      // Show that the live `fetch(201)` asks for https://books.invalid/api/books/201 and
      // decodes the book.
    #endif
  }

  @Test(
    "a live borrow posts the reader as JSON to https://books.invalid/api/books/201/loans and decodes the loan"
  )
  func borrowPostsTheReaderAndDecodesTheLoan() async throws {
    #if SOLUTION
      let server = StubServer(answering: 201, with: loanJSON)
      let loan = try await withDependencies {
        $0.httpTransport = server.transport
      } operation: {
        try await BookClient.liveValue.borrow(201, "Ada")
      }
      #expect(loan == Loan(bookID: 201, reader: "Ada", dueAt: noon.addingTimeInterval(14 * 86_400)))
      let request = try #require(server.requests.value.first)
      #expect(request.httpMethod == "POST")
      #expect(request.url?.absoluteString == "https://books.invalid/api/books/201/loans")
      #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
      let body = try JSONSerialization.jsonObject(with: try #require(request.httpBody))
      #expect(body as? [String: String] == ["reader": "Ada"])
    #else
      // Show that the live `borrow(201, "Ada")` POSTs to
      // https://books.invalid/api/books/201/loans, as JSON ({"reader": "Ada"}, Content-Type
      // application/json), and decodes the loan the server answers.
    #endif
  }

  @Test(
    "a live borrow answered with status 404, 409 or 500 throws a book API error with that status",
    arguments: [404, 409, 500])
  func anErrorStatusThrowsItsStatus(status: Int) async {
    #if SOLUTION
      let server = StubServer(answering: status, with: #"{"error": "no"}"#)
      await #expect(throws: BookAPIError(statusCode: status)) {
        try await withDependencies {
          $0.httpTransport = server.transport
        } operation: {
          try await BookClient.liveValue.borrow(201, "Ada")
        }
      }
    #else
      // Show that an answer with any status but 2xx makes the live client throw
      // `BookAPIError(statusCode:)` with that status, whatever the body.
    #endif
  }
}
