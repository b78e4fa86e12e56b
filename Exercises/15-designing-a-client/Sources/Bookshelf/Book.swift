import Foundation

/// A book of the library, as the book API describes it.
///
/// In the API's JSON its date is ISO 8601 text:
///
/// ```json
/// {"id": 3, "title": "Dune", "author": "Frank Herbert", "published": "1965-08-01T00:00:00Z"}
/// ```
public struct Book: Codable, Equatable, Identifiable, Sendable {
  /// The number the server files the book under.
  public let id: Int
  /// The book's title.
  public var title: String
  /// Who wrote it.
  public var author: String
  /// When it was first published.
  public var published: Date

  /// A book with every field given.
  ///
  /// - Parameters:
  ///   - id: The number the server files the book under.
  ///   - title: The book's title.
  ///   - author: Who wrote it.
  ///   - published: When it was first published.
  public init(id: Int, title: String, author: String, published: Date) {
    self.id = id
    self.title = title
    self.author = author
    self.published = published
  }
}

/// A loan of one book to one reader, as the book API answers a request to borrow.
///
/// ```json
/// {"bookID": 3, "reader": "Ada", "dueAt": "2026-01-15T12:00:00Z"}
/// ```
public struct Loan: Codable, Equatable, Sendable {
  /// The book lent.
  public var bookID: Int
  /// Who borrowed it.
  public var reader: String
  /// When it must be back.
  public var dueAt: Date

  /// A loan with every field given.
  ///
  /// - Parameters:
  ///   - bookID: The book lent.
  ///   - reader: Who borrowed it.
  ///   - dueAt: When it must be back.
  public init(bookID: Int, reader: String, dueAt: Date) {
    self.bookID = bookID
    self.reader = reader
    self.dueAt = dueAt
  }
}

/// What an endpoint throws when the book API answers with a status other than 2xx: 404 for a
/// book it does not have, 409 for a book already on loan, 500 when it is down.
public struct BookAPIError: Error, Equatable {
  /// The HTTP status the server answered with.
  public var statusCode: Int

  /// An error for a server that answered `statusCode`.
  public init(statusCode: Int) {
    self.statusCode = statusCode
  }
}
