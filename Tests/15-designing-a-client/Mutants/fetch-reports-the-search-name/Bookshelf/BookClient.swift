import Dependencies
import Foundation

/// The book API as the app sees it: three endpoints, each a closure.
///
/// A feature reads it with `@Dependency(\.bookClient)` and never learns about URLs or JSON. It
/// has three values: the live one speaks HTTP (``liveValue``), the preview one serves a canned
/// shelf (``previewValue``), and the test one fails any test that calls an endpoint it did not
/// override (``testValue``). A test overrides just the endpoints it expects:
///
/// ```swift
/// let model = withDependencies {
///   $0.bookClient.search = { _ in [dune] }
/// } operation: {
///   BookSearchModel(query: "dune")
/// }
/// ```
public struct BookClient: Sendable {
  /// `GET /api/books?q=<query>`: the books whose title or author matches `query`.
  public var search: @Sendable (_ query: String) async throws -> [Book]
  /// `GET /api/books/<id>`: one book; throws `BookAPIError(statusCode: 404)` for an unknown id.
  public var fetch: @Sendable (_ id: Int) async throws -> Book
  /// `POST /api/books/<id>/loans` with `{"reader": …}`: lends the book to `reader`; throws
  /// `BookAPIError(statusCode: 409)` when it is already on loan.
  public var borrow: @Sendable (_ id: Int, _ reader: String) async throws -> Loan

  /// A client whose endpoints are the closures given.
  ///
  /// - Parameters:
  ///   - search: Finds the books matching a query.
  ///   - fetch: Loads one book by id.
  ///   - borrow: Lends a book to a reader.
  public init(
    search: @escaping @Sendable (_ query: String) async throws -> [Book],
    fetch: @escaping @Sendable (_ id: Int) async throws -> Book,
    borrow: @escaping @Sendable (_ id: Int, _ reader: String) async throws -> Loan
  ) {
    self.search = search
    self.fetch = fetch
    self.borrow = borrow
  }
}

extension BookClient {
  /// Every endpoint reports "Unimplemented: BookClient.<endpoint>" and throws when called, so
  /// a test that reaches an endpoint it did not override fails, naming it.
  public static let testValue = BookClient(
    search: unimplemented("BookClient.search"),
    fetch: unimplemented("BookClient.search"),
    borrow: unimplemented("BookClient.borrow"))
}

extension DependencyValues {
  /// The client the app reaches the book API with.
  ///
  /// A model reads it with `@Dependency(\.bookClient)`; a test overrides the endpoints it
  /// expects to be called:
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.bookClient.fetch = { id in Book(id: id, title: "Dune", author: "Frank Herbert",
  ///     published: Date(timeIntervalSince1970: 0)) }
  /// } operation: { … }
  /// ```
  public var bookClient: BookClient {
    get { self[BookClient.self] }
    set { self[BookClient.self] = newValue }
  }
}
