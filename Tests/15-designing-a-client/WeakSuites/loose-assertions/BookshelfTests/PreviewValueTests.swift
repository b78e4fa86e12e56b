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
    #expect(byAuthor.count >= 3)
    let byTitle = try await client.search("dune")
    #expect(byTitle.map(\.title).contains("Dune"))
  }

  @Test(
    "the preview fetch finds a shelf book by id and throws status 404 for an id not on the shelf")
  func fetchFindsShelfBooksAndNothingElse() async throws {
    let client = BookClient.previewValue
    #expect(try await client.fetch(3).title.contains("Dune"))
    await #expect(throws: (any Error).self) { try await client.fetch(99) }
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
      #expect(loan.dueAt > noon)
      await #expect(throws: (any Error).self) { try await client.borrow(5, "Grace") }
      await #expect(throws: (any Error).self) { try await client.borrow(99, "Ada") }
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
    #expect(server.requests.value.count < 3)
  }
}
