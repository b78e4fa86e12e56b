/// A type that registers one dependency and says what it is when nobody overrides it.
///
/// This exercise runs only in tests, so a key needs just a test value (the full library adds
/// `liveValue` and `previewValue` on top):
///
/// ```swift
/// enum ServerKey: TestDependencyKey {
///   static let testValue = "https://test.example.com"
/// }
/// ```
public protocol TestDependencyKey {
  /// The type of the dependency this key registers.
  associatedtype Value: Sendable
  /// The value used when the current scope has not overridden the dependency.
  static var testValue: Value { get }
}

/// Given code: the dependencies one scope can reach.
///
/// A `DependencyValues` is a plain value: a dictionary of overrides, keyed by key type. Reading a
/// dependency nobody overrode gives its key's `testValue`. Register a dependency with a computed
/// property, as in the library:
///
/// ```swift
/// extension DependencyValues {
///   var server: String {
///     get { self[ServerKey.self] }
///     set { self[ServerKey.self] = newValue }
///   }
/// }
/// ```
public struct DependencyValues: Sendable {
  /// The values of the scope the running code is in.
  ///
  /// A task-local: it can only be changed for the duration of a closure
  /// (`DependencyValues.$_current.withValue(values) { … }`), and tasks created inside that
  /// closure (`async let`, task groups, `Task { }`) start with a copy of it. `Task.detached`
  /// starts from the default, `DependencyValues()`, where nothing is overridden.
  @TaskLocal public static var _current = DependencyValues()

  /// The overrides: one entry per key type that was set.
  private var storage: [ObjectIdentifier: any Sendable] = [:]

  /// Values with nothing overridden: every dependency reads as its key's `testValue`.
  public init() {}

  /// Reads the dependency registered by `key` (the override if there is one, else
  /// `Key.testValue`), or overrides it.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get { storage[ObjectIdentifier(key)] as? Key.Value ?? Key.testValue }
    set { storage[ObjectIdentifier(key)] = newValue }
  }

  /// These values with `other`'s overrides laid on top: where both set a dependency, `other`
  /// wins; where only one does, its override is kept.
  ///
  /// ```swift
  /// var parent = DependencyValues()
  /// parent.server = "parent"
  /// parent.account = "blob"
  /// var scope = DependencyValues()
  /// scope.server = "scope"
  /// let merged = parent.merging(scope)  // server "scope", account "blob"
  /// ```
  public func merging(_ other: DependencyValues) -> DependencyValues {
    var merged = self
    merged.storage.merge(other.storage) { _, theirs in theirs }
    return merged
  }
}
