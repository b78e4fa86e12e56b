import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
/// rather than a read followed by a ``setValue(_:)``. The lock is recursive, like the reference's:
/// a ``withValue(_:)`` may read the same box inside its closure.
@dynamicMemberLookup
public final class LockIsolated<Value>: @unchecked Sendable {
  /// Read and written only while `lock` is held, which is what makes the class `Sendable`.
  private var _value: Value
  private let lock = Mutex(())
  /// The thread holding `lock`, or 0. `Mutex` is not recursive; a call nested on the thread
  /// that already holds it goes straight in instead of waiting for itself.
  private let owner = Atomic<UInt>(0)

  /// Wraps `value`.
  ///
  /// - Parameter value: The first value; if computing it throws, so does the initializer.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self._value = try value()
  }

  /// Reads a property of the value under the lock.
  ///
  /// ```swift
  /// let tracked = LockIsolated<[String]>([])
  /// #expect(tracked.count == 0)
  /// ```
  ///
  /// - Parameter keyPath: The property to read.
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    locked { _value[keyPath: keyPath] }
  }

  /// Runs `operation` with exclusive, mutable access to the value and returns its result.
  ///
  /// ```swift
  /// let count = LockIsolated(0)
  /// let next = count.withValue { $0 += 1; return $0 }
  /// ```
  ///
  /// - Parameter operation: Reads or changes the value it is given, holding the lock; what it
  ///   does to it is kept, even when it throws.
  /// - Returns: What `operation` returns.
  public func withValue<T: Sendable>(
    _ operation: @Sendable (inout Value) throws -> T
  ) rethrows -> T {
    try locked {
      var value = _value
      defer { _value = value }
      return try operation(&value)
    }
  }

  /// Reads the value under the lock, for comparisons that need no `Sendable` result.
  private func sync<R>(_ body: (Value) throws -> R) rethrows -> R {
    try locked { try body(_value) }
  }

  /// Replaces the value.
  ///
  /// - Parameter newValue: The value from now on; if computing it throws, the value is unchanged.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    try locked { _value = try newValue() }
  }

  /// Runs `body` holding the lock, or at once if this thread already holds it.
  private func locked<R>(_ body: () throws -> R) rethrows -> R {
    let thread = currentThread()
    // Only this thread ever stores its own identifier, so seeing it means it holds the lock.
    if owner.load(ordering: .relaxed) == thread { return try body() }
    return try lock.withLock { _ in
      // Acquiring what the last holder released is what the lock already guarantees, said in a
      // way ThreadSanitizer sees: on Linux a contended `Mutex` hands over in the kernel, from
      // code the sanitizer does not instrument.
      _ = owner.exchange(thread, ordering: .acquiring)
      defer { owner.store(0, ordering: .releasing) }
      return try body()
    }
  }
}

/// An identifier of the calling thread, unique among the threads running now.
private func currentThread() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}

extension LockIsolated where Value: Sendable {
  /// A copy of the current value.
  public var value: Value {
    locked { _value }
  }
}

extension LockIsolated: Equatable where Value: Equatable {
  /// Whether two boxes hold equal values, each read under its own lock.
  ///
  /// - Parameters:
  ///   - lhs: A box.
  ///   - rhs: Another box.
  public static func == (lhs: LockIsolated, rhs: LockIsolated) -> Bool {
    lhs.sync { lhsValue in rhs.sync { $0 == lhsValue } }
  }
}

extension LockIsolated: Hashable where Value: Hashable {
  /// Hashes the value, read under the lock.
  ///
  /// - Parameter hasher: The hasher to feed the value to.
  public func hash(into hasher: inout Hasher) {
    sync { hasher.combine($0) }
  }
}
