import Foundation

/// The sources of one exercise that the tools combine into packages.
public struct ExerciseSources: Sendable {
  public var manifest: ExerciseManifest
  /// `Solutions/<id>/Sources/`: the module's files and the helper executables.
  public var solution: SourceTree
  /// `Tests/<id>/<Module>Tests/`: every solution test (none when the learner writes the tests
  /// only).
  public var solutionTests: SourceTree
  /// `Solutions/<id>/Tests/<Module>Tests/`: when the learner writes tests, the reference suite,
  /// with starter regions (empty otherwise).
  public var referenceSuite: SourceTree
  public var layout: WorkspaceLayout

  public init(id: String, layout: WorkspaceLayout) throws {
    self.layout = layout
    manifest = try layout.manifest(id)
    solution = try SourceTree.read(layout.solution(id).appendingPathComponent("Sources"))
    solutionTests = try SourceTree.read(
      layout.instructor(id).appendingPathComponent(manifest.testModule))
    referenceSuite = try SourceTree.read(
      layout.solution(id).appendingPathComponent("Tests/\(manifest.testModule)"))
    let shared = Set(referenceSuite.files.keys).intersection(manifest.visibleTestFiles)
    guard shared.isEmpty else {
      throw WorkshopError(
        "Solutions/\(id)/Tests/\(manifest.testModule)/ and the visible test files both have "
          + shared.sorted().joined(separator: ", ")
          + ": the learner's package holds both in one folder, so rename one of them.")
    }
    if manifest.gradesTests, referenceSuite.files.isEmpty {
      throw WorkshopError(
        "Solutions/\(id)/Tests/\(manifest.testModule)/ holds no files: the learner writes tests "
          + "in this exercise, so write the reference suite there.")
    }
    guard !solution.subtree(manifest.module).files.isEmpty else {
      let starter = layout.instructor(id).appendingPathComponent("Starter")
      if !layout.isLearnerEdition, FileManager.default.fileExists(atPath: starter.path) {
        throw WorkshopError(
          "This workspace looks like a learner edition (Tests/\(id)/Starter/ is there, "
            + "Solutions/ is not), but \(WorkspaceLayout.learnerEditionMarker), which marks one, "
            + "is missing: bring it back (`git checkout -- \(WorkspaceLayout.learnerEditionMarker)`)."
        )
      }
      throw WorkshopError(
        "Solutions/\(id)/Sources/\(manifest.module)/ holds no files: write the solution there.")
    }
    for name in manifest.visibleTestFiles where solutionTests.files[name] == nil {
      throw WorkshopError(
        "Tests/\(id)/exercise.json lists the visible test file \"\(name)\", but "
          + "Tests/\(id)/\(manifest.testModule)/\(name) does not exist.")
    }
    for executable in manifest.executables
    where solution.files["\(executable)/main.swift"] == nil {
      throw WorkshopError(
        "Tests/\(id)/exercise.json lists the executable \"\(executable)\", but "
          + "Solutions/\(id)/Sources/\(executable)/main.swift does not exist.")
    }
  }

  /// The helper executables' sources, always the instructor's.
  public var executables: SourceTree {
    manifest.executables.reduce(SourceTree()) { tree, name in
      tree.overlaid(with: solution.subtree(name).prefixed(name))
    }
  }

  /// The learner's starter module, generated from the solution.
  public func starterModule() throws -> SourceTree {
    try solutionModule { try StarterRegions.starter(fromSolution: $0, file: $1) }
  }

  /// The solution module as a learner who wrote the solution would hand it in: every starter
  /// region resolved to its solution side, so it compiles without `SOLUTION` defined.
  public func solutionSideModule() throws -> SourceTree {
    try solutionModule { try StarterRegions.solutionSide(of: $0, file: $1) }
  }

  /// The module as a learner who has done the lesson's steps 1 to `doneSteps` exactly as the
  /// solution does, and nothing after, would hand it in
  /// (``StarterRegions/partial(fromSolution:file:doneSteps:)``).
  public func partialModule(doneSteps: Int) throws -> SourceTree {
    try solutionModule {
      try StarterRegions.partial(fromSolution: $0, file: $1, doneSteps: doneSteps)
    }
  }

  /// The steps that ``partialModule(doneSteps:)`` completes: each step all of whose starter
  /// regions it resolves (a region labelled "Steps 1 and 3" is resolved with step 1, so step 3
  /// may be complete early), and each step with no region at all (nothing to write in the
  /// module, such as an app the exercise gives) once every step before it is complete.
  public func completedSteps(doneSteps: Int) throws -> Set<Int> {
    var unfinished: Set<Int> = []
    var labelled: Set<Int> = []
    for (path, data) in solution.subtree(manifest.module).files where path.hasSuffix(".swift") {
      let regions = try StarterRegions.starterRegions(
        fromSolution: String(decoding: data, as: UTF8.self), file: path)
      for region in regions {
        labelled.formUnion(region.steps)
        if !region.steps.contains(where: { $0 <= doneSteps }) {
          unfinished.formUnion(region.steps)
        }
      }
    }
    var completed: Set<Int> = []
    for step in 1...max(1, manifest.steps.count) {
      let done =
        labelled.contains(step)
        ? !unfinished.contains(step)
        : completed.isSuperset(of: 1..<step)
      if done { completed.insert(step) }
    }
    return completed
  }

  /// The solution module with the text of every Swift file passed through `rewrite` (with the
  /// file's path, for its messages); other files as they are.
  private func solutionModule(rewrittenBy rewrite: (String, String) throws -> String) throws
    -> SourceTree
  {
    var files: [String: Data] = [:]
    for (path, data) in solution.subtree(manifest.module).files {
      guard path.hasSuffix(".swift") else {
        files[path] = data
        continue
      }
      let text = String(decoding: data, as: UTF8.self)
      let rewritten = try rewrite(
        text, "Solutions/\(manifest.id)/Sources/\(manifest.module)/\(path)")
      files[path] = Data(rewritten.utf8)
    }
    return SourceTree(files: files)
  }

  /// Decoy `name` as a learner would hand it in: ``solutionSideModule()`` with the decoy's files
  /// in place of the solution's files of the same name.
  public func decoyModule(_ name: String) throws -> SourceTree {
    try solutionSideModule().overlaid(with: try decoy(name).subtree(manifest.module))
  }

  /// Everything generated into `Exercises/<id>/` (the lesson README is written by hand).
  public func generatedExercise() throws -> SourceTree {
    var tree = SourceTree()
    tree.files["Package.swift"] = Data(
      PackageWriter.packageSwift(
        for: manifest, packagesPath: "../../Packages"
      )
      .utf8)
    tree = tree.overlaid(with: try starterModule().prefixed("Sources/\(manifest.module)"))
    tree = tree.overlaid(with: executables.prefixed("Sources"))
    for name in manifest.visibleTestFiles {
      tree.files["Tests/\(manifest.testModule)/\(name)"] = solutionTests.files[name]
    }
    if manifest.gradesTests {
      tree = tree.overlaid(with: try suite(.starter).prefixed("Tests/\(manifest.testModule)"))
    }
    return tree
  }

  /// The files of decoy `name`, which replace the solution's files of the same path.
  public func decoy(_ name: String) throws -> SourceTree {
    let directory = layout.instructor(manifest.id).appendingPathComponent("Decoys/\(name)")
    let tree = try SourceTree.read(directory)
    guard !tree.files.isEmpty else {
      throw WorkshopError(
        "Decoy \"\(name)\" of \(manifest.id) has no files: put them in Tests/\(manifest.id)/Decoys/\(name)/\(manifest.module)/."
      )
    }
    return tree
  }
}

/// Which sources a package is built from.
public enum SourceVariant: Sendable, Equatable {
  /// The reference solution, as a learner who wrote it hands it in
  /// (``ExerciseSources/solutionSideModule()``: built without `SOLUTION` defined, like every
  /// variant, so all of them share one `Package.swift`).
  case solution
  /// The starter generated from the solution.
  case starter
  /// The solution with a decoy's files in place of its own, as a learner would hand it in
  /// (``ExerciseSources/decoyModule(_:)``: built without `SOLUTION` defined).
  case decoy(String)
  /// A learner's module files (the files of `Sources/<Module>/` in their copy).
  case learner(SourceTree)
  /// The solution's module with mutants compiled in (``MutantSchemata``), or with one mutant
  /// made: built as a submission is, without `SOLUTION` defined.
  case mutants(SourceTree)

  public var label: String {
    switch self {
    case .solution: "solution"
    case .starter: "starter"
    case .decoy(let name): "decoy \(name)"
    case .learner: "submission"
    case .mutants: "mutants"
    }
  }
}
