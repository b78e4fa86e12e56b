import Dependencies
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How the book client reaches the server: one closure that sends a request and returns the
/// server's answer, whatever its status.
///
/// The live transport sends with the session of `@Dependency(\.urlSession)`; a test replaces
/// it with one that answers from memory and records what it was sent, so the live book client
/// runs without the network:
///
/// ```swift
/// let sent = LockIsolated<[URLRequest]>([])
/// let books = try await withDependencies {
///   $0.httpTransport = HTTPTransport { request in
///     sent.withValue { $0.append(request) }
///     let response = HTTPURLResponse(
///       url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!
///     return (Data("[]".utf8), response)
///   }
/// } operation: {
///   try await BookClient.liveValue.search("dune")
/// }
/// ```
public struct HTTPTransport: Sendable {
  /// Sends `request` and returns the body and the response; throws only when no answer came.
  public var send: @Sendable (_ request: URLRequest) async throws -> (Data, HTTPURLResponse)

  /// A transport whose `send` is the closure given.
  ///
  /// - Parameter send: Sends a request and returns the body and the response.
  public init(
    send: @escaping @Sendable (_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
  ) {
    self.send = send
  }
}

extension HTTPTransport: DependencyKey {
  /// Sends with the session of `@Dependency(\.urlSession)`, read at each request.
  public static var liveValue: HTTPTransport {
    HTTPTransport { request in
      @Dependency(\.urlSession) var session
      let (data, response) = try await session.data(for: request)
      guard let response = response as? HTTPURLResponse else {
        throw URLError(.badServerResponse)
      }
      return (data, response)
    }
  }

  /// Reports "Unimplemented: HTTPTransport.send" and throws, so a test that sends a request
  /// without saying how the server answers fails and says why.
  public static let testValue = HTTPTransport(send: unimplemented("HTTPTransport.send"))
}

extension DependencyValues {
  /// The transport the live book client sends its requests with.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.httpTransport = HTTPTransport { request in … }
  /// } operation: { … }
  /// ```
  public var httpTransport: HTTPTransport {
    get { self[HTTPTransport.self] }
    set { self[HTTPTransport.self] = newValue }
  }
}
