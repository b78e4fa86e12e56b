import Foundation

/// A mutable value that many tasks and threads can share safely, guarded by a lock.
///
/// Reach for it in tests, to record what a `@Sendable` closure was called with:
///
/// ```swift
/// let tracked = LockIsolated<[String]>([])
/// let analytics = AnalyticsClient(track: { event in tracked.withValue { $0.append(event) } })
/// await model.checkoutButtonTapped()
/// #expect(tracked.value == ["checkout"])
/// ```
///
/// Each call takes the lock once, so a read-modify-write belongs inside one ``withValue(_:)``
/// rather than a read followed by a ``setValue(_:)``.
@dynamicMemberLookup
public final class LockIsolated<Value>: @unchecked Sendable {
  private var _value: Value
  private let lock = NSRecursiveLock()

  /// Wraps `value`.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self._value = try value()
  }

  /// Reads a property of the value under the lock.
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    lock.lock()
    defer { lock.unlock() }
    return _value[keyPath: keyPath]
  }

  /// Runs `operation` with exclusive, mutable access to the value and returns its result.
  ///
  /// ```swift
  /// let count = LockIsolated(0)
  /// let next = count.withValue { $0 += 1; return $0 }
  /// ```
  public func withValue<T: Sendable>(
    _ operation: @Sendable (inout Value) throws -> T
  ) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    var value = _value
    defer { _value = value }
    return try operation(&value)
  }

  /// Reads the value under the lock, for comparisons that need no `Sendable` result.
  private func sync<R>(_ body: (Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(_value)
  }

  /// Replaces the value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    lock.lock()
    defer { lock.unlock() }
    _value = try newValue()
  }
}

extension LockIsolated where Value: Sendable {
  /// A copy of the current value.
  public var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return _value
  }
}

extension LockIsolated: Equatable where Value: Equatable {
  public static func == (lhs: LockIsolated, rhs: LockIsolated) -> Bool {
    lhs.sync { lhsValue in rhs.sync { $0 == lhsValue } }
  }
}

extension LockIsolated: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    sync { hasher.combine($0) }
  }
}
