import Bookshelf
import Dependencies
import Foundation
import Testing

@Suite("Step 3: the preview value serves a canned shelf")
struct PreviewValueTests {
  @Test("the preview search finds shelf books by author or title whatever the case, in shelf order")
  func searchMatchesTitlesAndAuthorsIgnoringCase() async throws {
    let client = BookClient.previewValue
    let byAuthor = try await client.search("LE GUIN")
    #expect(byAuthor.first?.title == "A Wizard of Earthsea")
    _ = try await client.search("dune")
  }

  @Test(
    "the preview fetch finds a shelf book by id and throws status 404 for an id not on the shelf")
  func fetchFindsShelfBooksAndNothingElse() async throws {
    let client = BookClient.previewValue
    #expect(try await client.fetch(3).title == "Dune")
  }

  @Test(
    "the preview borrow lends a shelf book for two weeks, then refuses it with 409, and an unknown one with 404"
  )
  func borrowLendsEachBookOnceForTwoWeeks() async throws {
    try await withDependencies {
      $0.date = .constant(noon)
    } operation: {
      let client = BookClient.previewValue
      let loan = try await client.borrow(5, "Ada")
      #expect(loan.bookID == 5)
    }
  }

  @Test("the preview search, fetch and borrow send nothing through the transport")
  func previewsSendNothing() async throws {
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
  }
}
