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
    BookClient(
      search: { query in
        var components = URLComponents(string: "https://books.invalid/api/books")!
        components.queryItems = [URLQueryItem(name: "q", value: query)]
        return try await answer(to: URLRequest(url: components.url!), as: [Book].self)
      },
      fetch: { id in
        let url = URL(string: "https://books.invalid/api/books/\(id)")!
        return try await answer(to: URLRequest(url: url), as: Book.self)
      },
      borrow: { id, reader in
        var request = URLRequest(url: URL(string: "https://books.invalid/api/books/\(id)/loans")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(["reader": reader])
        return try await answer(to: request, as: Loan.self)
      })
  }

  /// Sends `request` with the transport, checks the status and decodes the body as `type`.
  private static func answer<Value: Decodable>(
    to request: URLRequest, as type: Value.Type
  ) async throws -> Value {
    @Dependency(\.httpTransport) var transport
    let (data, response) = try await transport.send(request)
    // Any 2xx status means the server did what was asked.
    guard response.statusCode / 100 == 2 else {
      throw BookAPIError(statusCode: response.statusCode)
    }
    let decoder = JSONDecoder()
    return try decoder.decode(type, from: data)
  }
}
