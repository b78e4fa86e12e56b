import ExerciseModel
import Foundation

/// What a learner's tests did against the reference feature and against each of the lesson's
/// mutants, where the learner writes the feature too, without compiling their tests again
/// (``Engine/lessonSuiteVerdicts(_:mutants:link:tests:package:logs:building:)``).
public struct LessonSuiteVerdicts: Sendable, Equatable {
  /// Whether a test did not pass against each mutant (caught), in the mutants' order.
  public var caught: [Bool]
  /// The tests that do not pass against the reference feature: wrong, so they catch nothing.
  public var wrongTests: [SuiteReport.WrongTest]
}

extension Engine {
  /// Runs the learner's tests (`keys`) of exercise `sources` against the reference feature and
  /// each of `mutants`, from the very objects their visible tests ran from: the test binary of
  /// `link`, staged beside each library in turn (``MutantLinker``). Nil when those objects
  /// cannot serve another build of the feature; the caller then compiles the tests again with
  /// the reference feature, as the grader does (why is in `logs/shared-tests.log`).
  ///
  /// Why: where the learner writes the feature and its tests, their tests were compiled twice
  /// after every save, once against their feature and once against the reference one, each
  /// compile most of a check. Objects compiled against a module built with library evolution
  /// reach its public and package declarations only through symbols (functions, accessors,
  /// metadata, enum cases), so they run unchanged beside any build of the module that defines
  /// the symbols they use, whatever its private state or its bodies. They are shared only when
  /// that holds, and when nothing else can tell the two builds apart:
  /// - the feature was compiled with library evolution (``DirectRebuild/resilientModule``);
  /// - no test file mentions `@testable`: a testable import reaches internal types by their
  ///   layout, which evolution does not hide (a test of such an import, linked against a module
  ///   with another private field, crashed);
  /// - no feature file mentions an attribute that copies code or layout into its clients
  ///   (`@inlinable`, `@frozen`…): the tests would carry the learner's bodies;
  /// - the learner's test files use nothing that the lesson's own test files define: the
  ///   grader compiles the learner's files without them;
  /// - every symbol the test binary takes from the learner's feature, the reference feature and
  ///   every mutant define too (the names carry the full types of what they name).
  public func lessonSuiteVerdicts(
    _ sources: ExerciseSources, mutants: [ManifestMutant], link: LessonLink, tests keys: [String],
    package: URL, logs: URL, building: () -> Void
  ) throws -> LessonSuiteVerdicts? {
    let manifest = sources.manifest
    let why = logs.appendingPathComponent("shared-tests.log")
    func refuse(_ reason: String) -> LessonSuiteVerdicts? {
      try? Data("The tests are compiled again with the reference feature: \(reason).\n".utf8)
        .write(to: why)
      return nil
    }
    try? FileManager.default.removeItem(at: why)
    let sharing =
      try link.sharing ?? Self.sharing(of: link, manifest: manifest, package: package)
    let needed: Set<String>
    switch sharing {
    case .refused(let reason): return refuse(reason)
    case .needs(let symbols): needed = symbols
    }
    // Compiled with library evolution, as the learner's feature is.
    let libraries = try lessonMutantLibraries(
      sources, shape: .assembled, logs: logs, building: building)
    let names = [MutantLibraries.reference] + mutants.map(\.name)
    for name in names {
      let missing = needed.subtracting(try libraries.definedSymbols(of: name))
      if let symbol = missing.sorted().first {
        return refuse("the tests use \(symbol), which \(name) does not define")
      }
    }
    let binaries = try names.enumerated().map { index, name in
      try MutantLinker.stage(
        tests: link.tests, library: try libraries.library(for: name),
        into: logs.appendingPathComponent("shared-\(index)/products"))
    }
    // One test process per library, side by side: each mostly starts and waits.
    let results = try WorkQueue(width: 2 * ProcessInfo.processInfo.activeProcessorCount).map(
      Array(binaries.enumerated())
    ) { index, binary in
      Result {
        try TestRunner(
          testModule: manifest.testModule, testIDs: keys,
          timeLimitSeconds: manifest.timeLimitSeconds, budgetSeconds: manifest.budgetSeconds,
          products: .binary(binary), work: logs.appendingPathComponent("shared-\(index)/tests"),
          // The binary holds the lesson's tests too.
          someTestsOnly: true
        ).runAll()
      }
    }.map { try $0.get() }
    let wrong = keys.compactMap { key -> SuiteReport.WrongTest? in
      let outcome = results[0].outcomes[key] ?? TestRunner.Outcome(status: .notRun)
      guard outcome.status != .passed else { return nil }
      return SuiteReport.WrongTest(
        test: key, status: outcome.status,
        message: outcome.message(hidingSource: false) ?? "It did not pass.", passedRuns: 0)
    }
    return LessonSuiteVerdicts(
      caught: results.dropFirst().map { run in
        keys.contains { run.outcomes[$0]?.status != .passed }
      },
      wrongTests: wrong)
  }

  /// Whether the test binary of `link` can run beside another build of the feature, as far as
  /// the learner's package tells (``lessonSuiteVerdicts(_:mutants:link:tests:package:logs:building:)``
  /// checks the other builds' symbols): what it needs of the feature, or why not. Read while
  /// the visible tests run (``linkLessonTests(_:module:package:scratch:logs:sharingFor:duringBuild:)``).
  static func sharing(of link: LessonLink, manifest: ExerciseManifest, package: URL) throws
    -> LessonLink.Sharing
  {
    guard link.featureIsResilient else {
      return .refused("the feature was not compiled with library evolution")
    }
    let tests = swiftFiles(in: package.appendingPathComponent("Tests"))
    if ResilientModule.anyTestableImport(in: tests) {
      return .refused("a test file mentions @testable")
    }
    let feature = swiftFiles(in: package.appendingPathComponent("Sources/\(manifest.module)"))
    if let attribute = attributeCopiedIntoClients(in: feature) {
      return .refused("a feature file mentions \(attribute)")
    }
    let testModule = "/\(manifest.testModule).build/"
    let lessonObjects = link.objects.filter { object in
      object.contains(testModule)
        && manifest.visibleTestFiles.contains {
          URL(fileURLWithPath: object).lastPathComponent == $0 + ".o"
        }
    }
    let ownObjects = link.objects.filter { $0.contains(testModule) && !lessonObjects.contains($0) }
    let lessonDefines = try MutantLinker.symbols(lessonObjects, defined: true)
    if let used = try MutantLinker.symbols(ownObjects, defined: false)
      .first(where: lessonDefines.contains)
    {
      return .refused("a test of yours uses \(used), which a lesson's test file defines")
    }
    return .needs(
      try MutantLinker.symbols([link.tests.path], defined: false, dynamic: true)
        .intersection(
          MutantLinker.definedSymbols(
            link.library, keptIn: link.folder.appendingPathComponent("library-symbols"))))
  }

  /// The attributes that copy a declaration's body or layout into the code that uses it.
  static let attributesCopiedIntoClients = [
    "@inlinable", "@frozen", "@_transparent", "@_alwaysEmitIntoClient", "@_fixed_layout",
  ]

  /// The first of ``attributesCopiedIntoClients`` that any of `files` mentions, even in a
  /// comment (a false alarm only costs a compile); nil when none does.
  static func attributeCopiedIntoClients(in files: [URL]) -> String? {
    for file in files {
      let text = String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
      if let found = attributesCopiedIntoClients.first(where: text.contains) { return found }
    }
    return nil
  }

  /// The Swift files under `folder`, at any depth.
  static func swiftFiles(in folder: URL) -> [URL] {
    let paths = FileManager.default.subpaths(atPath: folder.path) ?? []
    return paths.filter { $0.hasSuffix(".swift") }.sorted().map {
      folder.appendingPathComponent($0)
    }
  }
}
