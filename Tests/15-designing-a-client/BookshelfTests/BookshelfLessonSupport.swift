import Bookshelf
import Dependencies
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// What the lesson's tests share: books and answers in the API's JSON, a stand-in transport, a
// search screen whose client the test controls, and the words failure messages use. Nothing
// here checks anything.

/// A fixed moment for the date dependency: 1 January 2026, 12:00 UTC.
let lessonNoon = Date(timeIntervalSince1970: 1_767_268_800)

/// How long a test waits, in real time, for a search to fall asleep on its test clock. A search
/// that asks a client that sleeps there does so at once, and one that returns without asking is
/// seen at once; the wait only bounds a search that waits on something else.
let lessonSleepTimeout = Duration.seconds(2)

/// A book the tests' server and clients answer with; not on the preview shelf.
let lessonEarthsea = Book(
  id: 101, title: "A Wizard of Earthsea", author: "Ursula K. Le Guin",
  published: Date(timeIntervalSince1970: -63_158_400))

/// Another book of the tests; not on the preview shelf.
let lessonLeftHand = Book(
  id: 102, title: "The Left Hand of Darkness", author: "Ursula K. Le Guin",
  published: Date(timeIntervalSince1970: -31_536_000))

/// The two books as the book API sends them: dates in ISO 8601.
let lessonSearchJSON = """
  [{"id": 101, "title": "A Wizard of Earthsea", "author": "Ursula K. Le Guin", \
  "published": "1968-01-01T00:00:00Z"}, \
  {"id": 102, "title": "The Left Hand of Darkness", "author": "Ursula K. Le Guin", \
  "published": "1969-01-01T00:00:00Z"}]
  """

/// `lessonEarthsea` as the book API sends it.
let lessonEarthseaJSON = """
  {"id": 101, "title": "A Wizard of Earthsea", "author": "Ursula K. Le Guin", \
  "published": "1968-01-01T00:00:00Z"}
  """

/// A loan of book 101 to Ada, due 15 January 2026 at noon, as the book API sends it.
let lessonLoanJSON = """
  {"bookID": 101, "reader": "Ada", "dueAt": "2026-01-15T12:00:00Z"}
  """

/// The loan of `lessonLoanJSON`.
let lessonLoan = Loan(
  bookID: 101, reader: "Ada", dueAt: lessonNoon.addingTimeInterval(14 * 86_400))

/// The error the tests' transport and clients throw when the test takes the network away.
struct LessonOffline: Error {}

/// A request as the stand-in transport received it.
struct LessonRequest: Sendable {
  var method: String
  var url: URL?
  var contentType: String?
  var body: Data?

  /// "GET https://…", as a message shows it.
  var line: String { "\(method) \(url?.absoluteString ?? "(no URL)")" }

  /// "GET https://…" without the query.
  var lineWithoutQuery: String { "\(method) \(origin)\(path ?? "")" }

  /// The URL's path, without the query.
  var path: String? { url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }?.path }

  /// "https://books.invalid", the URL's scheme and host.
  var origin: String { "\(url?.scheme ?? "")://\(url?.host ?? "")" }

  /// The URL's query items, decoded, as name=value pairs.
  var query: [String] {
    guard let url, let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
    else { return [] }
    return items.map { "\($0.name)=\($0.value ?? "")" }
  }

  /// The body read as a JSON object of strings, or `nil` when it is not one.
  var jsonFields: [String: String]? {
    body.flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: String] }
  }
}

/// A stand-in for the book API's server: a transport that records each request and answers
/// it with `status` and `body`, or throws `LessonOffline` when `status` is `nil`.
final class LessonServer: Sendable {
  let received = LockIsolated<[LessonRequest]>([])
  let status: Int?
  let body: String

  init(answering status: Int?, with body: String = "") {
    self.status = status
    self.body = body
  }

  var transport: HTTPTransport {
    HTTPTransport { [received, status, body] request in
      received.withValue {
        $0.append(
          LessonRequest(
            method: request.httpMethod ?? "GET", url: request.url,
            contentType: request.value(forHTTPHeaderField: "Content-Type"),
            body: request.httpBody))
      }
      guard let status else { throw LessonOffline() }
      let response = HTTPURLResponse(
        url: request.url ?? URL(string: "https://books.invalid")!, statusCode: status,
        httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])!
      return (Data(body.utf8), response)
    }
  }

  /// Runs `call` on the client `makeClient` makes with this server as the transport, and
  /// returns what it returned or threw.
  func run<Value>(
    _ makeClient: @autoclosure () -> BookClient,
    _ call: (BookClient) async throws -> Value
  ) async -> Result<Value, any Error> {
    await withDependencies {
      $0.httpTransport = transport
      $0.date = .constant(lessonNoon)
    } operation: {
      do {
        return .success(try await call(makeClient()))
      } catch {
        return .failure(error)
      }
    }
  }
}

/// The client `@Dependency(\.bookClient)` reads where this is called.
func lessonReadClient() -> BookClient {
  @Dependency(\.bookClient) var client
  return client
}

/// What `body` returned or threw.
func lessonOutcome<Value>(_ body: () async throws -> Value) async -> Result<Value, any Error> {
  do {
    return .success(try await body())
  } catch {
    return .failure(error)
  }
}

/// The status of the `BookAPIError` `result` threw, or `nil` when it threw nothing of the kind.
func lessonThrownStatus<Value>(_ result: Result<Value, any Error>) -> Int? {
  guard case .failure(let error) = result, let error = error as? BookAPIError else { return nil }
  return error.statusCode
}

/// What an endpoint's outcome was, as a message says it: "returned …" or "threw …".
func lessonShown<Value>(_ result: Result<Value, any Error>, _ show: (Value) -> String) -> String {
  switch result {
  case .success(let value): return "returned \(show(value))"
  case .failure(let error): return "threw \(lessonShown(error))"
  }
}

/// An error as a message shows it: `BookAPIError(statusCode: 404)`, or its type.
func lessonShown(_ error: any Error) -> String {
  if let error = error as? BookAPIError { return "BookAPIError(statusCode: \(error.statusCode))" }
  return "\(type(of: error))"
}

/// Books as a message shows them: their titles.
func lessonShown(_ books: [Book]) -> String {
  "[\(books.map { "\"\($0.title)\"" }.joined(separator: ", "))]"
}

/// A book as a message shows it: its title, or "no book".
func lessonShown(_ book: Book?) -> String {
  guard let book else { return "no book" }
  return book == lessonEarthsea || Book.previewShelf.contains(book) || book == lessonLeftHand
    ? "\"\(book.title)\"" : "\"\(book.title)\" with other fields"
}

/// A loan as a message shows it.
func lessonShown(_ loan: Loan?) -> String {
  guard let loan else { return "no loan" }
  let days = loan.dueAt.timeIntervalSince(lessonNoon) / 86_400
  let due = abs(days) < 1000 ? "noon + \(days) days" : "a date nowhere near noon, 1 January 2026"
  return "a loan of book \(loan.bookID) to \"\(loan.reader)\", due \(due)"
}

/// `text` as a message shows it: in quotes, or "nothing" when it is `nil`.
func lessonShown(_ text: String?) -> String {
  text.map { "\"\($0)\"" } ?? "nothing"
}

/// The endpoint an "Unimplemented: …" issue names, or `nil` for any other issue.
func lessonUnimplementedName(_ issue: String) -> String? {
  let firstLine = issue.prefix { $0 != "\n" }
  guard firstLine.hasPrefix("Unimplemented: ") else { return nil }
  var name = firstLine.dropFirst("Unimplemented: ".count)
  if name.hasSuffix(" …") { name = name.dropLast(2) }
  return String(name).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
}

/// Runs `body` and returns the messages of the issues it reported, in order, instead of letting
/// them fail the test.
func lessonIssues(
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

/// Calls one endpoint of the client a test reads when it overrides nothing, and records a
/// failure unless the call reported exactly one issue, "Unimplemented: `endpoint`", and threw.
func lessonCheckUnimplemented(
  _ endpoint: String, calling call: String,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: (BookClient) async throws -> Void
) async {
  @Dependency(\.bookClient) var client
  let threw = LockIsolated(false)
  let issues = await lessonIssues {
    do {
      try await body(client)
    } catch {
      threw.setValue(true)
    }
  }
  let named = issues.filter { lessonUnimplementedName($0) == endpoint }
  let seen =
    issues.isEmpty
    ? "it reported no issue"
    : named.isEmpty
      ? "the first issue it reported began \"\(issues[0].prefix { $0 != "\n" })\""
      : named.count == 1
        ? "it also reported \(issues.count - 1) other issue(s)"
        : "it reported that issue \(named.count) times"
  lessonCheck(
    issues.count == 1 && named.count == 1,
    """
    In a test that overrides nothing, `\(call)` should report one issue, "Unimplemented: \
    \(endpoint) …", but \(seen). Step 1: each endpoint of the test value fails the test that \
    calls it, by name.
    """, sourceLocation: sourceLocation)
  lessonCheck(
    threw.value,
    """
    In a test that overrides nothing, `\(call)` returned normally: an endpoint of the test \
    value must throw, so that the code calling it takes its error path instead of carrying on.
    """, sourceLocation: sourceLocation)
}

/// The search screen's model, made with a client whose every endpoint the test controls, and
/// what the test sees of it: `search` answers `searchAnswer` (after a 1-second sleep on `clock`
/// when asked to), `fetch` answers the lesson's books by id (else 404), `borrow` lends for two
/// weeks from noon; each records what it was asked, and throws `failure` while it is set.
@MainActor
final class LessonSearchScreen {
  let clock = TestClock()
  let model: BookSearchModel
  let queries = LockIsolated<[String]>([])
  let fetched = LockIsolated<[Int]>([])
  let borrowed = LockIsolated<[String]>([])
  let searchAnswer = LockIsolated<[Book]>([lessonEarthsea, lessonLeftHand])
  /// While set, every endpoint throws it.
  let failure = LockIsolated<BookAPIError?>(nil)

  init(query: String = "le guin", searchWaitsOnTheClock: Bool = false) {
    let clock = clock
    let queries = queries
    let fetched = fetched
    let borrowed = borrowed
    let searchAnswer = searchAnswer
    let failure = failure
    model = withDependencies {
      $0.bookClient.search = { query in
        queries.withValue { $0.append(query) }
        if searchWaitsOnTheClock { try await clock.sleep(for: .seconds(1)) }
        if let error = failure.value { throw error }
        return searchAnswer.value
      }
      $0.bookClient.fetch = { id in
        fetched.withValue { $0.append(id) }
        if let error = failure.value { throw error }
        guard let book = [lessonEarthsea, lessonLeftHand].first(where: { $0.id == id }) else {
          throw BookAPIError(statusCode: 404)
        }
        return book
      }
      $0.bookClient.borrow = { id, reader in
        borrowed.withValue { $0.append("\(id) for \(reader)") }
        if let error = failure.value { throw error }
        return Loan(bookID: id, reader: reader, dueAt: lessonNoon.addingTimeInterval(14 * 86_400))
      }
    } operation: {
      BookSearchModel(query: query)
    }
  }

  /// Starts a search in a task of its own, as the search field does.
  func startSearch() -> Task<Void, Never> {
    let model = model
    return Task { await model.search() }
  }

  /// Waits until the client's `search` sleeps on the test clock, or the search ends without
  /// that. When nothing sleeps there by then (or by `lessonSleepTimeout`), records a failure
  /// saying so, cancels the search, waits for it to end, and returns `false`.
  func waitUntilAsked(_ searching: Task<Void, Never>) async -> Bool {
    var returned = false
    await withKnownIssue(isIntermittent: true) {
      returned = await lessonWaitForSleeper(on: clock, orEndOf: searching)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("TestClock") }
    }
    guard clock.pendingSleeperCount == 0 else { return true }
    Issue.record(
      """
      A search for "le guin" was started with a `bookClient.search` that sleeps on the test \
      clock, but \(returned ? "it returned before anything slept" : "within 2 seconds nothing slept") \
      there: the endpoint was called \(queries.value.count) time(s). Step 4: `search()` asks the \
      client of `@Dependency(\\.bookClient)`.
      """)
    searching.cancel()
    await searching.value
    return false
  }
}

/// Records `message` as a failure unless `condition` holds. Unlike `#expect`, the failure says
/// only `message`, in words that are the same on every run.
func lessonCheck(
  _ condition: Bool, _ message: @autoclosure () -> String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard !condition else { return }
  Issue.record(Comment(rawValue: message()), sourceLocation: sourceLocation)
}

/// Waits until `clock` has a sleeper or `task` has ended, whichever comes first, and at most
/// `lessonSleepTimeout`; returns `true` when `task` ended first. A task that has ended will
/// never sleep, so waiting on would only keep a failing test from ending.
func lessonWaitForSleeper(on clock: TestClock<Duration>, orEndOf task: Task<Void, Never>) async
  -> Bool
{
  let (ends, end) = AsyncStream<Void>.makeStream()
  // Follows `task` on the side: while the task sleeps this waits with it, until the test wakes it.
  Task {
    await task.value
    end.finish()
  }
  return await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      await clock.waitForSleepers(count: 1, timeout: lessonSleepTimeout)
      return false
    }
    group.addTask {
      for await _ in ends {}
      // Cancelled because a sleeper came first, or because `task` ended.
      return !Task.isCancelled
    }
    let endedFirst = await group.next() ?? false
    group.cancelAll()
    return endedFirst
  }
}
