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
  #if SOLUTION
    /// Every endpoint reports "Unimplemented: BookClient.<endpoint>" and throws when called, so
    /// a test that reaches an endpoint it did not override fails, naming it.
    public static let testValue = BookClient(
      search: unimplemented("BookClient.search"),
      fetch: unimplemented("BookClient.fetch"),
      borrow: unimplemented("BookClient.borrow"))
  #else
    // Step 1: no test value yet, so a test that reads the client gets the preview or the live
    // one, with an issue saying a test value is missing. Give the client a test value whose
    // every endpoint, when called, fails the running test with an issue naming it
    // ("BookClient.search", "BookClient.fetch", "BookClient.borrow") and throws: a test must
    // say what each endpoint it uses answers.
  #endif
}

extension DependencyValues {
  #if SOLUTION
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
  #else
    // Step 1: the client is not registered: every read gets the live value, whatever the
    // context, and an override is dropped. Store it in these values under its key, the client
    // type, so that each context gets its own value and `withDependencies` can replace it.
    public var bookClient: BookClient {
      get { BookClient.liveValue }
      set {}
    }
  #endif
}
