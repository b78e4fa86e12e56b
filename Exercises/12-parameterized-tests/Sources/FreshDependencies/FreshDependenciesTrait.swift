public import Dependencies
public import Testing

/// A Swift Testing trait that runs every test, and every argument of a parameterized test, with
/// dependency values of its own.
///
/// Swift Testing runs tests, and the arguments of one parameterized test, in parallel and in the
/// same process. A stateful dependency (an incrementing UUID generator, a counter) shared between
/// them would hand one test the state another left behind. This trait starts each test case from
/// `DependencyValues()` — nothing overridden, defaults computed anew — and then applies its
/// overrides, so no state carries over.
///
/// ```swift
/// @Suite(.freshDependencies { $0.date.now = Date(timeIntervalSince1970: 0) })
/// struct TodosTests {
///   @Test(.freshDependency(\.uuid, .incrementing), arguments: 1...3)
///   func add(count: Int) {
///     // `uuid()` returns UUID(0) first, for every argument.
///   }
/// }
/// ```
///
/// Traits on a suite and on its tests layer: the outermost one starts from fresh values, and the
/// ones inside it only add their overrides.
public struct FreshDependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  /// The overrides, run anew for every test case.
  let updateValues: @Sendable (inout DependencyValues) async throws -> Void

  /// Makes a trait that applies `updateValues` to fresh values before each test case.
  ///
  /// ```swift
  /// let trait = FreshDependenciesTrait { $0.uuid = .incrementing }
  /// ```
  public init(_ updateValues: @escaping @Sendable (inout DependencyValues) async throws -> Void) {
    self.updateValues = updateValues
  }

  /// True outside every fresh-dependencies scope: only the outermost trait resets the values.
  @TaskLocal static var isOutermost = true

  /// Whether a trait on a suite reaches each test case of every test inside it.
  ///
  /// ```swift
  /// @Suite(.freshDependencies) struct BaseSuite {}  // every test inside gets fresh values
  /// ```
  public var isRecursive: Bool {
    // Step 3: on a suite, the trait must wrap each test case of every test inside it,
    // nested suites included, not the whole suite once (the lesson's table says when
    // Swift Testing calls `provideScope`).
    false
  }

  /// Runs one test case inside its own dependency scope.
  ///
  /// Swift Testing calls it once per test case (each argument of a parameterized test); you do
  /// not call it yourself:
  ///
  /// ```swift
  /// @Test(.freshDependencies, arguments: [1, 2, 3])
  /// func feature(number: Int) { … }  // each number runs inside provideScope
  /// ```
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // Step 1: run `function` in a dependency scope that starts from brand-new values
    // (nothing overridden, a new cache of defaults) with `updateValues` applied on top: what
    // the Testing article's manual fix does by hand. Do it all anew on every call and keep
    // nothing in the trait, so that each test case, each argument, gets values of its own.
    // An error from `updateValues` must come out of this method, and the test must not run.
    // Step 4: when a suite and one of its tests both carry the trait, the test's call runs
    // inside the suite's. Only the outermost call starts from brand-new values
    // (`Self.isOutermost` tells it); an inner one only adds its overrides to the values it
    // is given. Mark the scope you open as not outermost, so the traits inside it know.
    try await function()
  }
}
