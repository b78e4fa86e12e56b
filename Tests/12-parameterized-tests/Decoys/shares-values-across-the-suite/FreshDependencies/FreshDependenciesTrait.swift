public import Dependencies
public import Testing

/// Decoy: makes the values once, the first time the trait is used, and hands the same values to
/// every test and argument it applies to, so they all share one generator, one counter.
public struct FreshDependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  let updateValues: @Sendable (inout DependencyValues) async throws -> Void

  /// The values, made once for this trait and shared by every copy of it.
  private let shared = LockIsolated<Task<DependencyValues, any Error>?>(nil)

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
    let updateValues = updateValues
    let making = shared.withValue { task in
      if let task { return task }
      let made = Task {
        var values = DependencyValues()
        try await updateValues(&values)
        return values
      }
      task = made
      return made
    }
    let values = try await making.value
    try await withDependencies {
      if Self.isOutermost {
        $0 = values
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
