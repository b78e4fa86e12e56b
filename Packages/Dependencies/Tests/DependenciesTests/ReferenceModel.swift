// The semantics of `DependencyValues` scopes, in the plainest terms: a dictionary of overrides
// in a task-local. It is what the real storage (a chain of links, tables, a cache, thread-locals;
// see `Sources/Dependencies/Internal/Performance`) must behave like, read for read:
// `ReferenceModelTests` drives both through the same random sequences and compares every read.
//
// Keys are numbered; key `k`'s default is `-k - 1` (the test values of `ModelKey0` … `ModelKey3`).

/// A set of values: what is overridden; everything else reads its default.
struct ReferenceValues: Sendable {
  /// The values of the current scope (`DependencyValues._current`).
  @TaskLocal static var current = ReferenceValues()

  var overrides: [Int: Int] = [:]

  static func defaultValue(of key: Int) -> Int { -key - 1 }

  /// `values[key]`: the override, else the default.
  subscript(key: Int) -> Int {
    overrides[key] ?? Self.defaultValue(of: key)
  }

  /// `withDependencies(_:operation:)`: the current values, changed by `update`, for a scope.
  static func with<R>(_ update: (inout Self) -> Void, operation: () throws -> R) rethrows -> R {
    var values = current
    update(&values)
    return try $current.withValue(values, operation: operation)
  }

  /// These values with every override of `other` on top (`merging` in the real storage).
  func merging(_ other: Self) -> Self {
    Self(overrides: overrides.merging(other.overrides) { _, newer in newer })
  }
}

/// A model with `@Dependency` properties: it captures the current values when it is made.
struct ReferenceModel {
  let captured = ReferenceValues.current

  /// Reading a `@Dependency` property: overridden in the reading scope wins, else captured.
  func read(_ key: Int) -> Int {
    captured.merging(ReferenceValues.current)[key]
  }

  /// `withDependencies(from: model)`: the model's values, the reading scope's overrides on top,
  /// then `update`.
  func with<R>(_ update: (inout ReferenceValues) -> Void, operation: () throws -> R) rethrows -> R {
    let values = captured.merging(ReferenceValues.current)
    return try ReferenceValues.with(
      {
        $0 = values
        update(&$0)
      }, operation: operation)
  }
}
