import ExerciseModel
import Foundation
import Synchronization

/// The library of each hand-written mutant of a test-writing exercise (`lib<Module>.so`,
/// ``MutantLinker``), built once and kept, for every learner's tests to run against.
///
/// A mutant's library depends on its files, the library packages and the toolchain, never on a
/// learner, so it is built once per exercise and kept in the build folder (which is emptied
/// when the library packages change: ``LibraryFingerprint``), beside a copy of the files it was
/// built from: when the files differ, it is built again.
///
/// ```swift
/// let libraries = MutantLibraries(
///   sources: sources, package: packages, scratch: scratch, logs: logs, buildTurns: nil)
/// let library = try libraries.library(for: "welcome-after-nine-seconds")
/// ```
final class MutantLibraries: Sendable {
  let sources: ExerciseSources
  /// Where the mutants' packages are assembled.
  let package: URL
  /// The build folder, shared with the builds of the tests that run against these libraries.
  let scratch: URL
  /// Where build logs go.
  let logs: URL
  let buildTurns: BuildTurns?
  /// How the mutants' module is compiled: as the tests that run against it were
  /// (``PackageWriter/Shape``). Code compiled with library evolution and code compiled without
  /// it do not call each other the same way, so the two must never be linked together.
  let shape: PackageWriter.Shape
  /// The libraries found or built in this process, by mutant name, with whether this process
  /// built them.
  private let ready = Mutex<[String: (library: URL, built: Bool)]>([:])
  /// The symbols each library defines, once read (``check(_:against:)``).
  private let symbols = Mutex<[String: Set<String>]>([:])
  /// Held while a mutant's library is checked or built: two learners graded at once must not
  /// build one mutant in one folder.
  private let building = Mutex<Void>(())

  init(
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

  /// The name under which the reference feature's own library is kept, built as the mutants'
  /// are: for tests linked against another build of the module (a learner's), which must be
  /// run against the reference feature too. No mutant has it: their names are kebab-case.
  static let reference = ".reference"

  /// Mutant `name`'s library (or the reference feature's, ``reference``), built first when
  /// needed. Throws when the mutant does not build: an author's mistake, said in plain words.
  func library(for name: String) throws -> URL {
    try entry(for: name).library
  }

  /// Whether this process built any of the mutants `names` (rather than finding them kept):
  /// a check of their symbols made by an earlier process may not hold for them.
  func builtAny(of names: [String]) throws -> Bool {
    try names.contains { try entry(for: $0).built }
  }

  /// Throws, in plain words for the exercise's author, when a mutant's library lacks a
  /// dynamic symbol that `reference` (the feature's library, ``MutantLinker``) defines: tests
  /// linked against the feature could not start beside it.
  func check(_ names: [String], against reference: URL) throws {
    let expected = try MutantLinker.definedSymbols(reference)
    for name in names {
      let missing = expected.subtracting(try definedSymbols(of: name)).sorted()
      guard missing.isEmpty else {
        throw WorkshopError(
          "mutant \"\(name)\" of \(sources.manifest.id) does not define what the feature "
            + "defines (\(missing.prefix(3).joined(separator: ", "))): a mutant may change "
            + "function bodies only, never a declaration. Fix Tests/\(sources.manifest.id)/"
            + "Mutants/\(name)/.")
      }
    }
  }

  /// The dynamic symbols library `name` defines (a mutant's, or ``reference``), read once.
  func definedSymbols(of name: String) throws -> Set<String> {
    if let known = symbols.withLock({ $0[name] }) { return known }
    let library = try library(for: name)
    let read = try MutantLinker.definedSymbols(
      library,
      keptIn: library.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("symbols"))
    symbols.withLock { $0[name] = read }
    return read
  }

  private func entry(for name: String) throws -> (library: URL, built: Bool) {
    if let known = ready.withLock({ $0[name] }) { return known }
    // Never held while waiting for a build turn of a learner's: ``SuiteGrading`` asks for the
    // mutants' libraries before it takes one.
    return try building.withLock { _ in try build(name) }
  }

  private func build(_ name: String) throws -> (library: URL, built: Bool) {
    if let known = ready.withLock({ $0[name] }) { return known }
    let manifest = sources.manifest
    let module =
      name == Self.reference ? try sources.solutionSideModule() : try sources.mutantModule(name)
    // What the library is made from: the mutant's files and the package that compiles them (its
    // flags decide the symbols the objects define: a module compiled with library evolution
    // defines some that one compiled without does not).
    var recipe = module.prefixed("module")
    recipe.files["Package.swift"] =
      try PackageAssembler(sources: sources, shape: shape).tree(for: .mutants(module))
      .files["Package.swift"]
    let folder = scratch.appendingPathComponent("workshop-mutants/\(manifest.id)/\(name)")
    let kept = folder.appendingPathComponent("sources")
    let libraryFolder = folder.appendingPathComponent("library")
    let library = libraryFolder.appendingPathComponent("lib\(manifest.module).so")
    if (try? SourceTree.read(kept)) == recipe,
      FileManager.default.fileExists(atPath: library.path)
    {
      let known = (library, false)
      ready.withLock { $0[name] = known }
      return known
    }
    try? FileManager.default.removeItem(at: folder)
    let log = logs.appendingPathComponent("mutant-\(name).log")
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    // The starter suite: small, and any suite will do, since only the module's objects are used.
    let run = ExercisePipeline(
      sources: sources, package: package, scratch: scratch,
      products: folder.appendingPathComponent("products"), buildLog: log,
      buildTurns: buildTurns, suite: .starter, shape: shape)
    try run.build(.mutants(module)) { result in
      guard case .built = result else {
        if case .failed(let message) = result {
          throw WorkshopError(
            "mutant \"\(name)\" of \(manifest.id) does not build; fix "
              + "Tests/\(manifest.id)/Mutants/\(name)/: \(message)")
        }
        return
      }
      let linker = try MutantLinker(
        package: package, scratch: scratch, packageName: manifest.id, module: manifest.module)
      guard !linker.moduleObjects.isEmpty else {
        throw WorkshopError("mutant \"\(name)\" of \(manifest.id) built no objects of its module.")
      }
      if case .failure(let error) = try linker.linkLibrary(
        objects: linker.moduleObjects, into: libraryFolder,
        log: logs.appendingPathComponent("mutant-\(name)-link.log"))
      {
        throw WorkshopError("mutant \"\(name)\" of \(manifest.id) does not link: \(error)")
      }
    }
    try? FileManager.default.removeItem(at: folder.appendingPathComponent("products"))
    try recipe.write(to: kept)
    let known = (library, true)
    ready.withLock { $0[name] = known }
    return known
  }
}
