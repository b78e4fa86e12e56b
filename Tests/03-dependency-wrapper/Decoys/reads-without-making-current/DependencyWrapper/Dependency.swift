import Dependencies

// Decoy: reads from the merged values without making them current, so a default that reads
// another dependency through `DependencyValues._current` sees the reading scope alone.

@propertyWrapper
public struct Dependency<Value>: Sendable {
  /// The values of the scope this wrapper was created in, read once, when it was created.
  private let initialValues = DependencyValues._current

  /// How to get this property's value out of a set of values: the key path applied to them.
  private let read: @Sendable (DependencyValues) -> Value

  /// Reads the dependency at `keyPath`, which may reach into the dependency's value:
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid      // the whole generator
  /// @Dependency(\.date.now) var now   // one property of the `date` dependency
  /// ```
  public init(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) {
    self.read = { values in values[keyPath: keyPath] }
  }

  /// Reads the dependency registered by `key`, for a dependency that is its own key (or has no
  /// computed property on ``DependencyValues``):
  ///
  /// ```swift
  /// struct TodosAPI: TestDependencyKey { … }
  ///
  /// @Dependency(TodosAPI.self) var api
  /// ```
  ///
  /// It sees exactly what `@Dependency(\.todosAPI)` would: captured values, the reading scope's
  /// overrides on top.
  public init<Key: TestDependencyKey>(_ key: Key.Type) where Key.Value == Value {
    self.init(\DependencyValues.[HashableKey<Key>()])
  }

  /// The dependency's value, as the code reading it should see it: the values captured when
  /// this wrapper was created, with whatever the reading scope set explicitly on top.
  public var wrappedValue: Value {
    let values = initialValues.merging(DependencyValues._current)
    return read(values)
  }
}
