import Dependencies
import Foundation

// Dependencies the tests control. They are declared here, not in the library, so only your
// trait can give them fresh values.

/// A stateful client: every call to `next()` returns the next number.
struct Counter: Sendable {
  var next: @Sendable () -> Int

  /// A counter of its own, whose first `next()` returns `start`.
  static func starting(at start: Int) -> Counter {
    let value = LockIsolated(start)
    return Counter {
      value.withValue { value in
        defer { value += 1 }
        return value
      }
    }
  }
}

extension Counter: TestDependencyKey {
  /// Every time the default is computed, a new counter starting at 0.
  static var testValue: Counter { .starting(at: 0) }
}

/// A plain value, to see which scope's overrides a test reads.
enum LabelKey: TestDependencyKey {
  static let testValue = "default"
}

extension DependencyValues {
  var counter: Counter {
    get { self[Counter.self] }
    set { self[Counter.self] = newValue }
  }

  var label: String {
    get { self[LabelKey.self] }
    set { self[LabelKey.self] = newValue }
  }
}

/// Reads the next `count` numbers of the current counter.
func nextNumbers(_ count: Int) -> [Int] {
  @Dependency(\.counter) var counter
  return (0..<count).map { _ in counter.next() }
}

/// Makes the next `count` UUIDs with the current generator.
func nextUUIDs(_ count: Int) -> [UUID] {
  @Dependency(\.uuid) var uuid
  return (0..<count).map { _ in uuid() }
}

/// The UUIDs a fresh incrementing generator makes first.
func firstUUIDs(_ count: Int) -> [UUID] {
  (0..<count).map(UUID.init)
}

/// Thrown by an override, to check that the trait passes errors on.
struct OverrideFailed: Error {}
