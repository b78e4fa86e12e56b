import Bookshelf
import Dependencies
import Foundation
import Testing

// One good answer per value and per action, checked once it is over: never a failure, an
// error status, a blank or padded query, a request's details, or what the model shows while
// it waits.

@Suite struct HappyValues {
  @Test func theTestValueNamesSearch() async {
    @Dependency(\.bookClient) var client
    let issues = await issuesReported { _ = try? await client.search("dune") }
    #expect(issues.first?.hasPrefix("Unimplemented: BookClient.search") == true)
  }

  @Test func theLiveClientFetchesABook() async throws {
    let server = StubServer(answering: 200, with: earthseaJSON)
    let book = try await withDependencies {
      $0.httpTransport = server.transport
    } operation: {
      try await BookClient.liveValue.fetch(201)
    }
    #expect(book == earthsea)
  }

  @Test func thePreviewFindsDune() async throws {
    let books = try await BookClient.previewValue.search("Dune")
    #expect(books.map(\.title) == ["Dune"])
  }
}

@MainActor
@Suite struct HappyModel {
  @Test func searchOpenAndBorrow() async {
    let screen = ControlledScreen(query: "le guin")
    await screen.model.search()
    #expect(screen.model.results == [earthsea, leftHand])
    await screen.model.select(201)
    #expect(screen.model.selected == earthsea)
    await screen.model.borrow(as: "Ada")
    #expect(screen.model.loan?.bookID == 201)
  }
}
