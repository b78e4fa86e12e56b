/// All the dependencies a piece of code can reach, and the scope that overrides them.
///
/// Register a dependency by adding a computed property that reads and writes it through its
/// key, then read it with ``Dependency`` and override it with
/// ``withDependencies(_:operation:)``:
///
/// ```swift
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClient.self] }
///     set { self[APIClient.self] = newValue }
///   }
/// }
///
/// @Observable final class ProfileModel {
///   @ObservationIgnored @Dependency(\.apiClient) var apiClient
/// }
/// ```
///
/// The current values live in a task-local, so an override reaches everything the scope calls,
/// including child tasks, and nothing outside it. A dependency that is not overridden gets its
/// default for the current ``DependencyContext`` (live, preview or test), computed once and
/// cached.
public struct DependencyValues: Sendable {
  /// The values of the current scope. Read them with `@Dependency`; change them with
  /// `withDependencies`.
  @TaskLocal public static var _current = DependencyValues()

  /// Overrides made in this scope and the scopes around it, and the default-value cache.
  @usableFromInline var storage: StorageLayer

  /// Fresh values: nothing overridden, and defaults computed anew.
  ///
  /// Assigning it inside `withDependencies` (`$0 = DependencyValues()`) resets every dependency.
  public init() {
    storage = StorageLayer()
  }

  /// Fresh values in the live context.
  public static var live: Self {
    var values = Self()
    values.context = .live
    return values
  }

  /// Fresh values in the preview context.
  public static var preview: Self {
    var values = Self()
    values.context = .preview
    return values
  }

  /// Fresh values in the test context.
  public static var test: Self {
    var values = Self()
    values.context = .test
    return values
  }

  /// Reads or overrides the dependency registered by `key`.
  ///
  /// Dependency accessors call it; its defaulted arguments record where (and by which accessor)
  /// the dependency was read, for the messages reported when something is wrong.
  ///
  /// ```swift
  /// extension DependencyValues {
  ///   var apiClient: APIClient {
  ///     get { self[APIClientKey.self] }
  ///     set { self[APIClientKey.self] = newValue }
  ///   }
  /// }
  /// ```
  ///
  /// Reading returns the value overridden in this scope or the scopes around it, else the key's
  /// default for the current ``DependencyContext``. Setting overrides the value in these values
  /// (inside `prepareDependencies`, it prepares the default instead).
  ///
  /// - Parameters:
  ///   - key: The key type that registers the dependency.
  ///   - fileID: The file ID of the read, filled in by the compiler; issues name it.
  ///   - filePath: The file path of the read, filled in by the compiler.
  ///   - line: The line of the read, filled in by the compiler.
  ///   - column: The column of the read, filled in by the compiler.
  ///   - function: The accessor doing the read, filled in by the compiler (`uuid` in the example
  ///     above); issues name the dependency with it, as in `@Dependency(\.uuid)`.
  @inlinable
  public subscript<Key: TestDependencyKey>(
    key: Key.Type,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column,
    function function: StaticString = #function
  ) -> Key.Value {
    get {
      if let value = storage.overriddenValue(of: ObjectIdentifier(key), as: Key.Value.self) {
        return value
      }
      let box = defaultBox(
        for: key,
        at: DependencyLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        function: function)
      return unsafeDowncast(box, to: DependencyBox<Key.Value>.self).value
    }
    set {
      if ThreadState.current.pointee.preparationID != nil {
        prepare(key, box: DependencyBox(newValue))
      } else {
        setOverride(ObjectIdentifier(key), newValue)
      }
    }
  }

  /// Reads or overrides the dependency registered by `type`.
  ///
  /// The form to use for a dependency whose type is its own key, when it has no accessor:
  ///
  /// ```swift
  /// withDependencies {
  ///   $0[APIClient.self] = .mock
  /// } operation: {
  ///   ProfileModel()
  /// }
  /// ```
  ///
  /// - Parameter type: The key type that registers the dependency.
  @_disfavoredOverload
  @inlinable
  public subscript<Key: TestDependencyKey>(type: Key.Type) -> Key.Value {
    get { self[type, fileID: #fileID, filePath: #filePath, line: #line, column: #column] }
    set {
      self[type, fileID: #fileID, filePath: #filePath, line: #line, column: #column] = newValue
    }
  }

  /// Stores an override on top of this value's chain, copying on write: a top link that is this
  /// value's alone and overrides the same key is updated in place.
  @inlinable
  mutating func setOverride<Value>(_ id: ObjectIdentifier, _ value: Value) {
    if storage.id == id, isKnownUniquelyReferenced(&storage) {
      unsafeDowncast(storage, to: ValueLayer<Value>.self).value = value
    } else {
      storage = ValueLayer(id: id, value: value, parent: storage)
    }
  }

  /// These values, with everything overridden in `other` taking precedence.
  @usableFromInline
  func merging(_ other: DependencyValues) -> DependencyValues {
    guard !other.storage.isEmpty, other.storage !== storage else { return self }
    var merged = self
    merged.storage = TableLayer(overrides: other.storage, over: storage)
    return merged
  }
}
