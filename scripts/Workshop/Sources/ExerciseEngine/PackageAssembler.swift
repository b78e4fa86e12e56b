import ExerciseModel
import Foundation

/// Builds the package that runs an exercise's solution tests against a given set of sources —
/// the one step the checks and the grader share.
///
/// The package holds the instructor's `Package.swift`, the module's files from the chosen
/// sources, the instructor's helper executables and every solution test. Nothing else from a
/// submission is used. Files are written only where they changed, so building variant after
/// variant in the same folder stays incremental.
struct PackageAssembler: Sendable {
  var sources: ExerciseSources
  /// The test suite, when the learner writes tests: it takes the place of the solution tests
  /// (nil runs the reference suite). Ignored for an exercise where the learner writes sources
  /// only.
  var suite: SuiteVariant?
  /// How the learner's module is compiled: ``PackageWriter/Shape/assembled`` (with library
  /// evolution) for the checks and the grader; ``PackageWriter/Shape/learner`` for objects that
  /// are linked with a learner's own build (``MutantLibraries`` for `scripts/learn`).
  var shape: PackageWriter.Shape

  init(
    sources: ExerciseSources, suite: SuiteVariant? = nil,
    shape: PackageWriter.Shape = .assembled
  ) {
    self.sources = sources
    self.suite = suite
    self.shape = shape
  }

  /// Writes the package for `variant` into `directory`, replacing what was there. Returns the
  /// files written, for ``verify(_:in:)``.
  ///
  /// - Parameter forSwiftPM: whether SwiftPM builds it next, which goes by file dates: then a
  ///   package built less than a second ago is written only once the next second has begun
  ///   (see ``waitForANewSecond(after:)``). A ``DirectRebuild`` goes by content and needs no
  ///   wait.
  @discardableResult
  func assemble(_ variant: SourceVariant, into directory: URL, forSwiftPM: Bool = true)
    throws -> SourceTree
  {
    let tree = try self.tree(for: variant)
    try tree.write(to: directory) {
      if forSwiftPM { Self.waitForANewSecond(after: directory) }
    }
    return tree
  }

  /// The paths (relative to `directory`) whose files are not `tree`'s: changed, added or
  /// removed since ``assemble(_:into:)`` wrote them. Empty when the package is as assembled.
  ///
  /// ``ExercisePipeline`` checks this before every build: the build runs outside the sandbox, and must
  /// only ever compile the instructor's tests and `Package.swift` with the learner's module.
  func verify(_ tree: SourceTree, in directory: URL) -> [String] {
    guard let found = try? SourceTree.read(directory) else { return ["(the package folder)"] }
    let paths = Set(found.files.keys).union(tree.files.keys)
    return paths.filter { found.files[$0] != tree.files[$0] }.sorted()
  }

  /// The package's files for `variant`, by path.
  func tree(for variant: SourceVariant) throws -> SourceTree {
    let manifest = sources.manifest
    let module: SourceTree
    switch variant {
    case .solution:
      // Written as a learner who wrote the solution hands it in, with no `SOLUTION` defined:
      // every variant of an exercise then has the same `Package.swift`, so after the first
      // build of a package folder the next variants are direct rebuilds (``DirectRebuild``),
      // not SwiftPM builds.
      module = try sources.solutionSideModule()
    case .starter:
      module = try sources.starterModule()
    case .decoy(let name):
      // As its learner in the diagnoses class hands it in, so the two share one build
      // (``ProductCache``).
      module = try sources.decoyModule(name)
    case .learner(let files), .mutants(let files):
      module = files
    }
    // The suite replaces the solution tests where the learner writes tests: by default the
    // reference suite, or where the learner writes sources too, the solution tests that grade
    // their code.
    let suite =
      manifest.gradesTests ? (self.suite ?? (manifest.gradesSources ? nil : .reference)) : nil
    var tree = SourceTree()
    tree.files["Package.swift"] = Data(
      PackageWriter.packageSwift(
        for: manifest,
        // Resolved, so workspaces that link to one library share its build.
        packagesPath: sources.layout.packages.resolvingSymlinksInPath().path,
        shape: shape
      ).utf8)
    tree = tree.overlaid(with: module.prefixed("Sources/\(manifest.module)"))
    tree = tree.overlaid(with: sources.executables.prefixed("Sources"))
    // A suite's files (the reference suite as its starter regions resolve, like the solution's
    // module above), or the solution tests.
    let tests = try suite.map { try sources.suite($0) } ?? sources.solutionTests
    tree = tree.overlaid(with: tests.prefixed("Tests/\(manifest.testModule)"))
    return tree
  }

  /// The file, inside an assembled package, whose date is when its last build ended.
  static func buildMarker(in package: URL) -> URL {
    package.appendingPathComponent(".last-build")
  }

  /// Waits, when the package was last built less than a second ago, until the clock has moved
  /// to the next whole second.
  ///
  /// SwiftPM decides what to rebuild from file dates, and a file rewritten in the same second
  /// as the previous build can be taken as unchanged (seen here: 5 edits in 20 were missed when
  /// builds took half a second; none once the next second had begun). The wait makes that rare,
  /// not impossible (about 1 build in 450 still skipped a rewritten source), so every build is
  /// also checked for sources it did not compile (``UncompiledSources``). Builds of real
  /// exercises take longer than a second, so this rarely waits at all.
  static func waitForANewSecond(after package: URL) {
    let marker = buildMarker(in: package)
    guard
      let attributes = try? FileManager.default.attributesOfItem(atPath: marker.path),
      let built = attributes[.modificationDate] as? Date
    else { return }
    let nextSecond = Date(timeIntervalSince1970: built.timeIntervalSince1970.rounded(.down) + 1)
    let wait = nextSecond.timeIntervalSinceNow
    if wait > 0 { Thread.sleep(forTimeInterval: wait + 0.01) }
  }
}
