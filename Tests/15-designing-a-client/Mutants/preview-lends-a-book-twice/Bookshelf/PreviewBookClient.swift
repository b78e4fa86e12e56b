import Dependencies
import Foundation

extension BookClient {
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
        onLoan.withValue { _ = $0.insert(id) }
        @Dependency(\.date.now) var now
        return Loan(bookID: id, reader: reader, dueAt: now.addingTimeInterval(14 * 86_400))
      })
  }
}
