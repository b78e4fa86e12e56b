public import Dependencies
public import Testing

/// The Swift Testing trait behind `.dependencies` and `.dependency(…)`.
///
/// Every test it applies to — and every argument of a parameterized test — runs with fresh
/// dependency values: nothing overridden, and default values computed anew, so a stateful
/// dependency (an incrementing UUID generator, a counter) never carries over from one test or
/// argument to the next. Then the trait applies its overrides. Traits on a suite and on its tests
/// layer: the suite's apply first, then the test's.
///
/// ```swift
/// @Suite(.dependency(\.date.now, Date(timeIntervalSince1970: 0)))
/// struct TodosTests {
///   @Test(.dependency(\.uuid, .incrementing))
///   func add() { … }
/// }
/// ```
public struct _DependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  let updateValues: @Sendable (inout DependencyValues) async throws -> Void

  /// True outside every dependencies trait: the outermost one starts from fresh values.
  @TaskLocal static var isOutermost = true

  /// Applies to every test in a suite, and to each of a test's cases.
  public var isRecursive: Bool { true }

  /// Runs `function` (a test, or one of its cases) with fresh values changed by the trait's
  /// overrides; a trait nested in another one only adds its overrides.
  ///
  /// Swift Testing calls it; tests never do.
  ///
  /// - Parameters:
  ///   - test: The test or suite the trait is applied to.
  ///   - testCase: The case being run (one argument of a parameterized test), or `nil` for the
  ///     call that wraps a whole suite.
  ///   - function: The test's body, run inside the scope.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite-level call without a test case wraps nothing that reads dependencies.
    guard testCase != nil || !test.isSuite else {
      try await function()
      return
    }
    try await withDependencies {
      if Self.isOutermost {
        $0 = DependencyValues()
      }
      try await updateValues(&$0)
    } operation: {
      try await Self.$isOutermost.withValue(false) {
        try await function()
      }
    }
  }
}

extension Trait where Self == _DependenciesTrait {
  /// Fresh dependency values for each test and each argument, with nothing overridden.
  ///
  /// ```swift
  /// @Suite(.dependencies) struct CounterTests { … }
  /// ```
  public static var dependencies: Self {
    Self { _ in }
  }

  /// Fresh dependency values for each test and each argument, changed by `updateValues`.
  ///
  /// ```swift
  /// @Test(.dependencies {
  ///   $0.uuid = .incrementing
  ///   $0.apiClient.fetchUser = { _ in .mock }
  /// })
  /// func load() async { … }
  /// ```
  ///
  /// - Parameter updateValues: Changes the fresh values before each test and each argument runs;
  ///   it may await and throw (a thrown error fails the test).
  /// - Returns: The trait.
  public static func dependencies(
    _ updateValues: @escaping @Sendable (inout DependencyValues) async throws -> Void
  ) -> Self {
    Self(updateValues: updateValues)
  }

  /// Overrides one dependency, evaluating `value` anew for each test and each argument.
  ///
  /// ```swift
  /// @Test(.dependency(\.uuid, .incrementing))
  /// func add() { … }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Where the dependency is in `DependencyValues`; it may reach into one
  ///     (`\.date.now`).
  ///   - value: The value to use, evaluated once per test and argument, so each gets its own
  ///     (a fresh `.incrementing` generator starts at `UUID(0)` every time).
  /// - Returns: The trait.
  public static func dependency<Value>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self {
    Self { $0[keyPath: keyPath] = try value() }
  }

  /// Overrides a dependency whose type is its own key.
  ///
  /// ```swift
  /// @Test(.dependency(APIClient(fetchUser: { _ in .mock })))
  /// func load() async { … }
  /// ```
  ///
  /// - Parameter value: The value to use, evaluated once per test and argument.
  /// - Returns: The trait.
  public static func dependency<Value: TestDependencyKey>(
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self where Value == Value.Value {
    Self { $0[Value.self] = try value() }
  }
}
