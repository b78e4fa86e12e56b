import Bookshelf
import Dependencies
import Foundation
import Testing

@Suite("Step 3: the preview value serves a canned shelf")
struct PreviewValueTests {
  @Test("the preview search finds shelf books by author or title whatever the case, in shelf order")
  func searchMatchesTitlesAndAuthorsIgnoringCase() async throws {
    #if SOLUTION
      let client = BookClient.previewValue
      let byAuthor = try await client.search("LE GUIN")
      #expect(
        byAuthor.map(\.title) == [
          "A Wizard of Earthsea", "The Left Hand of Darkness", "The Dispossessed",
        ])
      let byTitle = try await client.search("dune")
      #expect(byTitle.map(\.title) == ["Dune"])
    #else
      // Show that the preview `search` keeps the books of `Book.previewShelf` whose title or
      // author contains the query, ignoring case: try an author and a title, in other cases.
    #endif
  }

  @Test(
    "the preview fetch finds a shelf book by id and throws status 404 for an id not on the shelf")
  func fetchFindsShelfBooksAndNothingElse() async throws {
    #if SOLUTION
      let client = BookClient.previewValue
      #expect(try await client.fetch(3).title == "Dune")
      await #expect(throws: BookAPIError(statusCode: 404)) { try await client.fetch(99) }
    #else
      // Show that the preview `fetch` finds a book of the shelf by id, and throws
      // `BookAPIError(statusCode: 404)` for an id not on the shelf.
    #endif
  }

  @Test(
    "the preview borrow lends a shelf book for two weeks, then refuses it with 409, and an unknown one with 404"
  )
  func borrowLendsEachBookOnceForTwoWeeks() async throws {
    #if SOLUTION
      try await withDependencies {
        $0.date = .constant(noon)
      } operation: {
        let client = BookClient.previewValue
        let loan = try await client.borrow(5, "Ada")
        #expect(loan == Loan(bookID: 5, reader: "Ada", dueAt: noon.addingTimeInterval(14 * 86_400)))
        await #expect(throws: BookAPIError(statusCode: 409)) { try await client.borrow(5, "Grace") }
        await #expect(throws: BookAPIError(statusCode: 404)) { try await client.borrow(99, "Ada") }
      }
    #else
      // Show that the preview `borrow` lends a shelf book for two weeks from the date
      // dependency's now, then refuses it with 409; and refuses a book not on the shelf with
      // 404.
    #endif
  }

  @Test("the preview search, fetch and borrow send nothing through the transport")
  func previewsSendNothing() async throws {
    #if SOLUTION
      let server = StubServer(answering: nil)
      try await withDependencies {
        $0.httpTransport = server.transport
        $0.date = .constant(noon)
      } operation: {
        let client = BookClient.previewValue
        _ = try await client.search("dune")
        _ = try await client.fetch(3)
        _ = try await client.borrow(3, "Ada")
      }
      #expect(server.requests.value.isEmpty)
    #else
      // Show that no endpoint of the preview client sends anything through the transport.
    #endif
  }
}
