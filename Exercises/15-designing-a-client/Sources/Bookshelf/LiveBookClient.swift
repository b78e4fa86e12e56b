import Dependencies
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension BookClient: DependencyKey {
  /// The client the app uses: each endpoint builds its request to `https://books.invalid/api`,
  /// sends it with the transport of `@Dependency(\.httpTransport)`, throws ``BookAPIError`` for
  /// any status but 2xx, and decodes the answer, its dates in ISO 8601.
  ///
  /// The address is reserved never to resolve: this exercise's server does not exist.
  public static var liveValue: BookClient {
    // Step 2: the live client does nothing yet. Build each endpoint's request as the lesson
    // specifies it (method, path, query, body), send it with the transport of
    // `@Dependency(\.httpTransport)` read when the endpoint is called, throw
    // `BookAPIError(statusCode:)` for any status but 2xx, and decode the body with a
    // `JSONDecoder` that reads the API's ISO 8601 dates.
    BookClient(
      search: { _ in [] },
      fetch: { _ in throw BookAPIError(statusCode: 501) },
      borrow: { _, _ in throw BookAPIError(statusCode: 501) })
  }

}
