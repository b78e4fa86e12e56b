import Dependencies
import Testing

// Drives the real `DependencyValues` and `ReferenceModel.swift` through the same long random
// sequences of scopes, overrides, resets, model captures and `withDependencies(from:)`, and
// compares every read. Each sequence is seeded, so a failure names the seed that replays it.

private enum ModelKey0: TestDependencyKey { static let testValue = -1 }
private enum ModelKey1: TestDependencyKey { static let testValue = -2 }
private enum ModelKey2: TestDependencyKey { static let testValue = -3 }
private enum ModelKey3: TestDependencyKey { static let testValue = -4 }

extension DependencyValues {
  fileprivate var model0: Int {
    get { self[ModelKey0.self] }
    set { self[ModelKey0.self] = newValue }
  }
  fileprivate var model1: Int {
    get { self[ModelKey1.self] }
    set { self[ModelKey1.self] = newValue }
  }
  fileprivate var model2: Int {
    get { self[ModelKey2.self] }
    set { self[ModelKey2.self] = newValue }
  }
  fileprivate var model3: Int {
    get { self[ModelKey3.self] }
    set { self[ModelKey3.self] = newValue }
  }
}

private let keyPaths: [WritableKeyPath<DependencyValues, Int> & Sendable] = [
  \.model0, \.model1, \.model2, \.model3,
]

/// The real counterpart of `ReferenceModel`.
private final class Model {
  @Dependency(\.model0) var value0
  @Dependency(\.model1) var value1
  @Dependency(\.model2) var value2
  @Dependency(\.model3) var value3

  func read(_ key: Int) -> Int { [value0, value1, value2, value3][key] }
}

/// One random sequence, applied to both implementations at once.
private struct RandomRun {
  var random: SeededRandomNumberGenerator
  var models: [(real: Model, reference: ReferenceModel)] = []
  var steps = 0
  var reads = 0
  var mismatch: String?

  init(seed: UInt64) { random = SeededRandomNumberGenerator(seed: seed) }

  mutating func pick(_ count: Int) -> Int { Int.random(in: 0..<count, using: &random) }

  /// Random overrides (sometimes after a reset), applied to the real and the reference values.
  mutating func changes() -> (
    real: (inout DependencyValues) -> Void, reference: (inout ReferenceValues) -> Void
  ) {
    let reset = pick(8) == 0
    let overrides = (0..<pick(4)).map { _ in (key: pick(keyPaths.count), value: pick(1_000)) }
    return (
      { values in
        if reset { values = DependencyValues() }
        for (key, value) in overrides { values[keyPath: keyPaths[key]] = value }
      },
      { values in
        if reset { values = ReferenceValues() }
        for (key, value) in overrides { values.overrides[key] = value }
      }
    )
  }

  mutating func check(_ real: Int, _ expected: Int, _ what: String) {
    reads += 1
    if real != expected, mismatch == nil {
      mismatch = "step \(steps): \(what) read \(real), the reference model reads \(expected)"
    }
  }

  /// Runs steps until the step budget is spent, a mismatch is found, or this scope closes.
  mutating func run(depth: Int, budget: Int) {
    while steps < budget, mismatch == nil {
      steps += 1
      let key = pick(keyPaths.count)
      switch pick(10) {
      case 0, 1:
        check(
          DependencyValues._current[keyPath: keyPaths[key]], ReferenceValues.current[key],
          "the current scope's key \(key)")
      case 2:
        let dependency = Dependency(keyPaths[key])
        check(
          dependency.wrappedValue, ReferenceValues.current[key], "a local @Dependency, key \(key)")
      case 3...4 where !models.isEmpty:
        let model = models[pick(models.count)]
        check(model.real.read(key), model.reference.read(key), "a model's key \(key)")
      case 5:
        let model = (real: Model(), reference: ReferenceModel())
        if models.count < 12 { models.append(model) } else { models[pick(models.count)] = model }
      case 6...7 where depth < 40:
        let (real, reference) = changes()
        withDependencies(real) {
          ReferenceValues.with(reference) { run(depth: depth + 1, budget: budget) }
        }
      case 8 where depth < 40 && !models.isEmpty:
        let model = models[pick(models.count)]
        let (real, reference) = changes()
        withDependencies(from: model.real, real) {
          model.reference.with(reference) { run(depth: depth + 1, budget: budget) }
        }
      case 9 where depth > 0:
        return
      default:
        break
      }
    }
  }
}

@Suite struct ReferenceModelTests {
  @Test(arguments: 0..<24 as Range<UInt64>)
  func realStorageReadsLikeTheReferenceModel(seed: UInt64) {
    var run = RandomRun(seed: seed)
    run.run(depth: 0, budget: 4_000)
    #expect(run.mismatch == nil, "seed \(seed): \(run.mismatch ?? "")")
    #expect(run.reads > 1_000)
  }
}
