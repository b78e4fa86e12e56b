@_spi(ThreadSanitizer) import IssueReporting
import Synchronization

/// Something that captured dependency values when it was created (`@Dependency` does).
protocol HasInitialValues {
  var initialValues: DependencyValues { get }
}

extension Dependency: HasInitialValues {}

/// The values `object` was created with: those of its first `@Dependency` property, else those
/// of the `withDependencies` call that returned it.
func capturedValues(of object: AnyObject) -> DependencyValues? {
  for child in Mirror(reflecting: object).children {
    if let dependency = child.value as? any HasInitialValues {
      return dependency.initialValues
    }
  }
  return RememberedValues.shared.values(for: object)
}

/// Remembers the values of class instances returned from `withDependencies`.
@inlinable
func rememberValues<R>(of result: R, _ values: DependencyValues) {
  // A class reference is one pointer wide. Checking the size first costs nothing once `R` is
  // known (it folds away for `Void`, say), and spares most scopes the dynamic type check.
  guard MemoryLayout<R>.size == MemoryLayout<AnyObject>.size, R.self is AnyClass else { return }
  rememberObject(result as AnyObject, values)
}

@usableFromInline
func rememberObject(_ object: AnyObject, _ values: DependencyValues) {
  RememberedValues.shared.remember(object, values)
}

/// A weak table from objects to the values they were created with.
final class RememberedValues: Sendable {
  static let shared = RememberedValues()

  /// `Sendable` because only the object's identity is ever used, never its contents.
  private struct Entry: @unchecked Sendable {
    weak var object: AnyObject?
    var values: DependencyValues
  }

  private struct State {
    var entries: [ObjectIdentifier: Entry] = [:]
    var insertionsSincePurge = 0
  }

  private let state = Mutex(State())
  private let witness = Atomic<UInt8>(0)

  func remember(_ object: AnyObject, _ values: DependencyValues) {
    let entry = Entry(object: object, values: values)
    state.withLock(witness: witness) { state in
      state.entries[ObjectIdentifier(object)] = entry
      state.insertionsSincePurge += 1
      // Drop entries whose objects are gone, now and then, so the table stays small.
      if state.insertionsSincePurge >= 64 && state.insertionsSincePurge >= state.entries.count {
        state.entries = state.entries.filter { $0.value.object != nil }
        state.insertionsSincePurge = 0
      }
    }
  }

  func values(for object: AnyObject) -> DependencyValues? {
    let id = ObjectIdentifier(object)
    let entry = state.withLock(witness: witness) { $0.entries[id] }
    guard let entry, entry.object === object else { return nil }
    return entry.values
  }
}
