import Dependencies
import Foundation

extension BookClient {
  #if SOLUTION
    /// A client that behaves like the server over ``Book/previewShelf``, with no network:
    /// `search` matches titles and authors ignoring case, `fetch` and `borrow` throw
    /// `BookAPIError(statusCode: 404)` for a book not on the shelf, and `borrow` lends each
    /// book once (then 409), for two weeks from the `date` dependency's now.
    public static var previewValue: BookClient {
      let onLoan = LockIsolated<Set<Int>>([])
      return BookClient(
        search: { query in
          Book.previewShelf.filter {
            $0.title.localizedCaseInsensitiveContains(query)
              || $0.author.localizedCaseInsensitiveContains(query)
          }
        },
        fetch: { id in
          guard let book = Book.previewShelf.first(where: { $0.id == id }) else {
            throw BookAPIError(statusCode: 404)
          }
          return book
        },
        borrow: { id, reader in
          guard Book.previewShelf.contains(where: { $0.id == id }) else {
            throw BookAPIError(statusCode: 404)
          }
          guard onLoan.withValue({ $0.insert(id).inserted }) else {
            throw BookAPIError(statusCode: 409)
          }
          @Dependency(\.date.now) var now
          return Loan(bookID: id, reader: reader, dueAt: now.addingTimeInterval(14 * 86_400))
        })
    }
  #else
    // Step 3: no preview value yet, so a preview gets the live client, which needs a server.
    // Give the client a preview value that serves `Book.previewShelf` (in PreviewShelf.swift)
    // as the server would, without sending anything: `search` keeps the books whose title or
    // author contains the query, ignoring case; `fetch` finds a book by id; `borrow` lends a
    // book once, due two weeks after the `date` dependency's now (read when it lends), and
    // refuses it after that; a book not on the shelf gets a 404, as from the server. The books
    // on loan belong to each value made: two previews (or two tests) never share them.
  #endif
}
