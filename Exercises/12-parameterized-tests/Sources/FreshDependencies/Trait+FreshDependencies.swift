public import Dependencies
public import Testing

extension Trait where Self == FreshDependenciesTrait {
  /// Fresh dependency values for each test and each argument, with nothing overridden.
  ///
  /// Put it on a base suite so that every test nested inside starts from fresh values:
  ///
  /// ```swift
  /// @Suite(.freshDependencies) struct BaseSuite {}
  ///
  /// extension BaseSuite {
  ///   @Suite struct CounterTests { … }
  /// }
  /// ```
  public static var freshDependencies: Self {
    Self { _ in }
  }

  /// Fresh dependency values for each test and each argument, changed by `updateValues`.
  ///
  /// `updateValues` runs again for every test case, so the values it makes are never shared:
  ///
  /// ```swift
  /// @Test(.freshDependencies {
  ///   $0.uuid = .incrementing
  ///   $0.date.now = Date(timeIntervalSince1970: 0)
  /// })
  /// func addTodo() { … }
  /// ```
  public static func freshDependencies(
    _ updateValues: @escaping @Sendable (inout DependencyValues) async throws -> Void
  ) -> Self {
    Self(updateValues)
  }

  /// Fresh dependency values for each test and each argument, with one dependency overridden.
  ///
  /// `value` is evaluated anew for every test case: each argument below gets a generator of its
  /// own, starting at `UUID(0)`.
  ///
  /// ```swift
  /// @Test(.freshDependency(\.uuid, .incrementing), arguments: 1...3)
  /// func addTodos(count: Int) { … }
  /// ```
  public static func freshDependency<Value>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self {
    // Step 2: return a trait whose overrides set the dependency at `keyPath` to `value`.
    // `value` is an autoclosure: it runs only when called. Call it each time the overrides
    // run, not once when the trait is made, so that every test case gets a value of its own;
    // an error it throws must reach the caller.
    Self { _ in }
  }
}
