// How a read works: `@Dependency(\.uuid) var uuid`, then `uuid()`. The files a read passes, in
// order (paths from Sources/Dependencies):
//
// 1. Dependency.swift (this file). Creating the wrapper captures the current values, the
//    task-local `DependencyValues._current`. `wrappedValue` notes where the read comes from
//    (for messages: `ThreadState.reading`), takes the reading scope's values and, unless they
//    override nothing new, lays them over the captured ones (`merging`), then calls the accessor.
// 2. DependencyValues/UUID.swift (wherever the accessor lives): `self[UUIDGeneratorKey.self]`.
// 3. DependencyValues.swift: `subscript(key:)`. An override wins; otherwise the default.
// 4. Internal/Performance/Storage.swift: `overriddenValue(of:as:)` walks the overrides, newest
//    first. (In meaning a dictionary; see Tests/DependenciesTests/ReferenceModel.swift.)
// 5. DefaultValues.swift: `defaultBox(for:at:function:)` picks the context (an override of
//    `\.context`, else Internal/ContextDetection.swift) and asks the cache.
// 6. Internal/DefaultValueCache.swift: the default for this key, context and test, computed at
//    most once (`computeDefault` in DefaultValues.swift, by the cascade in DependencyKey.swift),
//    kept in an Internal/Performance/IdentifierTable.swift.
// 7. Internal/Messages.swift, only when something is wrong (a test value standing in for a
//    missing live value): the issue names the `@Dependency` line noted in step 1.
//
// Files under Internal/Performance exist only for speed; the package README says what each
// replaces.

/// A property wrapper that reads a dependency from ``DependencyValues``.
///
/// Declare it in a model, a view, a function — anywhere, and control it from a test (in a test
/// target that depends on `DependenciesTestSupport`):
///
/// ```swift
/// import Dependencies
/// import DependenciesTestSupport
/// import Foundation
/// import Observation
/// import Testing
///
/// struct Todo: Equatable {
///   var id: UUID
///   var createdAt: Date
/// }
///
/// @Observable final class TodosModel {
///   @ObservationIgnored @Dependency(\.uuid) var uuid
///   @ObservationIgnored @Dependency(\.date.now) var now
///   var todos: [Todo] = []
///
///   func addButtonTapped() {
///     todos.append(Todo(id: uuid(), createdAt: now))
///   }
/// }
///
/// @Test(
///   .dependency(\.uuid, .incrementing),
///   .dependency(\.date.now, Date(timeIntervalSince1970: 0))
/// )
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
  /// Reads the value out of a set of values: the key path literal as a function, so a read is a
  /// direct call to the accessor rather than a trip through the key path machinery.
  @usableFromInline let read: @Sendable (DependencyValues) -> Value
  @usableFromInline let location: DependencyLocation

  /// Reads the dependency at `keyPath`, which may reach into it (`\.date.now`).
  ///
  /// A key path literal (`@Dependency(\.uuid)`) is taken as a function by the initializer below,
  /// which reads faster; this one takes key paths held in variables:
  ///
  /// ```swift
  /// let keyPath: any KeyPath<DependencyValues, UUIDGenerator> & Sendable = \.uuid
  /// @Dependency(keyPath) var uuid
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Where the dependency is in ``DependencyValues``: an accessor, or a property of
  ///     one.
  ///   - fileID: The file ID of the declaration, filled in by the compiler: issues reported while
  ///     reading the dependency (a missing test value, say) point here.
  ///   - filePath: The file path of the declaration, filled in by the compiler.
  ///   - line: The line of the declaration, filled in by the compiler.
  ///   - column: The column of the declaration, filled in by the compiler.
  @_disfavoredOverload
  public init(
    _ keyPath: any KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      { $0[keyPath: keyPath] }, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reads the dependency that `read` picks out of the values: what `@Dependency(\.uuid)` calls
  /// when given a key path literal, which Swift turns into a function.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// @Dependency(\.date.now) var now
  /// ```
  ///
  /// - Parameters:
  ///   - read: Picks the dependency out of the values; usually a key path literal such as
  ///     `\.uuid`, which Swift passes as a function.
  ///   - fileID: The file ID of the declaration, filled in by the compiler: issues reported while
  ///     reading the dependency (a missing test value, say) point here.
  ///   - filePath: The file path of the declaration, filled in by the compiler.
  ///   - line: The line of the declaration, filled in by the compiler.
  ///   - column: The column of the declaration, filled in by the compiler.
  public init(
    _ read: @escaping @Sendable (DependencyValues) -> Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.initialValues = DependencyValues._current
    self.read = read
    self.location = DependencyLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reads the dependency registered by `key`, a type that is its own key:
  ///
  /// ```swift
  /// @Dependency(APIClient.self) var apiClient
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key type that registers the dependency; often the dependency's own type.
  ///   - fileID: The file ID of the declaration, filled in by the compiler: issues reported while
  ///     reading the dependency (a missing test value, say) point here.
  ///   - filePath: The file path of the declaration, filled in by the compiler.
  ///   - line: The line of the declaration, filled in by the compiler.
  ///   - column: The column of the declaration, filled in by the compiler.
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Key.Value == Value {
    let reader: any ValueReader<Value> = KeyReader<Key>()
    self.init({ reader.read($0) }, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The dependency's current value.
  ///
  /// The values captured when this wrapper was created, with anything overridden in the scope
  /// doing the reading laid over them.
  @inlinable
  public var wrappedValue: Value {
    ThreadState.reading(location) {
      let current = DependencyValues._current
      if current.storage === initialValues.storage || current.storage.isEmpty {
        return read(initialValues)
      }
      return read(initialValues.merging(current))
    }
  }
}

/// Reads one dependency out of a set of values.
protocol ValueReader<Value>: Sendable {
  associatedtype Value
  func read(_ values: DependencyValues) -> Value
}

/// Reads the dependency registered by a key type, for `@Dependency(Key.self)`.
///
/// Held as an existential so that the reading closure does not capture the key's metatype.
struct KeyReader<Key: TestDependencyKey>: ValueReader {
  func read(_ values: DependencyValues) -> Key.Value {
    // Named like the subscript, so messages say `@Dependency(Key.self)`.
    values[Key.self, function: "subscript(_:)"]
  }
}
