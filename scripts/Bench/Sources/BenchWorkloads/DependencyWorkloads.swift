import Dependencies

// The hot paths of the Dependencies package, as synchronous workloads: `scripts/bench` times
// them, and `scripts/bench --instructions` counts their instructions under valgrind. The process
// runs in the live context, as an app does.

private enum BenchGreeting: DependencyKey {
  static let liveValue = "live"
}

private enum BenchNumber: DependencyKey {
  static let liveValue = 1
}

private enum BenchFlag: DependencyKey {
  static let liveValue = false
}

extension DependencyValues {
  fileprivate var benchGreeting: String {
    get { self[BenchGreeting.self] }
    set { self[BenchGreeting.self] = newValue }
  }
  fileprivate var benchNumber: Int {
    get { self[BenchNumber.self] }
    set { self[BenchNumber.self] = newValue }
  }
  fileprivate var benchFlag: Bool {
    get { self[BenchFlag.self] }
    set { self[BenchFlag.self] = newValue }
  }
}

private final class BenchModel {
  @Dependency(\.benchGreeting) var greeting
  @Dependency(\.benchNumber) var number
  @Dependency(\.benchFlag) var flag
}

/// Keeps the optimizer from removing work whose result is unused.
@inline(never)
public func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// One measured operation, repeated.
public struct Workload {
  /// What is measured, as the report names it.
  public var name: String
  /// How many operations one call of `run` performs (the harness divides by it).
  public var operations: Int
  /// Performs `operations` operations.
  public var run: () -> Void
}

/// The Dependencies workloads, in report order.
public func dependencyWorkloads(operations: Int = 100_000) -> [Workload] {
  // A model created in a scope that overrides its dependency, read from outside any scope.
  let model = withDependencies {
    $0.benchGreeting = "overridden"
  } operation: {
    BenchModel()
  }
  let nestedOperations = max(operations / 10, 1)
  return [
    Workload(name: "Dependencies: read a model's @Dependency property", operations: operations) {
      for _ in 0..<operations { blackHole(model.greeting) }
    },
    Workload(
      name: "Dependencies: read a cached live default (local @Dependency)", operations: operations
    ) {
      for _ in 0..<operations {
        @Dependency(\.benchNumber) var number
        blackHole(number)
      }
    },
    Workload(name: "Dependencies: one override scope + read", operations: operations) {
      for index in 0..<operations {
        withDependencies {
          $0.benchNumber = index
        } operation: {
          @Dependency(\.benchNumber) var number
          blackHole(number)
        }
      }
    },
    Workload(
      name: "Dependencies: ten nested override scopes + read", operations: nestedOperations
    ) {
      for index in 0..<nestedOperations { nest(10, index) }
    },
    Workload(
      name: "Dependencies: create a model with three @Dependency properties",
      operations: operations
    ) {
      for _ in 0..<operations { blackHole(BenchModel()) }
    },
  ]
}

/// Opens `depth` nested scopes, each overriding a value, then reads it.
private func nest(_ depth: Int, _ value: Int) {
  guard depth > 0 else {
    @Dependency(\.benchNumber) var number
    blackHole(number)
    return
  }
  withDependencies {
    $0.benchNumber = value + depth
  } operation: {
    nest(depth - 1, value)
  }
}
