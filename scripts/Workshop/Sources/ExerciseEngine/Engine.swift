import ExerciseModel
import Foundation
import Mutation
import Synchronization

/// The engine's one door: what a tool builds and runs in its work folder (`.build-grade/`,
/// `.build-learn/`, `.build-workshop/`) goes through the `Engine` of that folder, the same way
/// for the grader, the author checks and the learner tool.
///
/// - ``test(_:of:in:times:hiding:)``: assemble a package from one variant of an exercise (a
///   learner's module, the solution, a decoy, the starter) and the instructor's solution tests,
///   build it, and run the tests in the sandbox.
/// - ``gradeSuite(_:of:in:times:mutants:generatedMutants:incrementalTests:hiding:)``: grade a
///   test suite by the mutants it catches.
/// - ``buildLearnerPackage(_:package:scratch:log:resilientModule:compiled:monitor:progress:)``,
///   ``linkLessonTests(_:module:package:scratch:logs:sharingFor:duringBuild:)`` and
///   ``lessonMutantsCaught(_:mutants:link:tests:logs:building:)`` (or, where the learner writes
///   the feature too, ``lessonSuiteVerdicts(_:mutants:link:tests:package:logs:building:)``): the
///   learner's loop, on the learner's own package as it is on disk.
/// - ``analyseMutations(_:subject:jobs:progress:)``: run an exercise's tests against every
///   mutant of its code.
///
/// How it is fast stays inside: builds share one build folder and take turns in it, a package
/// of files built before is not built again, a rebuild after an edit calls the compiler
/// directly, and each mutant's library is built once and linked beside the tests. Every
/// `Engine` of one work folder in a process shares the turns of its builds.
///
/// ```swift
/// let work = root.appendingPathComponent(".build-grade")
/// let engine = Engine(layout: layout, work: work)
/// try engine.prepareBuildFolders()
/// let sources = try ExerciseSources(id: "09-test-clock", layout: layout)
/// switch try engine.test(.solution, of: sources, in: work.appendingPathComponent("runs/09")) {
/// case .compileError(let message): print(message)
/// case .tested(let runs): print(runs[0].outcomes.count, "tests ran")
/// }
/// ```
public final class Engine: Sendable {
  public let layout: WorkspaceLayout
  /// The work folder: packages, build folders, mutant libraries, logs.
  public let work: URL
  /// The sandbox every test process runs in; nil runs them unsandboxed.
  public let sandbox: Sandbox?
  /// This engine's salt, in every library a learner's tests run against, so no test can
  /// recognise them by bytes learned in an earlier grading (``GradingSalt``).
  let salt = GradingSalt()
  let turns: BuildTurns
  private let mutantLibraries = Mutex<[String: MutantLibraries]>([:])
  private let generatedLibraries = Mutex<[String: GeneratedMutantLibraries]>([:])
  /// The library's fingerprint, once ``prepare(_:)`` has read it.
  private let libraryFingerprint = Mutex<LibraryFingerprint?>(nil)

  /// - Parameter sandbox: the sandbox of every test process (see
  ///   ``Sandbox/choose(_:scratch:searchPath:)``); nil runs them unsandboxed.
  public init(layout: WorkspaceLayout, work: URL, sandbox: Sandbox? = nil) {
    self.layout = layout
    self.work = work.standardizedFileURL
    self.sandbox = sandbox
    turns = Self.turns(of: self.work)
  }

  /// The turns of the builds in each work folder, shared by every engine of this process.
  private static let turnsByFolder = Mutex<[String: BuildTurns]>([:])
  private static func turns(of work: URL) -> BuildTurns {
    turnsByFolder.withLock { known in
      if let turns = known[work.path] { return turns }
      let turns = BuildTurns()
      known[work.path] = turns
      return turns
    }
  }

  /// Where assembled packages are built.
  var scratch: URL { work.appendingPathComponent("scratch") }
  /// Where suites and their mutants are built: apart from ``scratch``, where the same package
  /// and target names are built from other files.
  var suiteScratch: URL { work.appendingPathComponent("scratch-suites") }
  /// Where the lesson's mutants of a learner's own package are built (``lessonMutantsCaught``):
  /// apart from the learner's builds, so building them never undoes one.
  var lessonScratch: URL { work.appendingPathComponent("mutants-scratch") }

  // MARK: - Build folders

  /// Empties this engine's build folders that were built with another version of the library
  /// (they may hold stale code). Call it once before building, and once before several builds
  /// start at the same time.
  public func prepareBuildFolders() throws {
    let library = try LibraryFingerprint(packages: layout.packages)
    for folder in [scratch, suiteScratch] { try library.prepare(buildFolder: folder) }
  }

  /// Empties `folder` when it was built with another version of the library (or nobody
  /// recorded which), and records this one: the library as this engine first read it (hashing
  /// it is a good part of a learner's check, and it does not change while one runs).
  public func prepare(_ folder: URL) throws {
    let library = try libraryFingerprint.withLock { known in
      if let known { return known }
      let read = try LibraryFingerprint(packages: layout.packages)
      known = read
      return read
    }
    try library.prepare(buildFolder: folder)
  }

  /// The fingerprint of the library in `layout`'s `Packages/`: what a build folder records.
  public static func libraryFingerprint(of layout: WorkspaceLayout) throws -> String {
    try LibraryFingerprint(packages: layout.packages).description
  }

  /// The SwiftPM builds of this process running now, for a progress line.
  public static func runningBuilds() -> [SwiftPMBuild.Running] { SwiftPMBuild.runningNow() }

  // MARK: - Assembled packages

  /// How building and testing an assembled package ended.
  public enum TestOutcome: Sendable {
    /// The package did not build: the compiler's errors.
    case compileError(String)
    /// The tests ran: one ``TestRunner/Results`` per time.
    case tested([TestRunner.Results])
  }

  /// Assembles `variant` of `sources`' exercise with the solution tests, builds it and runs
  /// the tests `times` times, in the sandbox with `hiding` hidden too. `folder` receives the
  /// build log (`build.log`) and the tests' work (`tests/`, or `run-N/` for each of several
  /// times); the built products are removed when the tests end.
  public func test(
    _ variant: SourceVariant, of sources: ExerciseSources, in folder: URL, times: Int = 1,
    hiding: [String] = []
  ) throws -> TestOutcome {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let products = folder.appendingPathComponent("products")
    defer { try? FileManager.default.removeItem(at: products) }
    let run = ExercisePipeline(
      sources: sources, package: work.appendingPathComponent("packages/\(sources.manifest.id)"),
      scratch: scratch, products: products,
      buildLog: folder.appendingPathComponent("build.log"), sandbox: sandbox(hiding: hiding),
      buildTurns: turns, productCache: ProductCache(scratch: scratch))
    return try run.run(variant, times: times) { time in
      folder.appendingPathComponent(times == 1 ? "tests" : "run-\(time)")
    }
  }

  // MARK: - Suites

  /// Grades `suite` by the mutants of `sources`' exercise it catches (``SuiteOutcome``),
  /// `times` times from one build (``SuiteGrading``). `folder` receives the grading's logs
  /// and event streams; the built products are removed when it ends.
  ///
  /// - Parameters:
  ///   - mutants: the hand mutants to try (nil: every one of the manifest).
  ///   - generatedMutants: whether the generated mutants the reference suite kills are tried
  ///     too.
  ///   - incrementalTests: whether the suite's test module compiles in SwiftPM's batches, not
  ///     whole: for the learner's loop, whose every check grades the same suite with one file
  ///     changed.
  ///   - hiding: paths the sandbox hides as well (the submission).
  public func gradeSuite(
    _ suite: SuiteVariant, of sources: ExerciseSources, in folder: URL, times: Int = 1,
    mutants: [ManifestMutant]? = nil, generatedMutants: Bool = true,
    incrementalTests: Bool = false, hiding: [String] = []
  ) throws -> [SuiteOutcome] {
    defer { try? FileManager.default.removeItem(at: folder.appendingPathComponent("products")) }
    var grading = SuiteGrading(
      sources: sources, package: suitePackage(for: sources.manifest.id), scratch: suiteScratch,
      work: folder, sandbox: sandbox(hiding: hiding), buildTurns: turns,
      mutantLibraries: mutantLibraries(for: sources),
      generated: generatedMutants ? try generatedLibraries(for: sources) : nil,
      mutants: mutants)
    grading.compilesTestsIncrementally = incrementalTests
    return try grading.grade(suite, times: times)
  }

  /// The generated mutants that grade `sources`' exercise's suites: those the reference suite
  /// kills, as `suite-mutation.json` records them.
  public func generatedMutants(of sources: ExerciseSources) throws -> FeatureMutants {
    try generatedLibraries(for: sources).mutants
  }

  /// What the build folder of the suites records of the library it was built with (nil when
  /// nothing was built there yet): part of what keeps a suite's verdicts current.
  public var suiteLibraryRecord: String? { LibraryFingerprint.recorded(in: suiteScratch) }

  /// Where the suites of exercise `id` are assembled: a package of their own, never the one
  /// that builds the learner's module, whose test target holds other files.
  func suitePackage(for id: String) -> URL { SuiteGrading.package(in: work, for: id) }

  /// The hand mutants' libraries of `sources`' exercise, built on first use, shared by every
  /// suite this engine grades.
  private func mutantLibraries(for sources: ExerciseSources) -> MutantLibraries {
    mutantLibraries.withLock { known in
      if let libraries = known[sources.manifest.id] { return libraries }
      let libraries = MutantLibraries(
        sources: sources, package: suitePackage(for: sources.manifest.id),
        scratch: suiteScratch,
        logs: work.appendingPathComponent("mutants/\(sources.manifest.id)"),
        buildTurns: turns)
      known[sources.manifest.id] = libraries
      return libraries
    }
  }

  /// The generated mutants' libraries of `sources`' exercise, built on first use, shared by
  /// every suite this engine grades.
  private func generatedLibraries(for sources: ExerciseSources) throws
    -> GeneratedMutantLibraries
  {
    try generatedLibraries.withLock { known in
      if let libraries = known[sources.manifest.id] { return libraries }
      let libraries = try GeneratedMutantLibraries(
        sources: sources, package: suitePackage(for: sources.manifest.id),
        scratch: suiteScratch,
        folder: work.appendingPathComponent("generated-mutants/\(sources.manifest.id)"),
        buildTurns: turns, salt: salt)
      known[sources.manifest.id] = libraries
      return libraries
    }
  }

  // MARK: - The learner's own package

  /// Builds the learner's package of exercise `id` as it is on disk, in `scratch`: after an
  /// edit, directly with the compiler when it can, else with SwiftPM.
  ///
  /// - Parameters:
  ///   - resilientModule: a module the direct rebuilds compile with library evolution, as the
  ///     grader does: the feature, where the learner writes it and tests it, so that their
  ///     tests can be linked against the reference feature's mutants
  ///     (``lessonSuiteVerdicts(_:mutants:link:tests:package:logs:building:)``).
  ///   - compiled: called when a direct rebuild has compiled what changed and is about to link
  ///     the tests, so that ``linkLessonTests(_:module:package:scratch:logs:sharingFor:duringBuild:)`` can
  ///     start meanwhile; not called when nothing is linked, or SwiftPM builds.
  ///   - monitor: consulted while building; returning true stops the build.
  ///   - progress: what a direct rebuild is compiling, for a progress line.
  public func buildLearnerPackage(
    _ id: String, package: URL, scratch: URL, log: URL, resilientModule: String? = nil,
    compiled: (@Sendable () -> Void)? = nil,
    monitor: @escaping () -> Bool, progress: (String) -> Void
  ) throws -> ProcessRunner.Outcome {
    var rebuild = DirectRebuild(
      package: package, scratch: scratch, recordFolder: learnerRecord(for: id),
      resilientModule: resilientModule)
    rebuild.skipsTestModuleInterfaces = true
    rebuild.beforeFirstLink = compiled
    return try rebuild.build(log: log, timeLimit: 1_800, monitor: monitor, progress: progress)
  }

  /// The record of the direct rebuilds of the learner's package of exercise `id`.
  private func learnerRecord(for id: String) -> URL {
    work.appendingPathComponent("direct/\(id)")
  }

  /// A learner's tests linked against the feature as a library of its own
  /// (``linkLessonTests(_:module:package:scratch:logs:sharingFor:duringBuild:)``): what runs beside each lesson
  /// mutant's library.
  public struct LessonLink: Sendable {
    var tests: URL
    var library: URL
    /// Whether the library was linked anew (rather than kept from the last check).
    var libraryLinked: Bool
    /// Kept from one check to the next.
    var folder: URL
    /// The objects the test binary was linked from, by path (the feature's among them).
    var objects: [String]
    /// Whether the feature's objects were compiled with library evolution, so that the tests
    /// reach its types through their symbols and metadata alone
    /// (``DirectRebuild/resilientModule``).
    var featureIsResilient: Bool
    /// Whether the tests can run beside another build of the feature, when it was asked.
    var sharing: Sharing?

    /// Whether a test binary can run beside another build of its feature
    /// (``Engine/lessonSuiteVerdicts(_:mutants:link:tests:package:logs:building:)``).
    enum Sharing: Sendable {
      /// It can, if that build defines these symbols: those the binary takes from the feature.
      case needs(Set<String>)
      /// It cannot, for this reason.
      case refused(String)
    }
  }

  /// Links the tests of the learner's package of exercise `id`, as its last
  /// ``buildLearnerPackage(_:package:scratch:log:resilientModule:compiled:monitor:progress:)`` built them
  /// in `scratch`,
  /// against the feature (`module`) as a library of its own; the library is linked again only
  /// when the feature changed.
  ///
  /// - Parameters:
  ///   - manifest: where the learner writes the feature too, its exercise: whether the tests
  ///     can run beside another build of the feature is read at once.
  ///   - duringBuild: whether the build is still running (called from its `compiled`), its
  ///     compiles done.
  public func linkLessonTests(
    _ id: String, module: String, package: URL, scratch: URL, logs: URL,
    sharingFor manifest: ExerciseManifest? = nil, duringBuild: Bool = false
  ) throws -> LessonLink {
    let linker = try MutantLinker(
      package: package, scratch: scratch, packageName: id, module: module,
      recordFolder: learnerRecord(for: id))
    let folder = work.appendingPathComponent("linked/\(id)")
    let (tests, library, libraryLinked) = try linker.linkFeatureAndTests(
      into: folder.appendingPathComponent("products"), logs: logs,
      keepingInputsIn: folder.appendingPathComponent("inputs"))
    let rebuild = DirectRebuild(
      package: package, scratch: scratch, recordFolder: learnerRecord(for: id),
      resilientModule: module)
    var link = LessonLink(
      tests: tests, library: library, libraryLinked: libraryLinked, folder: folder,
      objects: linker.objects,
      featureIsResilient: rebuild.compiledResilientModule(compiling: duringBuild))
    if let manifest {
      link.sharing = try Self.sharing(of: link, manifest: manifest, package: package)
    }
    return link
  }

  /// The libraries of the lesson's mutants of `sources`' exercise in ``lessonScratch``, compiled
  /// in `shape`; `building` is called when none was built there yet (the first build of them
  /// takes a while).
  func lessonMutantLibraries(
    _ sources: ExerciseSources, shape: PackageWriter.Shape, logs: URL, building: () -> Void
  ) throws -> MutantLibraries {
    let id = sources.manifest.id
    try prepare(lessonScratch)
    if !lessonMutantsBuilt(of: id) { building() }
    return MutantLibraries(
      sources: sources, package: work.appendingPathComponent("mutants/\(id)"),
      scratch: lessonScratch, logs: logs.appendingPathComponent("mutants"), buildTurns: nil,
      shape: shape)
  }

  /// Whether the lesson's mutants of exercise `id` were built in this work folder (by
  /// ``lessonMutantsCaught(_:mutants:link:tests:logs:building:)`` or
  /// ``lessonSuiteVerdicts(_:mutants:link:tests:package:logs:building:)``), so that running
  /// against them costs no build.
  public func lessonMutantsBuilt(of id: String) -> Bool {
    FileManager.default.fileExists(
      atPath: lessonScratch.appendingPathComponent("workshop-mutants/\(id)").path)
  }

  /// Runs the learner's tests (`tests`, as `link` holds them) against each of `mutants`, one
  /// process per mutant side by side, and tells for each whether a test did not pass (caught).
  /// Each mutant's library is built once, the way the learner's package builds its module;
  /// `building` is called before the first build of them.
  public func lessonMutantsCaught(
    _ sources: ExerciseSources, mutants: [ManifestMutant], link: LessonLink, tests keys: [String],
    logs: URL, building: () -> Void
  ) throws -> [Bool] {
    let manifest = sources.manifest
    let libraries = try lessonMutantLibraries(
      sources, shape: .learner, logs: logs, building: building)
    // The mutants' symbols were checked against this very library, unless it or one of them
    // was made again since.
    let checked = link.folder.appendingPathComponent("symbols-checked")
    let rebuilt = try libraries.builtAny(of: mutants.map(\.name))
    if link.libraryLinked || rebuilt || !FileManager.default.fileExists(atPath: checked.path) {
      try? FileManager.default.removeItem(at: checked)
      try libraries.check(mutants.map(\.name), against: link.library)
      try Data().write(to: checked)
    }
    let binaries = try mutants.enumerated().map { index, mutant in
      try MutantLinker.stage(
        tests: link.tests, library: try libraries.library(for: mutant.name),
        into: logs.appendingPathComponent("mutant-\(index + 1)/products"))
    }
    // One test process per mutant, side by side: each mostly starts and waits.
    let caught = WorkQueue(width: 2 * ProcessInfo.processInfo.activeProcessorCount).map(
      Array(binaries.enumerated())
    ) { index, binary in
      Result {
        let results = try TestRunner(
          testModule: manifest.testModule, testIDs: keys,
          timeLimitSeconds: manifest.timeLimitSeconds, budgetSeconds: manifest.budgetSeconds,
          products: .binary(binary),
          work: logs.appendingPathComponent("mutant-\(index + 1)/tests")
        ).runAll()
        return keys.contains { results.outcomes[$0]?.status != .passed }
      }
    }
    return try caught.map { try $0.get() }
  }

  // MARK: - Mutation analysis

  /// Runs the tests of exercise `id` against every mutant of `subject` (``MutationAnalysis``),
  /// `jobs` test processes at a time, in this engine's sandbox.
  public func analyseMutations(
    _ id: String, subject: MutationSubject = .solution, jobs: Int,
    progress: (String) -> Void = { _ in }
  ) throws -> MutationReport {
    try MutationAnalysis(layout: layout, work: work, sandbox: sandbox, jobs: jobs)
      .run(id, subject: subject, progress: progress)
  }

  /// This engine's sandbox with `paths` hidden as well.
  private func sandbox(hiding paths: [String]) -> Sandbox? {
    guard var sandbox else { return nil }
    sandbox.hiddenPaths += paths
    return sandbox
  }
}
