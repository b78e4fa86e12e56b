import Foundation

extension DependencyValues {
  /// Makes new identifiers, for features that create things with an `id`: random UUIDs in the
  /// app, predictable ones in tests.
  ///
  /// A feature that calls `UUID()` leaves its tests unable to say which identifiers to expect.
  /// Call this dependency instead:
  ///
  /// ```swift
  /// @Observable final class TodosModel {
  ///   @ObservationIgnored @Dependency(\.uuid) var uuid
  ///   var todos: [Todo] = []
  ///
  ///   func addButtonTapped() {
  ///     todos.append(Todo(id: uuid(), title: ""))
  ///   }
  /// }
  /// ```
  ///
  /// A test gives it `UUIDGenerator.incrementing`, which counts up from `UUID(0)`:
  ///
  /// ```swift
  /// @Test func addingTodos() {
  ///   let model = withDependencies {
  ///     $0.uuid = .incrementing
  ///   } operation: {
  ///     TodosModel()
  ///   }
  ///   model.addButtonTapped()
  ///   model.addButtonTapped()
  ///   #expect(model.todos.map(\.id) == [UUID(0), UUID(1)])
  /// }
  /// ```
  ///
  /// The live value returns `UUID()` on every call. There is no test value: a test that reads
  /// it without overriding it fails with an issue saying so, and gets random UUIDs.
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator { UUID() }
}
