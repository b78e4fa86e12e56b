import Dependencies
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where the noticeboard gets today's headlines: from the network in the app, from whatever
/// the test says in tests.
///
/// A struct of closures, so a test replaces just the endpoint it needs, with an answer or an
/// error of its choosing:
///
/// ```swift
/// let model = withDependencies {
///   $0.headlines.fetch = { ["Library opens late today"] }
/// } operation: {
///   NoticeboardModel()
/// }
/// await model.refresh()
/// ```
public struct HeadlinesClient: Sendable {
  /// Fetches today's headlines, newest first; throws when they cannot be loaded.
  public var fetch: @Sendable () async throws -> [String]

  /// A client whose `fetch` endpoint is the closure given.
  ///
  /// - Parameter fetch: Fetches today's headlines, newest first; throws when they cannot be
  ///   loaded.
  public init(fetch: @escaping @Sendable () async throws -> [String]) {
    self.fetch = fetch
  }
}

extension HeadlinesClient: DependencyKey {
  /// Fetches a JSON array of strings from `https://example.com/headlines.json`.
  public static var liveValue: HeadlinesClient {
    @Dependency(\.urlSession) var urlSession
    return HeadlinesClient {
      let url = URL(string: "https://example.com/headlines.json")!
      let (data, _) = try await urlSession.data(from: url)
      return try JSONDecoder().decode([String].self, from: data)
    }
  }

  /// Reports "Unimplemented: HeadlinesClient.fetch" and throws when called, so a test that
  /// reaches the network without saying what it answers fails and says why.
  public static let testValue = HeadlinesClient(fetch: unimplemented("HeadlinesClient.fetch"))
}

extension DependencyValues {
  /// The client the noticeboard loads its headlines with.
  ///
  /// A model reads it with `@Dependency(\.headlines)`; a test overrides the endpoint it expects
  /// to be called, here with a failure:
  ///
  /// ```swift
  /// struct Offline: Error {}
  ///
  /// let model = withDependencies {
  ///   $0.headlines.fetch = { throw Offline() }
  /// } operation: {
  ///   NoticeboardModel()
  /// }
  /// await model.refresh()
  /// #expect(model.errorMessage == "Could not load the headlines.")
  /// ```
  public var headlines: HeadlinesClient {
    get { self[HeadlinesClient.self] }
    set { self[HeadlinesClient.self] = newValue }
  }
}
