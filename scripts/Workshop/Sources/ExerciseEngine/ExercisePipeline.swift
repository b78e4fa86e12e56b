import ExerciseModel
import Foundation

/// One variant of an exercise, assembled, checked, built and tested: the one pipeline the
/// exercise checks (``AuthorChecks``) and the grader share.
///
/// 1. Assemble the package for the variant (``PackageAssembler``), then read it back and
///    compare: the build runs outside the sandbox and must compile exactly what was assembled,
///    so a package that changes after it is written is assembled once more, and a second
///    change stops the run (another process is writing there).
/// 2. Build it (``ProductBuild``: after the first build in the package folder, a
///    ``DirectRebuild`` of what changed, else SwiftPM), in a turn of `buildTurns` when one is
///    given: builds in one build folder take turns. Test products that must run from the build folder itself
///    (`swift test`, off Linux) run inside the turn too. With a `productCache`, a package made
///    of exactly the files of one built before is not assembled or built again: that build's
///    products are used (``ProductCache``).
/// 3. Run the solution tests `times` times (``TestRunner``), in `sandbox` when one is given.
///
/// ```swift
/// let run = ExercisePipeline(
///   sources: sources, package: work.appendingPathComponent("packages/01"),
///   scratch: work.appendingPathComponent("scratch"),
///   products: work.appendingPathComponent("products/01"),
///   buildLog: work.appendingPathComponent("logs/01/build.log"))
/// switch try run.run(.solution, testWork: { _ in work.appendingPathComponent("logs/01") }) {
/// case .compileError(let message): print(message)
/// case .tested(let runs): print(runs[0].outcomes.count, "tests ran")
/// }
/// ```
struct ExercisePipeline: Sendable {
  var sources: ExerciseSources
  /// Where the package is assembled.
  var package: URL
  /// The build folder (`--scratch-path`).
  var scratch: URL
  /// Where the built test products are copied.
  var products: URL
  var buildLog: URL
  /// The sandbox every test process runs in; nil runs them unsandboxed.
  var sandbox: Sandbox?
  /// Assembling and building take a turn of these; nil when the caller needs no turns of its
  /// own.
  var buildTurns: BuildTurns?
  /// Products of earlier builds of the same files; nil builds every time.
  var productCache: ProductCache?
  /// Whether a build after the first in this package folder may be a direct rebuild
  /// (``DirectRebuild``); false builds every time with SwiftPM.
  var directRebuild: Bool
  /// When the learner writes tests: the suite the package runs (nil: the reference suite).
  var suite: SuiteVariant?
  /// How the package compiles the learner's module (``PackageAssembler/shape``).
  var shape: PackageWriter.Shape
  /// Which modules a direct rebuild compiles whole: by default every one of an assembled
  /// package, none of one shaped as the learner's (``ProductBuild``).
  var wholeModules: DirectRebuild.WholeModules

  init(
    sources: ExerciseSources, package: URL, scratch: URL, products: URL, buildLog: URL,
    sandbox: Sandbox? = nil, buildTurns: BuildTurns? = nil, productCache: ProductCache? = nil,
    directRebuild: Bool = true, suite: SuiteVariant? = nil,
    shape: PackageWriter.Shape = .assembled
  ) {
    self.suite = suite
    self.shape = shape
    wholeModules = shape == .assembled ? .all : .none
    self.sources = sources
    self.package = package
    self.scratch = scratch
    self.products = products
    self.buildLog = buildLog
    self.sandbox = sandbox
    self.buildTurns = buildTurns
    self.productCache = productCache
    self.directRebuild = directRebuild
  }

  /// Assembles `variant`, builds it and runs its solution tests `times` times, the `n`-th time
  /// (from 1) in the folder `testWork(n)`.
  func run(_ variant: SourceVariant, times: Int = 1, testWork: (Int) -> URL) throws
    -> Engine.TestOutcome
  {
    let manifest = sources.manifest
    func runTests(_ products: TestProducts) throws -> [TestRunner.Results] {
      try (1...max(1, times)).map { time in
        try TestRunner(
          testModule: manifest.testModule, testIDs: manifest.tests.map(\.id),
          timeLimitSeconds: manifest.timeLimitSeconds, budgetSeconds: manifest.budgetSeconds,
          products: products, work: testWork(time), sandbox: sandbox
        ).runAll()
      }
    }
    let (build, testedInTurn) = try withBuildTurn { alone in
      let build = try assembleAndBuild(variant, alone: alone)
      if case .built(let testProducts) = build, testProducts.needsBuildFolder {
        return (build, Optional(try runTests(testProducts)))
      }
      return (build, nil)
    }
    switch build {
    case .failed(let message): return .compileError(message)
    case .built(let testProducts): return .tested(try testedInTurn ?? runTests(testProducts))
    }
  }

  /// Assembles `variant` and builds it (in a turn of `buildTurns` when one is given), without
  /// running its tests: for callers that run the built tests their own way (the mutation
  /// analysis runs them once per mutant).
  ///
  /// Off Linux the tests run from the build folder itself (``TestProducts/needsBuildFolder``):
  /// run them before building anything else there.
  func build(_ variant: SourceVariant) throws -> ProductBuild.Result {
    try withBuildTurn { try assembleAndBuild(variant, alone: $0) }
  }

  /// Assembles `variant`, builds it and calls `inTurn` with the result while the build folder
  /// is still this build's (in the same turn of `buildTurns`): for callers that use what the
  /// build left there, such as ``MutantLinker`` linking the same objects again.
  func build<T: Sendable>(
    _ variant: SourceVariant, inTurn: (ProductBuild.Result) throws -> T
  ) throws -> T {
    try withBuildTurn { try inTurn(try assembleAndBuild(variant, alone: $0)) }
  }

  private func assembleAndBuild(
    _ variant: SourceVariant,
    alone: (() throws -> ProcessRunner.Outcome) throws -> ProcessRunner.Outcome
  ) throws -> ProductBuild.Result {
    let manifest = sources.manifest
    let tree = try PackageAssembler(sources: sources, suite: suite, shape: shape).tree(for: variant)
    if let productCache,
      let cached = productCache.lookup(tree, packageName: manifest.id, into: products)
    {
      try Data(
        "Built before from the same files: products from \(productCache.folder.path).\n".utf8
      )
      .write(to: buildLog)
      return cached
    }
    try assembleAndVerify(variant)
    let result = try ProductBuild.build(
      package: package, scratch: scratch, module: manifest.module, packageName: manifest.id,
      executables: manifest.executables, products: products, log: buildLog,
      direct: directRebuild, wholeModules: wholeModules, alone: alone)
    productCache?.store(tree, packageName: manifest.id, result: result)
    return result
  }

  /// Runs `body` in a turn of `buildTurns` (none without them): beside builds of other package
  /// folders when this one may be a direct rebuild, which writes only its own package's outputs
  /// (`body` gets the way to run a SwiftPM build alone), else alone.
  private func withBuildTurn<T: Sendable>(
    _ body: (_ alone: (() throws -> ProcessRunner.Outcome) throws -> ProcessRunner.Outcome) throws
      -> T
  ) throws -> T {
    guard let buildTurns else { return try body { try $0() } }
    guard DirectRebuild.isAvailable, directRebuild
    else {
      return try buildTurns.withTurn { try body { try $0() } }
    }
    return try buildTurns.withTurn(package: package.standardizedFileURL.path) { escalation in
      try body { try escalation.exclusively($0) }
    }
  }

  /// Writes the package, then checks it holds exactly what was written (once more if not).
  private func assembleAndVerify(_ variant: SourceVariant) throws {
    let assembler = PackageAssembler(sources: sources, suite: suite, shape: shape)
    let forSwiftPM = !(directRebuild && DirectRebuild.isAvailable)
    let tree = try assembler.assemble(variant, into: package, forSwiftPM: forSwiftPM)
    var changed = assembler.verify(tree, in: package)
    if !changed.isEmpty {
      try assembler.assemble(variant, into: package, forSwiftPM: forSwiftPM)
      changed = assembler.verify(tree, in: package)
    }
    guard changed.isEmpty else {
      throw WorkshopError(
        "the package assembled in \(package.path) keeps changing after it is written "
          + "(\(changed.prefix(3).joined(separator: ", "))): another process is writing "
          + "there. Stop it, or grade with the sandbox on.")
    }
  }
}
