import ConcurrencyExtras
import Foundation

/// For features that make identifiers: call this instead of `UUID()`, so a test knows every
/// identifier in advance.
///
/// A model keeps a generator and calls it like a function:
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
///     todos.append(Todo(id: uuid(), title: ""))
///   }
/// }
/// ```
///
/// The app passes nothing and gets random identifiers; a test passes ``incrementing`` and
/// expects `UUID(0)`, `UUID(1)`, …:
///
/// ```swift
/// let model = TodosModel(uuid: .incrementing)
/// model.addButtonTapped()
/// model.addButtonTapped()
/// #expect(model.todos.map(\.id) == [UUID(0), UUID(1)])
/// ```
public struct UUIDGenerator: Sendable {
  #if SOLUTION
    /// Makes one identifier; runs on every call.
    private let generate: @Sendable () -> UUID
  #else
    // Step 1: add a stored property for the closure `init` receives, of the same type. The
    // generator is nothing more than that closure: which closure is inside decides everything.
  #endif

  /// For a generator of your own: `generate` runs every time an identifier is asked for.
  ///
  /// ```swift
  /// let live = UUIDGenerator { UUID() }
  /// ```
  ///
  /// - Parameter generate: Returns the next identifier. It may run on many tasks at once.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    #if SOLUTION
      self.generate = generate
    #else
      // Step 1: keep the closure you are given, so that every later call can run it.
    #endif
  }

  /// For the feature's side: makes the next identifier by running the closure.
  ///
  /// ```swift
  /// let id = uuid()
  /// ```
  public func callAsFunction() -> UUID {
    #if SOLUTION
      generate()
    #else
      // Step 1: make each identifier with the stored closure, running it once per call (this
      // random UUID is a placeholder).
      UUID()
    #endif
  }

  /// For tests that count: `UUID(0)`, `UUID(1)`, `UUID(2)`, … one per call.
  ///
  /// Every use of `.incrementing` starts a new count at 0. Copies of one generator share their
  /// count, and calls from many tasks at once each get a different UUID, with none skipped.
  ///
  /// ```swift
  /// let first = UUIDGenerator.incrementing
  /// let second = UUIDGenerator.incrementing
  /// first()   // UUID(0)
  /// first()   // UUID(1)
  /// second()  // UUID(0): its own count
  /// ```
  public static var incrementing: Self {
    #if SOLUTION
      let next = LockIsolated(0)
      return Self {
        next.withValue { count in
          defer { count += 1 }
          return UUID(count)
        }
      }
    #else
      // Step 2: hand out UUID(0), UUID(1), UUID(2), …, one per call. Every use of
      // `.incrementing` starts a count of its own at 0 (this is a computed `static var`: its
      // body runs at each use), while copies of one generator share theirs. Calls may come
      // from many tasks at once, and each must get a different number, none skipped: a
      // `@Sendable` closure cannot change a captured `var`, so the count lives behind a lock
      // (`LockIsolated`), and reading it and moving it on must happen as one step.
      return Self { UUID() }
    #endif
  }

  /// For tests that need one known identifier: a generator that always returns `uuid`.
  ///
  /// ```swift
  /// let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
  /// let model = TodosModel(uuid: .constant(id))
  /// model.addButtonTapped()
  /// #expect(model.todos.map(\.id) == [id])
  /// ```
  ///
  /// - Parameter uuid: What every call returns.
  /// - Returns: A generator that always returns `uuid`.
  public static func constant(_ uuid: UUID) -> Self {
    #if SOLUTION
      Self { uuid }
    #else
      // Step 1: return a generator that answers with the `uuid` it was given, on every call.
      Self { UUID() }
    #endif
  }
}
