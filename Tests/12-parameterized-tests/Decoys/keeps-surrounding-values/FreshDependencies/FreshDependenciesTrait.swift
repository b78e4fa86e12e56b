public import Dependencies
public import Testing

/// Decoy: applies the overrides on top of the values already in scope instead of starting from
/// `DependencyValues()`, so defaults (and outer overrides) are shared with whatever is around.
public struct FreshDependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  let updateValues: @Sendable (inout DependencyValues) async throws -> Void

  public init(_ updateValues: @escaping @Sendable (inout DependencyValues) async throws -> Void) {
    self.updateValues = updateValues
  }

  @TaskLocal static var isOutermost = true

  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withDependencies {
      try await updateValues(&$0)
    } operation: {
      try await function()
    }
  }
}
