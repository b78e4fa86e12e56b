import Bookshelf
import Dependencies
import Foundation
import Testing

@Suite("Step 3: the preview value serves a canned shelf")
struct PreviewValueTests {
  @Test("the preview search finds shelf books by author or title whatever the case, in shelf order")
  func searchMatchesTitlesAndAuthorsIgnoringCase() async throws {
    // Show that the preview `search` keeps the books of `Book.previewShelf` whose title or
    // author contains the query, ignoring case: try an author and a title, in other cases.
  }

  @Test(
    "the preview fetch finds a shelf book by id and throws status 404 for an id not on the shelf")
  func fetchFindsShelfBooksAndNothingElse() async throws {
    // Show that the preview `fetch` finds a book of the shelf by id, and throws
    // `BookAPIError(statusCode: 404)` for an id not on the shelf.
  }

  @Test(
    "the preview borrow lends a shelf book for two weeks, then refuses it with 409, and an unknown one with 404"
  )
  func borrowLendsEachBookOnceForTwoWeeks() async throws {
    // Show that the preview `borrow` lends a shelf book for two weeks from the date
    // dependency's now, then refuses it with 409; and refuses a book not on the shelf with
    // 404.
  }

  @Test("the preview search, fetch and borrow send nothing through the transport")
  func previewsSendNothing() async throws {
    // Show that no endpoint of the preview client sends anything through the transport.
  }
}
