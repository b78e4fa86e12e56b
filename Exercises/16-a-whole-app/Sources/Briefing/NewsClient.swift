import Dependencies
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How the briefing reaches the news service: one endpoint, `headlines`, that fetches today's
/// headlines, most important first.
///
/// A struct of closures, so a test replaces the endpoint with the headlines of its choosing, or
/// an error:
///
/// ```swift
/// let model = withDependencies {
///   $0.newsClient.headlines = { [Headline(title: "Tide tables online", source: "Post")] }
///   $0.date.now = Date(timeIntervalSince1970: 0)
/// } operation: {
///   HeadlinesModel()
/// }
/// ```
public struct NewsClient: Sendable {
  /// Fetches today's headlines, most important first; throws when the service cannot be reached.
  public var headlines: @Sendable () async throws -> [Headline]

  /// A client whose `headlines` endpoint is the closure given.
  ///
  /// - Parameter headlines: Fetches today's headlines; throws when it cannot.
  public init(headlines: @escaping @Sendable () async throws -> [Headline]) {
    self.headlines = headlines
  }
}

/// What fetching the headlines throws when the news service answers with a status other than
/// 2xx.
public struct NewsServiceError: Error, Equatable {
  /// The HTTP status the service answered with, or `nil` when the answer was not HTTP.
  public var statusCode: Int?

  /// An error for a service that answered `statusCode`.
  public init(statusCode: Int?) {
    self.statusCode = statusCode
  }
}

extension NewsClient: DependencyKey {
  /// Fetches `https://news.invalid/headlines.json` with the session of
  /// `@Dependency(\.urlSession)` and decodes it as a JSON array of headlines.
  ///
  /// The address is reserved never to resolve: this exercise's news service does not exist, so
  /// the live app always says the headlines could not be fetched. Preview mode is how you see it
  /// work.
  public static var liveValue: NewsClient {
    NewsClient {
      @Dependency(\.urlSession) var session
      let url = URL(string: "https://news.invalid/headlines.json")!
      let (data, response) = try await session.data(from: url)
      let status = (response as? HTTPURLResponse)?.statusCode
      guard let status, status / 100 == 2 else {
        throw NewsServiceError(statusCode: status)
      }
      return try JSONDecoder().decode([Headline].self, from: data)
    }
  }

  // Step 3: in preview mode the app must run on canned data, never the network. Give the
  // client a preview value whose endpoint returns the canned headlines of
  // PreviewHeadlines.swift, at once. (For now it returns none, so preview mode shows nothing.)
  public static let previewValue = NewsClient { [] }

  // Step 3: no test value yet, so a test that reaches the client gets the preview one, with an
  // issue saying a test value is missing. Give it one whose endpoint fails the test that calls
  // it, naming "NewsClient.headlines", and throws: a test must say what the service answers.
}

extension DependencyValues {
  /// The client the briefing fetches its headlines with.
  ///
  /// A feature reads it with `@Dependency(\.newsClient)`; a test overrides its endpoint, here
  /// with a failure:
  ///
  /// ```swift
  /// struct Offline: Error {}
  ///
  /// let model = withDependencies {
  ///   $0.newsClient.headlines = { throw Offline() }
  /// } operation: {
  ///   HeadlinesModel()
  /// }
  /// ```
  public var newsClient: NewsClient {
    get { self[NewsClient.self] }
    set { self[NewsClient.self] = newValue }
  }
}
