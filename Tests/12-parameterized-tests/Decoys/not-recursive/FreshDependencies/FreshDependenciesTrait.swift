public import Dependencies
public import Testing

/// Decoy: not recursive, so on a suite it is called once, around the whole suite, and every
/// test and argument inside shares the values it made.
public struct FreshDependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  let updateValues: @Sendable (inout DependencyValues) async throws -> Void

  public init(_ updateValues: @escaping @Sendable (inout DependencyValues) async throws -> Void) {
    self.updateValues = updateValues
  }

  @TaskLocal static var isOutermost = true

  public var isRecursive: Bool { false }

  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
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
