public import Dependencies
public import Testing

/// Decoy: builds fresh values once per test (keyed by `Test.ID`) and reuses them for every
/// argument of a parameterized test, so the arguments share stateful dependencies.
public struct FreshDependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  let updateValues: @Sendable (inout DependencyValues) async throws -> Void

  public init(_ updateValues: @escaping @Sendable (inout DependencyValues) async throws -> Void) {
    self.updateValues = updateValues
  }

  @TaskLocal static var isOutermost = true

  /// The values made for each test, reused by all of its test cases.
  private static let valuesByTest = LockIsolated<[Test.ID: DependencyValues]>([:])

  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withDependencies {
      if Self.isOutermost {
        if let values = Self.valuesByTest.value[test.id] {
          $0 = values
          return
        }
        $0 = DependencyValues()
        try await updateValues(&$0)
        let values = $0
        Self.valuesByTest.withValue { $0[test.id] = values }
      } else {
        try await updateValues(&$0)
      }
    } operation: {
      try await Self.$isOutermost.withValue(false) {
        try await function()
      }
    }
  }
}
