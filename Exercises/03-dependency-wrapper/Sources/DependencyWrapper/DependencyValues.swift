import Dependencies

// Given: you read this file, you do not change it.
//
// A deliberately small `DependencyValues`, just enough for the property wrapper you write in
// `Dependency.swift`. The real one (and the one you built in exercise 02) computes live,
// preview and test defaults and caches them; here a key's default is simply its `testValue`.

/// The keys of this module are the library's: a type that conforms to `TestDependencyKey`
/// registers a dependency by giving it a `testValue`, as in exercise 02.
///
/// ```swift
/// enum ServerKey: TestDependencyKey {
///   static let testValue = "https://localhost"
/// }
/// ```
public typealias TestDependencyKey = Dependencies.TestDependencyKey

/// The dependencies of one scope: the values set explicitly in it, and a default for every
/// other key.
///
/// Register a dependency with a key and a computed property, then read and override it through
/// that property:
///
/// ```swift
/// extension DependencyValues {
///   var server: String {
///     get { self[ServerKey.self] }
///     set { self[ServerKey.self] = newValue }
///   }
/// }
///
/// withDependencies {
///   $0.server = "https://staging.example.com"
/// } operation: {
///   DependencyValues._current.server  // "https://staging.example.com"
/// }
/// ```
public struct DependencyValues: Sendable {
  /// The values of the scope the current code runs in.
  ///
  /// A task-local: `withDependencies` changes it for the duration of its `operation`, and child
  /// tasks inherit it. Outside every scope it holds no explicit values, so every key reads its
  /// default.
  @TaskLocal public static var _current = DependencyValues()

  /// The values set explicitly, keyed by the type of their key. A key that is missing here
  /// reads its default.
  private var explicitValues: [ObjectIdentifier: any Sendable] = [:]

  /// Values with nothing set: every key reads its default.
  public init() {}

  /// The value registered by `key`: the one set explicitly in these values, else the key's
  /// `testValue`.
  ///
  /// Setting a value marks it as explicitly set, even when it equals the default.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      guard let value = explicitValues[ObjectIdentifier(key)] else { return Key.testValue }
      // Only `set` writes this entry, always with a `Key.Value`.
      return value as! Key.Value
    }
    set {
      explicitValues[ObjectIdentifier(key)] = newValue
    }
  }

  /// These values with everything set explicitly in `other` laid on top: where both set a key,
  /// `other`'s value wins; where neither does, the key keeps reading its default.
  ///
  /// ```swift
  /// var captured = DependencyValues()
  /// captured.server = "captured"
  /// captured.account = "blob"
  /// var reading = DependencyValues()
  /// reading.server = "reading"
  ///
  /// let merged = captured.merging(reading)
  /// merged.server   // "reading": set in both, `other` wins
  /// merged.account  // "blob": set in `captured` only
  /// ```
  public func merging(_ other: DependencyValues) -> DependencyValues {
    var merged = self
    merged.explicitValues.merge(other.explicitValues) { _, fromOther in fromOther }
    return merged
  }
}

/// A key type in a form a key path can take as a subscript argument.
///
/// A key path's subscript arguments must be `Hashable` and `Sendable`, and a metatype such as
/// `TodosAPI.self` is neither, so `\DependencyValues.[TodosAPI.self]` does not compile. This
/// wrapper carries the key in its type instead:
///
/// ```swift
/// let keyPath = \DependencyValues.[HashableKey<TodosAPI>()]  // reads values[TodosAPI.self]
/// ```
public struct HashableKey<Key: TestDependencyKey>: Hashable, Sendable {
  public init() {}
}

extension DependencyValues {
  /// The value registered by the key type that `key` carries: the same as `self[Key.self]`,
  /// for key paths.
  public subscript<Key: TestDependencyKey>(key: HashableKey<Key>) -> Key.Value {
    self[Key.self]
  }
}
