/// A property wrapper that reads a dependency from ``DependencyValues``.
///
/// Declare it in a model, a view, a function — anywhere:
///
/// ```swift
/// @Observable final class TodosModel {
///   @ObservationIgnored @Dependency(\.uuid) var uuid
///   @ObservationIgnored @Dependency(\.date.now) var now
///   var todos: [Todo] = []
///
///   func addButtonTapped() {
///     todos.append(Todo(id: uuid(), createdAt: now))
///   }
/// }
/// ```
///
/// and control it from a test:
///
/// ```swift
/// @Test(.dependency(\.uuid, .incrementing), .dependency(\.date.now, Date(timeIntervalSince1970: 0)))
/// func add() {
///   let model = TodosModel()
///   model.addButtonTapped()
///   #expect(model.todos == [Todo(id: UUID(0), createdAt: Date(timeIntervalSince1970: 0))])
/// }
/// ```
///
/// A `@Dependency` captures the values of the scope it is created in, so a model made inside
/// `withDependencies` keeps that scope's overrides for its whole life. When read, anything
/// overridden in the scope doing the reading wins over what was captured.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  @usableFromInline let initialValues: DependencyValues
  @usableFromInline let keyPath: any KeyPath<DependencyValues, Value> & Sendable
  @usableFromInline let location: DependencyLocation

  /// Reads the dependency at `keyPath`, which may reach into it (`\.date.now`).
  public init(
    _ keyPath: any KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.initialValues = DependencyValues._current
    self.keyPath = keyPath
    self.location = DependencyLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reads the dependency registered by `key`, a type that is its own key:
  ///
  /// ```swift
  /// @Dependency(APIClient.self) var apiClient
  /// ```
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Key.Value == Value {
    self.init(
      \DependencyValues.[keyType: KeyIndex<Key>()],
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The dependency's current value.
  @inlinable
  public var wrappedValue: Value {
    let state = ThreadState.current
    let saved = state.reading
    state.reading = location
    defer { state.reading = saved }
    let current = DependencyValues._current
    if current.storage === initialValues.storage || current.storage.isEmpty {
      return initialValues[keyPath: keyPath]
    }
    return initialValues.merging(current)[keyPath: keyPath]
  }
}

/// Identifies a key type inside a key path, so `@Dependency(Key.self)` can use one.
struct KeyIndex<Key>: Hashable, Sendable {
  static func == (lhs: Self, rhs: Self) -> Bool { true }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(Key.self)) }
}

extension DependencyValues {
  fileprivate subscript<Key: TestDependencyKey>(keyType index: KeyIndex<Key>) -> Key.Value {
    get { self[Key.self] }
    set { self[Key.self] = newValue }
  }
}
