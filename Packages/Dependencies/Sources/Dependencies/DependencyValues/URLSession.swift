import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension DependencyValues {
  /// The session a feature makes network requests with: `URLSession.shared` in the app, and in
  /// tests a session whose every request fails the test until the test provides one.
  ///
  /// Most features are better served by a client of their own (a struct of closures such as
  /// `APIClient`) whose endpoints a test replaces one by one. This dependency is for code that
  /// really works with a `URLSession`, such as the live implementation of such a client:
  ///
  /// ```swift
  /// extension APIClient: DependencyKey {
  ///   static var liveValue: APIClient {
  ///     @Dependency(\.urlSession) var urlSession
  ///     return APIClient(
  ///       fetchUser: { id in
  ///         let url = URL(string: "https://api.example.com/users/\(id)")!
  ///         let (data, _) = try await urlSession.data(from: url)
  ///         return try JSONDecoder().decode(User.self, from: data)
  ///       }
  ///     )
  ///   }
  /// }
  /// ```
  ///
  /// A test that exercises that code gives it a session that answers from memory, typically
  /// one whose configuration registers a `URLProtocol` subclass serving canned responses:
  ///
  /// ```swift
  /// @Test func fetchingAUser() async throws {
  ///   let configuration = URLSessionConfiguration.ephemeral
  ///   configuration.protocolClasses = [CannedResponses.self]
  ///   let client = withDependencies {
  ///     $0.urlSession = URLSession(configuration: configuration)
  ///   } operation: {
  ///     APIClient.liveValue
  ///   }
  ///   #expect(try await client.fetchUser(42).name == "Blob")
  /// }
  /// ```
  ///
  /// Reading the test value reports nothing; using it does. Each request made with it reports
  /// "Unimplemented: @Dependency(\.urlSession)" and fails with an error, so a test cannot reach
  /// the network by accident.
  public var urlSession: URLSession {
    get { self[URLSessionKey.self] }
    set { self[URLSessionKey.self] = newValue }
  }
}

private enum URLSessionKey: DependencyKey {
  static let liveValue = URLSession.shared

  static var testValue: URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [UnimplementedURLProtocol.self]
    return URLSession(configuration: configuration)
  }
}

/// Handles every request of the test session by reporting it, then failing it.
private final class UnimplementedURLProtocol: URLProtocol {
  /// Why a request of the test session failed.
  struct Unimplemented: Error {}

  override class func canInit(with request: URLRequest) -> Bool {
    reportUnimplementedSession()
    return true
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest {
    reportUnimplementedSession()
    return request
  }

  override func startLoading() {
    reportUnimplementedSession()
    client?.urlProtocol(self, didFailWithError: Unimplemented())
  }

  override func stopLoading() {
    reportUnimplementedSession()
  }
}

private func reportUnimplementedSession() {
  reportIssue(#"Unimplemented: @Dependency(\.urlSession)"#)
}
