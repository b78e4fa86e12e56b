/// A struct-of-closures dependency that can make its own "unimplemented" value — an instance
/// whose every endpoint fails the test that calls it, by name.
///
/// Conform a client to it and write ``unimplemented`` once: when every closure property (or
/// every parameter of the initializer) defaults to an `unimplementedEndpoint(…)`, it is just
/// `Self()`. Then, if the client is its own dependency key, its `testValue` comes for free:
///
/// ```swift
/// struct APIClient: DependencyClient {
///   var fetchUser: @Sendable (_ id: Int) async throws -> User =
///     unimplementedEndpoint("APIClient.fetchUser")
///   var logout: @Sendable () async -> Void = unimplementedEndpoint("APIClient.logout")
///
///   static var unimplemented: Self { Self() }
/// }
///
/// extension APIClient: TestDependencyKey {}  // testValue is APIClient.unimplemented
///
/// @Test(.dependency(APIClient(fetchUser: { id in User(id: id) })))
/// func profile() async throws {
///   // fetchUser is overridden; calling logout fails the test with
///   // "Unimplemented: 'APIClient.logout'".
/// }
/// ```
///
/// This protocol is the macro-free stand-in for swift-dependencies' `@DependencyClient` macro.
public protocol DependencyClient: Sendable {
  /// A client whose every endpoint reports "Unimplemented: 'Client.endpoint'" when called, then
  /// throws `UnimplementedFailure` or returns a placeholder.
  ///
  /// ```swift
  /// static var unimplemented: Self { Self() }
  /// ```
  static var unimplemented: Self { get }
}

extension DependencyClient where Self: TestDependencyKey, Value == Self {
  /// ``DependencyClient/unimplemented``: a test fails, by endpoint, as soon as it calls anything
  /// it did not override.
  ///
  /// ```swift
  /// extension APIClient: TestDependencyKey {}
  /// ```
  public static var testValue: Self { unimplemented }
}

extension DependencyClient where Self: DependencyKey, Value == Self {
  /// ``DependencyClient/unimplemented``, for a client that also has its live value: a test
  /// never reaches the live implementation by accident.
  ///
  /// ```swift
  /// extension APIClient: DependencyKey {
  ///   static let liveValue = APIClient(fetchUser: { id in try await URLSession.shared.user(id) })
  /// }
  /// ```
  public static var testValue: Self { unimplemented }
}
