import Dependencies
import Foundation

/// The search screen's model: a search field, the books found, the book opened, and a button
/// that borrows it.
///
/// Everything it learns about books comes from `@Dependency(\.bookClient)`, so a test decides
/// every answer by overriding the endpoints it expects the model to call, and making the model
/// inside `withDependencies`:
///
/// ```swift
/// @Test @MainActor func searching() async {
///   let model = withDependencies {
///     $0.bookClient.search = { _ in [dune] }
///   } operation: {
///     BookSearchModel(query: "dune")
///   }
///   await model.search()
///   #expect(model.results == [dune])
/// }
/// ```
@MainActor
public final class BookSearchModel {
  /// What the reader typed in the search field.
  public var query: String
  /// The books the last search found, in the server's order.
  public private(set) var results: [Book] = []
  /// Whether a search is under way: `true` while the client is asked, `false` once it answered.
  public private(set) var isSearching = false
  /// The book opened, or `nil` before the first.
  public private(set) var selected: Book?
  /// The loan of the opened book, or `nil` when it was not borrowed since it was opened.
  public private(set) var loan: Loan?
  /// What went wrong with the last thing asked of the server, or `nil` when it went well.
  public private(set) var errorMessage: String?

  @Dependency(\.bookClient) var client

  /// A search screen with `query` in its field, and nothing found or opened yet. It keeps the
  /// dependencies in effect where it is made.
  ///
  /// - Parameter query: What the search field holds at first.
  public init(query: String = "") {
    self.query = query
  }

  /// Searches for ``query``, without the spaces and newlines around it, and shows what was found.
  ///
  /// A blank query asks nothing and clears the results. While the client is asked,
  /// ``isSearching`` is `true`. When the search fails, the results are cleared and
  /// ``errorMessage`` is "The search failed."; a search that succeeds clears the message.
  public func search() async {
    let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !query.isEmpty else {
      results = []
      return
    }
    isSearching = true
    defer { isSearching = false }
    do {
      results = try await client.search(query)
      errorMessage = nil
    } catch {
      results = []
      errorMessage = "The search failed."
    }
  }

  /// Opens the book `id`: loads it, shows it in ``selected`` and forgets the earlier loan.
  ///
  /// When it cannot be loaded, ``errorMessage`` is "The book could not be loaded." and the
  /// book opened before stays; a book that loads clears the message.
  ///
  /// - Parameter id: The book to open.
  public func select(_ id: Int) async {
    do {
      selected = try await client.fetch(id)
      loan = nil
      errorMessage = nil
    } catch {
      errorMessage = "The book could not be loaded."
    }
  }

  /// Borrows the opened book for `reader` and shows the loan in ``loan``.
  ///
  /// Does nothing when no book is open. When the server says the book is already on loan (409),
  /// ``errorMessage`` is "This book is already on loan."; any other failure says "The loan
  /// failed."; a loan that succeeds clears the message.
  ///
  /// - Parameter reader: Who borrows the book.
  public func borrow(as reader: String) async {
    guard let book = selected else { return }
    do {
      loan = try await client.borrow(book.id, reader)
      errorMessage = nil
    } catch {
      errorMessage = "The loan failed."
    }
  }
}
