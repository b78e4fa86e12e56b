import Dependencies

/// A property wrapper that reads a dependency from ``DependencyValues``.
///
/// Declare it in a model (or a struct, or a function) by naming the dependency with a key path,
/// which may reach into the value:
///
/// ```swift
/// final class TodosModel {
///   @Dependency(\.uuid) var uuid
///   @Dependency(\.date.now) var now
///   var todos: [Todo] = []
///
///   func addButtonTapped() {
///     todos.append(Todo(id: uuid(), createdAt: now))
///   }
/// }
/// ```
///
/// or by naming the key type of a dependency that is its own key:
///
/// ```swift
/// @Dependency(TodosAPI.self) var api
/// ```
///
/// The wrapper keeps the values of the scope it is created in, that is, the scope its owner is
/// created in: a model made inside `withDependencies` uses that scope's overrides for its whole
/// life, even after the scope has ended. When the property is read, whatever the reading scope
/// set explicitly wins over what was captured:
///
/// ```swift
/// let model = withDependencies {
///   $0.uuid = .incrementing
///   $0.date = .constant(Date(timeIntervalSince1970: 0))
/// } operation: {
///   TodosModel()
/// }
/// model.addButtonTapped()  // UUID(0), created at 1970
/// withDependencies {
///   $0.date = .constant(Date(timeIntervalSince1970: 60))
/// } operation: {
///   model.addButtonTapped()  // UUID(1) (captured), created a minute later (this scope's)
/// }
/// ```
@propertyWrapper
public struct Dependency<Value>: Sendable {
  #if SOLUTION
    /// The values of the scope this wrapper was created in, read once, when it was created.
    private let initialValues = DependencyValues._current
  #else
    // Step 1: keep the values of the scope this wrapper is created in. Add a stored property
    // whose initial value is `DependencyValues._current`: a stored property's initial value is
    // evaluated when the wrapper is created, which is when its owner (a model, say) is created.
    // (A computed property would read `_current` at every access instead: too late.)
  #endif

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
    #if SOLUTION
      self.init(\DependencyValues.[HashableKey<Key>()])
    #else
      // Step 4: read through the key, exactly like the key path form reads through its key
      // path: hand the other initializer a key path to the key's value. A key path cannot take
      // `Key.self` as a subscript argument, so use the given `HashableKey<Key>()`:
      // `\DependencyValues.[HashableKey<Key>()]`. The lines below read the key's default once,
      // here, and ignore every scope.
      let defaultValue = Key.testValue
      self.read = { _ in defaultValue }
    #endif
  }

  /// The dependency's value, as the code reading it should see it: the values captured when
  /// this wrapper was created, with whatever the reading scope set explicitly on top.
  public var wrappedValue: Value {
    #if SOLUTION
      let values = initialValues.merging(DependencyValues._current)
      // Made current while reading, so that a default which itself reads a dependency sees
      // the same values as this property.
      return DependencyValues.$_current.withValue(values) { read(values) }
    #else
      // Step 1 (continued): read from the values you captured instead of empty ones.
      // Step 2: make those values current while `read` runs, with
      // `DependencyValues.$_current.withValue(…) { … }`, so that a default that reads another
      // dependency (through `DependencyValues._current`) sees them too.
      // Step 3: before reading, lay the values of the scope doing the reading
      // (`DependencyValues._current`, read here, in `wrappedValue`) on top of the captured
      // ones with `merging`: what the reading scope set explicitly wins.
      // The line below ignores every scope and returns the defaults.
      return read(DependencyValues())
    #endif
  }
}
