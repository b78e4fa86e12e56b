import Foundation
import Synchronization

/// For features that create identifiers: call this instead of `UUID()`, so tests can predict
/// every identifier the feature makes.
///
/// A model asks for a generator and calls it like a function:
///
/// ```swift
/// final class TodosModel {
///   var todos: [Todo] = []
///   let uuid: UUIDGenerator
///
///   init(uuid: UUIDGenerator = UUIDGenerator { UUID() }) {
///     self.uuid = uuid
///   }
///
///   func addButtonTapped() {
///     todos.append(Todo(id: uuid()))
///   }
/// }
/// ```
///
/// A test hands it ``incrementing`` and knows exactly which identifiers to expect:
///
/// ```swift
/// @Test func addingTodos() {
///   let model = TodosModel(uuid: .incrementing)
///   model.addButtonTapped()
///   model.addButtonTapped()
///   #expect(model.todos.map(\.id) == [UUID(0), UUID(1)])
/// }
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// For a generator of your own making: the closure runs on every call.
  ///
  /// The live generator returns a random UUID; a test can return anything it likes:
  ///
  /// ```swift
  /// let live = UUIDGenerator { UUID() }
  /// let fixed = UUIDGenerator { UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000000")! }
  /// ```
  ///
  /// - Parameter generate: Returns the next UUID. It may be called from many tasks at once.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// For the feature's side: returns a new UUID by running the generator.
  ///
  /// Because of this method the generator reads like a function call:
  ///
  /// ```swift
  /// let todo = Todo(id: uuid())
  /// ```
  public func callAsFunction() -> UUID {
    generate()
  }

  /// For tests that assert on identifiers: UUIDs that count up from
  /// `00000000-0000-0000-0000-000000000000`, one per call.
  ///
  /// Each use of `.incrementing` makes a new counter starting at zero; copies of one generator
  /// share its counter. Calls from many tasks at once each get a different UUID, and none is
  /// skipped.
  ///
  /// ```swift
  /// let uuid = UUIDGenerator.incrementing
  /// uuid()  // 00000000-0000-0000-0000-000000000000, also written UUID(0)
  /// uuid()  // 00000000-0000-0000-0000-000000000001, also written UUID(1)
  /// ```
  public static var incrementing: Self {
    let counter = Counter()
    return Self { UUID(counter.next()) }
  }

  /// For tests where one identifier is enough: a generator that always returns `uuid`.
  ///
  /// ```swift
  /// let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
  /// let model = TodosModel(uuid: .constant(id))
  /// model.addButtonTapped()
  /// #expect(model.todos.first?.id == id)
  /// ```
  ///
  /// - Parameter uuid: The UUID every call returns.
  /// - Returns: A generator that always returns `uuid`.
  public static func constant(_ uuid: UUID) -> Self {
    Self { uuid }
  }
}

/// The shared count behind one ``UUIDGenerator/incrementing`` generator and its copies.
private final class Counter: Sendable {
  private let value = Atomic(0)

  /// The count before this call: 0, then 1, 2, … however many tasks call at once.
  func next() -> Int {
    value.wrappingAdd(1, ordering: .relaxed).oldValue
  }
}
