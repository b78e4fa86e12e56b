import DependencyClient
import Testing

struct User: Equatable, Sendable {
  var id: Int
  var name: String
}

/// The fixture the macro's documentation would write as `@DependencyClient struct APIClient`,
/// spelled out by hand: endpoints of 0, 1 and 3 arguments, sync and async, throwing and not,
/// labelled methods, and a public-style initializer whose parameters default to unimplemented
/// endpoints (the shape a client needs when its interface lives in its own module).
struct APIClient: DependencyClient {
  /// Async, throwing, 1 argument.
  var fetchUser: @Sendable (_ id: Int) async throws -> User
  /// Async, throwing, 3 arguments.
  var search: @Sendable (_ query: String, _ page: Int, _ limit: Int) async throws -> [User]
  /// Async, non-throwing, 0 arguments, `Void`.
  var logout: @Sendable () async -> Void
  /// Async, non-throwing, 1 argument, optional result (returns `nil`, no placeholder needed).
  var cachedUser: @Sendable (_ id: Int) async -> User?
  /// Sync, throwing, 0 arguments.
  var token: @Sendable () throws -> String
  /// Sync, throwing, 3 arguments; its method has another name, like
  /// `@DependencyEndpoint(method: "rate")`.
  var saveRating: @Sendable (_ userID: Int, _ stars: Int, _ comment: String) throws -> Int
  /// Sync, non-throwing, 1 argument, with a placeholder.
  var isFavorite: @Sendable (_ userID: Int) -> Bool
  /// Sync, non-throwing, 3 arguments, `Void`.
  var track: @Sendable (_ event: String, _ userID: Int, _ tags: [String]) -> Void

  init(
    fetchUser: @escaping @Sendable (_ id: Int) async throws -> User =
      unimplementedEndpoint("APIClient.fetchUser"),
    search:
      @escaping @Sendable (_ query: String, _ page: Int, _ limit: Int) async throws -> [User] =
      unimplementedEndpoint("APIClient.search"),
    logout: @escaping @Sendable () async -> Void = unimplementedEndpoint("APIClient.logout"),
    cachedUser: @escaping @Sendable (_ id: Int) async -> User? =
      unimplementedEndpoint("APIClient.cachedUser"),
    token: @escaping @Sendable () throws -> String = unimplementedEndpoint("APIClient.token"),
    saveRating: @escaping @Sendable (_ userID: Int, _ stars: Int, _ comment: String) throws -> Int =
      unimplementedEndpoint("APIClient.saveRating"),
    isFavorite: @escaping @Sendable (_ userID: Int) -> Bool =
      unimplementedEndpoint("APIClient.isFavorite", placeholder: false),
    track: @escaping @Sendable (_ event: String, _ userID: Int, _ tags: [String]) -> Void =
      unimplementedEndpoint("APIClient.track")
  ) {
    self.fetchUser = fetchUser
    self.search = search
    self.logout = logout
    self.cachedUser = cachedUser
    self.token = token
    self.saveRating = saveRating
    self.isFavorite = isFavorite
    self.track = track
  }

  static var unimplemented: Self { Self() }
}

// Labelled methods: what `@DependencyEndpoint` generates, written once by hand.
extension APIClient {
  func fetchUser(id: Int) async throws -> User {
    try await fetchUser(id)
  }

  func search(query: String, page: Int, limit: Int) async throws -> [User] {
    try await search(query, page, limit)
  }

  func cachedUser(id: Int) async -> User? {
    await cachedUser(id)
  }

  func rate(userID: Int, stars: Int, comment: String) throws -> Int {
    try saveRating(userID, stars, comment)
  }

  func isFavorite(userID: Int) -> Bool {
    isFavorite(userID)
  }

  func track(event: String, userID: Int, tags: [String]) {
    track(event, userID, tags)
  }
}

// The interface module's registration: `testValue` is `APIClient.unimplemented`, for free.
extension APIClient: TestDependencyKey {}

extension DependencyValues {
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

/// The smallest spelling: defaults on the properties, so Swift's synthesized memberwise
/// initializer already has every parameter defaulted (enough inside one module). It is also a
/// `DependencyKey` with a live value, which a test must never reach.
struct AnalyticsClient: DependencyClient, DependencyKey {
  var track: @Sendable (_ event: String) -> Void = unimplementedEndpoint("AnalyticsClient.track")
  var isEnabled: @Sendable () -> Bool =
    unimplementedEndpoint("AnalyticsClient.isEnabled", placeholder: false)

  static var unimplemented: Self { Self() }
  static let liveValue = Self(track: { _ in }, isEnabled: { true })
}

/// Records the issues reported inside `operation` instead of failing the test, so a test can
/// look at the exact messages.
final class IssueRecorder: IssueReporter {
  private let recorded = LockIsolated<[String]>([])

  var messages: [String] { recorded.value }

  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let message = message() ?? ""
    recorded.withValue { $0.append(message) }
  }

  func record<R>(_ operation: () throws -> R) rethrows -> R {
    try withIssueReporters([self], operation: operation)
  }

  func record<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    try await withIssueReporters([self], isolation: isolation, operation: operation)
  }
}

/// True when an issue's comments name `text`: what `withKnownIssue`'s `matching:` checks.
func mentions(_ issue: Issue, _ text: String) -> Bool {
  issue.comments.contains { $0.rawValue.contains(text) }
}

/// The first line of a reported message: `Unimplemented: 'APIClient.fetchUser'`.
func firstLine(_ message: String) -> String {
  String(message.prefix { $0 != "\n" })
}
