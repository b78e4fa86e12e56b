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
    // Show that the live `search("le guin")` sends one GET to
    // https://books.invalid/api/books with the query item q=le guin, and decodes the books
    // the server answers, their ISO 8601 dates included. Give it `StubServer` (in
    // Fixtures.swift) as its transport.
  }

  @Test(
    "a live fetch asks once for https://books.invalid/api/books/201 and decodes the book answered")
  func fetchAsksForTheBookAndDecodesIt() async throws {
    // Show that the live `fetch(201)` asks for https://books.invalid/api/books/201 and
    // decodes the book.
  }

  @Test(
    "a live borrow posts the reader as JSON to https://books.invalid/api/books/201/loans and decodes the loan"
  )
  func borrowPostsTheReaderAndDecodesTheLoan() async throws {
    // Show that the live `borrow(201, "Ada")` POSTs to
    // https://books.invalid/api/books/201/loans, as JSON ({"reader": "Ada"}, Content-Type
    // application/json), and decodes the loan the server answers.
  }

  @Test(
    "a live borrow answered with status 404, 409 or 500 throws a book API error with that status",
    arguments: [404, 409, 500])
  func anErrorStatusThrowsItsStatus(status: Int) async {
    // Show that an answer with any status but 2xx makes the live client throw
    // `BookAPIError(statusCode:)` with that status, whatever the body.
  }
}
