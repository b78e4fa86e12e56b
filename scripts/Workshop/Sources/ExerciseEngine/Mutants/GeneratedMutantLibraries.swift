import ExerciseModel
import Foundation
import Mutation
import Synchronization

/// The libraries of the generated mutants that grade learners' suites (``FeatureMutants``),
/// built once per exercise and grading: one schemata build of all of them
/// (``MutantSchemata/Switch/linked``), then, for each mutant, a link of those objects with a
/// small object that names it the active one and holds the grading's salt (``GradingSalt``).
///
/// Every library has the name of the feature's (`lib<Module>.so`, ``MutantLinker``), and a run
/// against mutant `n` is the learner's test binary beside library `n`: the same binary, path,
/// arguments and environment as every other run, so only the feature's behaviour tells a test
/// which mutant it runs against.
///
/// ```swift
/// let generated = try GeneratedMutantLibraries(
///   sources: sources, package: package, scratch: scratch, folder: folder, buildTurns: nil)
/// let libraries = try generated.libraries()  // in the order of generated.mutants.graded
/// ```
final class GeneratedMutantLibraries: Sendable {
  let sources: ExerciseSources
  /// Where the mutants' package is assembled, and its build folder: the suites' own.
  let package: URL
  let scratch: URL
  /// This grading's folder for the objects, the libraries and their logs.
  let folder: URL
  let buildTurns: BuildTurns?
  let shape: PackageWriter.Shape
  let salt: GradingSalt
  let mutants: FeatureMutants
  private let built = Mutex<[URL]?>(nil)
  /// Whether ``check(against:)`` has passed: every learner's feature library defines the same
  /// symbols, so once is enough.
  private let checked = Mutex(false)

  init(
    sources: ExerciseSources, package: URL, scratch: URL, folder: URL, buildTurns: BuildTurns?,
    shape: PackageWriter.Shape = .assembled, salt: GradingSalt = GradingSalt()
  ) throws {
    self.sources = sources
    self.package = package
    self.scratch = scratch
    self.folder = folder
    self.buildTurns = buildTurns
    self.shape = shape
    self.salt = salt
    mutants = try FeatureMutants.load(sources)
  }

  /// The object that salts the feature's own library (no mutant active).
  func featureObject() throws -> URL {
    try salt.object(active: 0, in: folder.appendingPathComponent("switches"))
  }

  /// One library per graded mutant, in the order of ``mutants``, built on the first call.
  func libraries() throws -> [URL] {
    try built.withLock { known in
      if let known { return known }
      let made = try build()
      known = made
      return made
    }
  }

  private func build() throws -> [URL] {
    let graded = mutants.graded
    guard !graded.isEmpty else { return [] }
    let manifest = sources.manifest
    let id = manifest.id
    try? FileManager.default.removeItem(at: folder.appendingPathComponent("libraries"))
    let kept = folder.appendingPathComponent("objects")
    let logs = folder.appendingPathComponent("logs")
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    let module = MutantSchemata.module(
      mutants.files, numbered: graded.enumerated().map { ($0.offset + 1, $0.element.mutant) },
      switch: .linked)
    // The starter suite: small, and any suite will do, since only the module's objects are used.
    let run = ExercisePipeline(
      sources: sources, package: package, scratch: scratch,
      products: folder.appendingPathComponent("products"),
      buildLog: logs.appendingPathComponent("build.log"), buildTurns: buildTurns,
      suite: .starter, shape: shape)
    var linker: MutantLinker?
    var copied: [String] = []
    try run.build(.mutants(module)) { result in
      if case .failed(let message) = result {
        throw WorkshopError(
          "the feature's generated mutants of \(id) do not build together, though the analysis "
            + "built them so; rerun \(MutationReport.command(for: id)): \(message.prefix(600))")
      }
      let made = try MutantLinker(
        package: package, scratch: scratch, packageName: id, module: manifest.module)
      // The build folder's objects are the next build's: keep copies.
      try? FileManager.default.removeItem(at: kept)
      try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
      // Every object but the one that says no mutant is active: each library links its own.
      let objects = made.moduleObjects.filter {
        URL(fileURLWithPath: $0).lastPathComponent != MutantSchemata.linkedDefaultFile + ".o"
      }
      for (index, object) in objects.enumerated() {
        let copy = kept.appendingPathComponent(
          "\(index)-" + URL(fileURLWithPath: object).lastPathComponent)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: object), to: copy)
        copied.append(copy.path)
      }
      linker = made
    }
    try? FileManager.default.removeItem(at: folder.appendingPathComponent("products"))
    guard let linker, !copied.isEmpty else {
      throw WorkshopError("the generated mutants of \(id) built no objects of their module.")
    }
    let switches = folder.appendingPathComponent("switches")
    let numbers = Array(1...graded.count)
    let (salt, libraries, moduleObjects) = (
      salt, folder.appendingPathComponent("libraries"), copied
    )
    let links = WorkQueue(width: ProcessInfo.processInfo.activeProcessorCount).map(numbers) {
      number in
      Result { () throws -> URL in
        let object = try salt.object(active: number, in: switches)
        return try linker.linkLibrary(
          objects: moduleObjects + [object.path],
          into: libraries.appendingPathComponent("\(number)"),
          log: logs.appendingPathComponent("link-\(number).log")
        ).get()
      }
    }
    return try links.map { try $0.get() }
  }

  /// Throws, in words for the exercise's author, when a library lacks a dynamic symbol that
  /// `reference` (the feature's library) defines: tests linked against the feature could not
  /// start beside it, which would read as a mutant caught.
  func check(against reference: URL) throws {
    try checked.withLock { done in
      guard !done else { return }
      try check(reference)
      done = true
    }
  }

  private func check(_ reference: URL) throws {
    let expected = try MutantLinker.definedSymbols(reference)
    for (index, library) in try libraries().enumerated() {
      let missing = expected.subtracting(try MutantLinker.definedSymbols(library)).sorted()
      guard missing.isEmpty else {
        throw WorkshopError(
          "generated mutant \(mutants.graded[index].id) of \(sources.manifest.id) does not "
            + "define what the feature defines (\(missing.prefix(3).joined(separator: ", "))).")
      }
    }
  }
}
