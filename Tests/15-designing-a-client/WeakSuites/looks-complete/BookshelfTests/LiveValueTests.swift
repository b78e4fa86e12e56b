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
    let server = StubServer(
      answering: 200,
      with: """
        [{"id": 201, "title": "A Wizard of Earthsea", "author": "Ursula K. Le Guin", \
        "published": "1968-01-01T00:00:00Z"}]
        """)
    _ = try await withDependencies {
      $0.httpTransport = server.transport
    } operation: {
      try await BookClient.liveValue.search("le guin")
    }
    let request = try #require(server.requests.value.first)
    let url = try #require(request.url)
    let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
    #expect(components.path == "/api/books")
  }

  @Test(
    "a live fetch asks once for https://books.invalid/api/books/201 and decodes the book answered")
  func fetchAsksForTheBookAndDecodesIt() async throws {
    let server = StubServer(answering: 200, with: earthseaJSON)
    let book = try await withDependencies {
      $0.httpTransport = server.transport
    } operation: {
      try await BookClient.liveValue.fetch(201)
    }
    #expect(book == earthsea)
  }

  @Test(
    "a live borrow posts the reader as JSON to https://books.invalid/api/books/201/loans and decodes the loan"
  )
  func borrowPostsTheReaderAndDecodesTheLoan() async throws {
    let server = StubServer(answering: 201, with: loanJSON)
    _ = try await withDependencies {
      $0.httpTransport = server.transport
    } operation: {
      try await BookClient.liveValue.borrow(201, "Ada")
    }
    let request = try #require(server.requests.value.first)
    #expect(request.url?.absoluteString == "https://books.invalid/api/books/201/loans")
  }

  @Test(
    "a live borrow answered with status 404, 409 or 500 throws a book API error with that status",
    arguments: [404, 409, 500])
  func anErrorStatusThrowsItsStatus(status: Int) async {
    let server = StubServer(answering: status, with: #"{"error": "no"}"#)
    await #expect(throws: BookAPIError(statusCode: status)) {
      try await withDependencies {
        $0.httpTransport = server.transport
      } operation: {
        try await BookClient.liveValue.borrow(201, "Ada")
      }
    }
  }
}
