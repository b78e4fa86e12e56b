import Foundation
import Synchronization

/// The compiled module of each hand-written mutant of a test-writing exercise, built once and
/// kept, for ``MutantLinker`` to link every learner's tests against.
///
/// A mutant's objects depend on its files, the library and the toolchain, never on a learner,
/// so they are built once per exercise and kept in the build folder (which is emptied when the
/// library changes: ``LibraryFingerprint``), beside a copy of the files they were built from:
/// when the files differ, they are built again.
///
/// ```swift
/// let objects = MutantObjects(sources: sources, package: packages, scratch: scratch, log: logs)
/// let folder = try objects.folder(for: "welcome-after-nine-seconds")
/// ```
public final class MutantObjects: Sendable {
  public let sources: ExerciseSources
  /// Where the mutants' packages are assembled.
  public let package: URL
  /// The build folder, shared with the builds that link against these objects.
  public let scratch: URL
  /// Where build logs go.
  public let logs: URL
  public let buildTurns: BuildTurns?
  /// How the mutants' module is compiled: as the tests it is linked with were
  /// (``PackageWriter/Shape``). Code compiled with library evolution and code compiled without
  /// it do not call each other the same way, so the two must never be linked together.
  public let shape: PackageWriter.Shape
  /// The folders already checked in this process, by mutant name.
  private let ready = Mutex<[String: URL]>([:])
  /// Held while a mutant's objects are checked or built: two learners graded at once must not
  /// build one mutant in one folder.
  private let building = Mutex<Void>(())

  public init(
    sources: ExerciseSources, package: URL, scratch: URL, logs: URL, buildTurns: BuildTurns?,
    shape: PackageWriter.Shape = .assembled
  ) {
    self.shape = shape
    self.sources = sources
    self.package = package
    self.scratch = scratch
    self.logs = logs
    self.buildTurns = buildTurns
  }

  /// The folder of mutant `name`'s object files, built first when needed. Throws when the
  /// mutant does not build: an author's mistake, said in plain words.
  public func folder(for name: String) throws -> URL {
    if let known = ready.withLock({ $0[name] }) { return known }
    // Never held while waiting for a build turn of a learner's: ``SuiteGrading`` asks for the
    // mutants' folders before it takes one.
    return try building.withLock { _ in try build(name) }
  }

  private func build(_ name: String) throws -> URL {
    if let known = ready.withLock({ $0[name] }) { return known }
    let manifest = sources.manifest
    let module = try sources.mutantModule(name)
    // What the objects are made from: the mutant's files and the package that compiles them (its
    // flags decide the symbols the objects define: a module compiled with library evolution
    // defines some that one compiled without does not).
    var recipe = module.prefixed("module")
    recipe.files["Package.swift"] =
      try PackageAssembler(sources: sources, shape: shape).tree(for: .mutants(module))
      .files["Package.swift"]
    let folder = scratch.appendingPathComponent("workshop-mutants/\(manifest.id)/\(name)")
    let kept = folder.appendingPathComponent("sources")
    let objects = folder.appendingPathComponent("objects")
    if (try? SourceTree.read(kept)) == recipe,
      let found = try? FileManager.default.contentsOfDirectory(atPath: objects.path),
      found.contains(where: { $0.hasSuffix(".o") })
    {
      ready.withLock { $0[name] = objects }
      return objects
    }
    try? FileManager.default.removeItem(at: folder)
    let log = logs.appendingPathComponent("mutant-\(name).log")
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    // The starter suite: small, and any suite will do, since only the module's objects are kept.
    let run = ExerciseRun(
      sources: sources, package: package, scratch: scratch,
      products: folder.appendingPathComponent("products"), buildLog: log,
      buildTurns: buildTurns, suite: .starter, shape: shape)
    let copied: [String] = try run.build(.mutants(module)) { result in
      guard case .built = result else {
        if case .failed(let message) = result {
          throw WorkshopError(
            "mutant \"\(name)\" of \(manifest.id) does not build; fix "
              + "Tests/\(manifest.id)/Mutants/\(name)/: \(message)")
        }
        return []
      }
      let linker = try MutantLinker(
        package: package, scratch: scratch, packageName: manifest.id, module: manifest.module)
      try FileManager.default.createDirectory(at: objects, withIntermediateDirectories: true)
      return try linker.moduleObjects.map { path in
        let source = URL(fileURLWithPath: path)
        try FileManager.default.copyItem(
          at: source, to: objects.appendingPathComponent(source.lastPathComponent))
        return source.lastPathComponent
      }
    }
    try? FileManager.default.removeItem(at: folder.appendingPathComponent("products"))
    guard !copied.isEmpty else {
      throw WorkshopError("mutant \"\(name)\" of \(manifest.id) built no objects of its module.")
    }
    try recipe.write(to: kept)
    ready.withLock { $0[name] = objects }
    return objects
  }
}
