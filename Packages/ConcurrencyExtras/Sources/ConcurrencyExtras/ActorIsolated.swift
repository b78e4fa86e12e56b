/// A mutable value isolated to an actor, for code that is already `async`.
///
/// ```swift
/// let events = ActorIsolated<[String]>([])
/// let client = AnalyticsClient(track: { event in await events.withValue { $0.append(event) } })
/// await model.onAppear()
/// #expect(await events.value == ["screen-viewed"])
/// ```
///
/// Prefer ``LockIsolated`` when the code recording the value is synchronous.
public final actor ActorIsolated<Value> {
  /// The isolated value.
  public var value: Value

  /// Wraps `value`.
  ///
  /// - Parameter value: The first value; if computing it throws, so does the initializer.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try value()
  }

  /// Runs `operation` with exclusive, mutable access to the value and returns its result.
  ///
  /// ```swift
  /// let count = ActorIsolated(0)
  /// let next = await count.withValue { $0 += 1; return $0 }
  /// ```
  ///
  /// - Parameter operation: Reads or changes the value it is given; what it does to it is kept,
  ///   even when it throws.
  /// - Returns: What `operation` returns.
  public func withValue<T: Sendable>(
    _ operation: @Sendable (inout Value) throws -> T
  ) rethrows -> T {
    var value = self.value
    defer { self.value = value }
    return try operation(&value)
  }

  /// Replaces the value.
  ///
  /// - Parameter newValue: The value from now on; if computing it throws, the value is unchanged.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try newValue()
  }
}
