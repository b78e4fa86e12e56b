import Dependencies
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How the raffle reaches its server: one endpoint, `post`, that files a draw.
///
/// A struct of closures, so a test replaces the endpoint with an answer or an error of its
/// choosing, and sees what the model posted:
///
/// ```swift
/// let posted = LockIsolated<[Draw]>([])
/// let model = withDependencies {
///   $0.raffleClient.post = { draw in posted.withValue { $0.append(draw) } }
/// } operation: {
///   RaffleModel(entrants: ["Ada", "Grace"])
/// }
/// ```
public struct RaffleClient: Sendable {
  /// Files `draw` with the raffle server; throws when the server cannot be reached or refuses.
  public var post: @Sendable (_ draw: Draw) async throws -> Void

  /// A client whose `post` endpoint is the closure given.
  ///
  /// - Parameter post: Files a draw with the raffle server; throws when it cannot.
  public init(post: @escaping @Sendable (_ draw: Draw) async throws -> Void) {
    self.post = post
  }
}

extension RaffleClient: DependencyKey {
  /// Posts the draw as JSON to `https://raffle.invalid/draws`, with the session of
  /// `@Dependency(\.urlSession)`, and throws ``RaffleServerError`` unless the server answers 2xx.
  ///
  /// The address is reserved never to resolve: this exercise's server does not exist.
  public static var liveValue: RaffleClient {
    RaffleClient { draw in
      @Dependency(\.urlSession) var session
      var request = URLRequest(url: URL(string: "https://raffle.invalid/draws")!)
      request.httpMethod = "POST"
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      let encoder = JSONEncoder()
      encoder.dateEncodingStrategy = .iso8601
      request.httpBody = try encoder.encode(draw)
      let (_, response) = try await session.data(for: request)
      // Mutant: any status is taken as success.
      _ = response
    }
  }

  /// Reports "Unimplemented: RaffleClient.post" and throws when called, so a test that posts
  /// without saying what the server answers fails and says why.
  public static let testValue = RaffleClient(post: unimplemented("RaffleClient.post"))
}

extension DependencyValues {
  /// The client the raffle posts its draws with.
  ///
  /// A model reads it with `@Dependency(\.raffleClient)`; a test overrides the endpoint it
  /// expects to be called, here with a failure:
  ///
  /// ```swift
  /// struct Offline: Error {}
  ///
  /// let model = withDependencies {
  ///   $0.raffleClient.post = { _ in throw Offline() }
  ///   // … and the clock, uuid, date and generator
  /// } operation: {
  ///   RaffleModel(entrants: ["Ada"])
  /// }
  /// ```
  public var raffleClient: RaffleClient {
    get { self[RaffleClient.self] }
    set { self[RaffleClient.self] = newValue }
  }
}
