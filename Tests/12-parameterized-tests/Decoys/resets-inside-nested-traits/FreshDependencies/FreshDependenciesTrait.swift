public import Dependencies
public import Testing

/// Decoy: every trait starts from `DependencyValues()`, even inside another one, so a test's
/// trait wipes out the overrides of the suite around it.
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
      $0 = DependencyValues()
      try await updateValues(&$0)
    } operation: {
      try await function()
    }
  }
}
