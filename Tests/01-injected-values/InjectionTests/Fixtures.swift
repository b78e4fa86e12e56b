import Injection

// The app the tests exercise, and the dependencies they override.
//
// The store is one global value, and Swift Testing runs tests in parallel, in one process. So
// every test that writes to the store has dependencies of its own that no other test touches
// (see "Owned by" below), each with a value type of its own.

// MARK: - The app: a reading list that loads article titles from a server

/// Talks to the server that hosts the articles.
protocol NetworkProviding: Sendable {
  func fetchArticleTitles() async throws -> [String]
}

/// The real provider. (In these tests it never touches the network: it answers with a marker
/// so that a test can tell it was used.)
struct LiveNetworkProvider: NetworkProviding {
  func fetchArticleTitles() async throws -> [String] {
    ["(an answer from the real server)"]
  }
}

/// A provider for tests: answers at once with the titles it was given.
struct StubNetworkProvider: NetworkProviding {
  var titles: [String]

  func fetchArticleTitles() async throws -> [String] {
    titles
  }
}

/// How the app registers its network provider: a key with the real provider as default...
enum NetworkProviderKey: InjectionKey {
  static let defaultValue: any NetworkProviding = LiveNetworkProvider()
}

/// ...and a property of `InjectedValues`, so that code can name it `\.networkProvider`.
/// Owned by `WithValueTests/testsTheArticleListWithAStub()`.
extension InjectedValues {
  var networkProvider: any NetworkProviding {
    get { self[NetworkProviderKey.self] }
    set { self[NetworkProviderKey.self] = newValue }
  }
}

/// The screen's model. It never creates its provider: it asks for one with `@Injected`.
@MainActor final class ArticleListModel {
  @Injected(\.networkProvider) var networkProvider: any NetworkProviding
  private(set) var titles: [String] = []
  private(set) var errorMessage: String?

  func load() async {
    do {
      titles = try await networkProvider.fetchArticleTitles()
      errorMessage = nil
    } catch {
      errorMessage = "The articles could not be loaded."
    }
  }
}

// MARK: - Step 1: two keys with the same value type (read on local values only)

/// The greeting on the home screen. Default: "Hello".
enum GreetingKey: InjectionKey {
  static let defaultValue = "Hello"
}

/// The app's accent colour, by name. Default: "blue". A `String`, like `GreetingKey`.
enum AccentColorKey: InjectionKey {
  static let defaultValue = "blue"
}

extension InjectedValues {
  var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
  var accentColor: String {
    get { self[AccentColorKey.self] }
    set { self[AccentColorKey.self] = newValue }
  }
}

// MARK: - Steps 2 to 4: one dependency per test, each with its own value type

/// The server the app talks to. Owned by `StoreTests/writesAreSeenByTheNextRead()`.
struct APIBaseURL: Equatable, Sendable {
  var address: String
}
enum APIBaseURLKey: InjectionKey {
  static let defaultValue = APIBaseURL(address: "https://api.example.com")
}

/// The signed-in user's token. Owned by `StoreTests/writesAreSeenFromOtherTasks()`.
struct SessionToken: Equatable, Sendable {
  var token: String
}
enum SessionTokenKey: InjectionKey {
  static let defaultValue = SessionToken(token: "signed out")
}

/// The colour theme. Owned by `InjectedWrapperTests/readsTheStoreWhenAccessed()`.
struct Theme: Equatable, Sendable {
  var name: String
}
enum ThemeKey: InjectionKey {
  static let defaultValue = Theme(name: "light")
}

/// How many articles a page shows. Owned by
/// `InjectedWrapperTests/settingTheWrapperWritesTheStore()`.
struct PageSize: Equatable, Sendable {
  var count: Int
}
enum PageSizeKey: InjectionKey {
  static let defaultValue = PageSize(count: 20)
}

/// The banner on the first screen. Owned by `WithValueTests/overridesOnlyDuringTheOperation()`.
struct WelcomeMessage: Equatable, Sendable {
  var text: String
}
enum WelcomeMessageKey: InjectionKey {
  static let defaultValue = WelcomeMessage(text: "Welcome!")
}

/// How often a failed request is tried again. Owned by
/// `WithValueTests/restoresWhenTheOperationThrows()`.
struct RetryLimit: Equatable, Sendable {
  var attempts: Int
}
enum RetryLimitKey: InjectionKey {
  static let defaultValue = RetryLimit(attempts: 3)
}

extension InjectedValues {
  var apiBaseURL: APIBaseURL {
    get { self[APIBaseURLKey.self] }
    set { self[APIBaseURLKey.self] = newValue }
  }
  var sessionToken: SessionToken {
    get { self[SessionTokenKey.self] }
    set { self[SessionTokenKey.self] = newValue }
  }
  var theme: Theme {
    get { self[ThemeKey.self] }
    set { self[ThemeKey.self] = newValue }
  }
  var pageSize: PageSize {
    get { self[PageSizeKey.self] }
    set { self[PageSizeKey.self] = newValue }
  }
  var welcomeMessage: WelcomeMessage {
    get { self[WelcomeMessageKey.self] }
    set { self[WelcomeMessageKey.self] = newValue }
  }
  var retryLimit: RetryLimit {
    get { self[RetryLimitKey.self] }
    set { self[RetryLimitKey.self] = newValue }
  }
}

/// The error the throwing tests throw.
struct RequestFailed: Error, Equatable {}
