/// Given code: the `@Dependency` property wrapper you built in exercise 03.
///
/// It captures the values of the scope it is created in, so a model made inside
/// `withDependencies` keeps that scope's overrides after the scope has ended. When it is read,
/// anything overridden in the scope doing the reading wins over what it captured.
///
/// ```swift
/// final class ProfileModel {
///   @Dependency(\.apiClient) var apiClient
///
///   func load() async throws -> User { try await apiClient.fetchUser(42) }
/// }
/// ```
@propertyWrapper
public struct Dependency<Value>: Sendable {
  /// The values of the scope this property was created in, read once, in `init`.
  let capturedValues: DependencyValues
  private let keyPath: any KeyPath<DependencyValues, Value> & Sendable

  /// Reads the dependency at `keyPath` (`@Dependency(\.server) var server`).
  public init(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
    self.capturedValues = DependencyValues._current
  }

  /// The captured values, with the reading scope's overrides on top.
  public var wrappedValue: Value {
    capturedValues.merging(DependencyValues._current)[keyPath: keyPath]
  }
}

/// Something that captured a scope's values when it was created.
///
/// `@Dependency` does: in a class, `@Dependency(\.server) var server` is stored as a property
/// named `_server` whose value is a `Dependency<String>`. `withDependencies(from:)` looks
/// through a model's stored properties for the first value that conforms to this protocol.
protocol CapturesDependencies {
  /// The values of the scope this was created in.
  var capturedValues: DependencyValues { get }
}

extension Dependency: CapturesDependencies {}
