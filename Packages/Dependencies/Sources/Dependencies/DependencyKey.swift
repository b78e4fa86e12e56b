/// A key for a dependency that only needs a test value (and optionally a preview value).
///
/// Declare the interface of a dependency in a module that does not depend on its live
/// implementation (so features build fast) with this protocol, and conform to ``DependencyKey``
/// in the app module that links the real thing:
///
/// ```swift
/// // In the APIClient interface module:
/// extension APIClient: TestDependencyKey {
///   static let testValue = APIClient(fetchUser: unimplemented("APIClient.fetchUser"))
/// }
/// // In the live module:
/// extension APIClient: DependencyKey {
///   static let liveValue = APIClient(fetchUser: { id in try await URLSession.shared… })
/// }
/// ```
///
/// Reading a dependency that has no live value from a live context reports an issue and uses the
/// test value.
public protocol TestDependencyKey<Value> {
  /// The type of the dependency's value. Defaults to the key type itself.
  associatedtype Value: Sendable = Self

  /// The value used in previews. Defaults to ``testValue``.
  static var previewValue: Value { get }

  /// The value used in tests.
  static var testValue: Value { get }
}

/// A key that registers a dependency with ``DependencyValues``: how to find its live value, and
/// optionally its preview and test values.
///
/// ```swift
/// private enum APIClientKey: DependencyKey {
///   static let liveValue = APIClient.live
///   static let testValue = APIClient.unimplemented
/// }
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClientKey.self] }
///     set { self[APIClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// The values cascade: ``TestDependencyKey/previewValue`` defaults to ``liveValue``, and
/// ``TestDependencyKey/testValue`` defaults to ``TestDependencyKey/previewValue`` — but a test
/// that falls back this way gets an issue naming the dependency and how to fix it, because a test
/// must not reach a live implementation by accident. Overriding the dependency (even with
/// `.liveValue`) silences it.
public protocol DependencyKey<Value>: TestDependencyKey {
  /// The value used when the app runs.
  static var liveValue: Value { get }

  // Repeated from `TestDependencyKey` so that `Value` is inferred from `liveValue` alone.

  /// The type of the dependency's value. Defaults to the key type itself; otherwise it is
  /// inferred from the type of ``liveValue``.
  associatedtype Value = Self

  /// The value used in previews. Defaults to ``liveValue``.
  static var previewValue: Value { get }

  /// The value used in tests. Defaults to ``TestDependencyKey/previewValue``, after reporting an
  /// issue that says the test should override this dependency.
  static var testValue: Value { get }
}

extension DependencyKey {
  /// Defaults to ``liveValue``.
  public static var previewValue: Value { liveValue }

  /// Defaults to ``TestDependencyKey/previewValue``, after reporting that the test should
  /// override this dependency.
  public static var testValue: Value {
    if !DependencyValues.isSetting {
      reportMissingTestValue(key: Self.self, value: Value.self)
    }
    return previewValue
  }
}

extension TestDependencyKey {
  /// Defaults to ``testValue``.
  public static var previewValue: Value { testValue }

  /// Whether an unimplemented endpoint of this dependency should report when used: false while a
  /// `withDependencies` update closure reads it in order to override part of it.
  public static var shouldReportUnimplemented: Bool {
    !DependencyValues.isSetting
  }
}
