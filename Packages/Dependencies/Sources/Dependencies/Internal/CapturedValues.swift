import Foundation

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
final class RememberedValues: @unchecked Sendable {
  static let shared = RememberedValues()

  private struct Entry {
    weak var object: AnyObject?
    var values: DependencyValues
  }

  private let lock = NSLock()
  private var entries: [ObjectIdentifier: Entry] = [:]
  private var insertionsSincePurge = 0

  func remember(_ object: AnyObject, _ values: DependencyValues) {
    lock.lock()
    defer { lock.unlock() }
    entries[ObjectIdentifier(object)] = Entry(object: object, values: values)
    insertionsSincePurge += 1
    // Drop entries whose objects are gone, now and then, so the table stays small.
    if insertionsSincePurge >= 64 && insertionsSincePurge >= entries.count {
      entries = entries.filter { $0.value.object != nil }
      insertionsSincePurge = 0
    }
  }

  func values(for object: AnyObject) -> DependencyValues? {
    lock.lock()
    defer { lock.unlock() }
    guard let entry = entries[ObjectIdentifier(object)], entry.object === object else {
      return nil
    }
    return entry.values
  }
}
