import Bookshelf
import Dependencies
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Helpers for your tests. Each one only makes something a test needs; none of them checks
// anything. Add your own below (keep their names different from the lesson's, which start
// with `Lesson` or `lesson`).

/// A fixed moment for the date dependency: 1 January 2026, 12:00 UTC.
let noon = Date(timeIntervalSince1970: 1_767_268_800)

/// Two books for your clients to answer with, published 1 January 1968 and 1969.
let earthsea = Book(
  id: 201, title: "A Wizard of Earthsea", author: "Ursula K. Le Guin",
  published: Date(timeIntervalSince1970: -63_158_400))
let leftHand = Book(
  id: 202, title: "The Left Hand of Darkness", author: "Ursula K. Le Guin",
  published: Date(timeIntervalSince1970: -31_536_000))

/// `earthsea` as the book API sends it.
let earthseaJSON = """
  {"id": 201, "title": "A Wizard of Earthsea", "author": "Ursula K. Le Guin", \
  "published": "1968-01-01T00:00:00Z"}
  """

/// A loan of book 201 to Ada, due 15 January 2026 at noon, as the book API sends it.
let loanJSON = """
  {"bookID": 201, "reader": "Ada", "dueAt": "2026-01-15T12:00:00Z"}
  """

/// The error a test's endpoint throws when the test takes the network away.
struct Offline: Error {}

/// A stand-in for the book API's server, for tests of the live and preview clients: a
/// transport that records every request it is sent and answers each with `status` and `body`
/// (or throws `Offline` when `status` is `nil`). Give it to the client as its transport:
///
/// ```swift
/// let server = StubServer(answering: 200, with: earthseaJSON)
/// let book = try await withDependencies {
///   $0.httpTransport = server.transport
/// } operation: {
///   try await BookClient.liveValue.fetch(201)
/// }
/// let request = try #require(server.requests.value.first)   // what the server received
/// ```
final class StubServer: Sendable {
  /// Every request the transport was sent, in order.
  let requests = LockIsolated<[URLRequest]>([])
  let status: Int?
  let body: String

  init(answering status: Int?, with body: String = "") {
    self.status = status
    self.body = body
  }

  /// The transport to give the client: `$0.httpTransport = server.transport`.
  var transport: HTTPTransport {
    HTTPTransport { [requests, status, body] request in
      requests.withValue { $0.append(request) }
      guard let status else { throw Offline() }
      let response = HTTPURLResponse(
        url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!
      return (Data(body.utf8), response)
    }
  }
}

/// Runs `body` and returns the messages of the issues it reported, in order, instead of letting
/// them fail the test: the way to look at what an unimplemented endpoint reports.
///
/// ```swift
/// let issues = await issuesReported {
///   _ = try? await client.search("dune")
/// }
/// #expect(issues.count == 1)
/// ```
func issuesReported(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> Void
) async -> [String] {
  let collected = LockIsolated<[String]>([])
  await withKnownIssue(isIntermittent: true, isolation: isolation) {
    await body()
  } matching: { issue in
    collected.withValue { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return collected.value
}

/// The search screen's model with a client whose every endpoint the test controls, and what
/// the test sees of it: `search` answers `books` (after a 1-second sleep on `clock` when
/// `searchSleeps`),
/// `fetch` the book of that id among `books` (else 404), `borrow` a loan due at noon; each
/// records what it was asked, and throws `failure` while it is set.
@MainActor
final class ControlledScreen {
  let clock = TestClock()
  let model: BookSearchModel
  let queries = LockIsolated<[String]>([])
  let borrowed = LockIsolated<[String]>([])
  let failure = LockIsolated<BookAPIError?>(nil)

  init(query: String = "le guin", searchSleeps: Bool = false) {
    let books = [earthsea, leftHand]
    let clock = clock
    let queries = queries
    let borrowed = borrowed
    let failure = failure
    model = withDependencies {
      $0.bookClient.search = { query in
        queries.withValue { $0.append(query) }
        if searchSleeps { try await clock.sleep(for: .seconds(1)) }
        if let error = failure.value { throw error }
        return books
      }
      $0.bookClient.fetch = { id in
        if let error = failure.value { throw error }
        guard let book = books.first(where: { $0.id == id }) else {
          throw BookAPIError(statusCode: 404)
        }
        return book
      }
      $0.bookClient.borrow = { id, reader in
        borrowed.withValue { $0.append("\(id) for \(reader)") }
        if let error = failure.value { throw error }
        return Loan(bookID: id, reader: reader, dueAt: noon)
      }
    } operation: {
      BookSearchModel(query: query)
    }
  }
}
