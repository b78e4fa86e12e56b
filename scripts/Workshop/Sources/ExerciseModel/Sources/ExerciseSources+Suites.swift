import Foundation

/// Which test suite a package of a test-writing exercise runs.
public enum SuiteVariant: Sendable, Equatable {
  /// The reference suite (`Solutions/<id>/Tests/<Module>Tests/`), built as its starter regions
  /// resolve (``ExerciseSources/solvedReferenceSuite()``).
  case reference
  /// The starter suite generated from it: what the learner starts from.
  case starter
  /// A weak suite, `Tests/<id>/WeakSuites/<name>/<Module>Tests/`.
  case weak(String)
  /// A learner's test files (the files of `Tests/<Module>Tests/` in their copy).
  case learner(SourceTree)

  public var label: String {
    switch self {
    case .reference: "reference suite"
    case .starter: "starter suite"
    case .weak(let name): "weak suite \(name)"
    case .learner: "submitted suite"
    }
  }
}

extension ExerciseSources {
  /// The test files of `variant`, by path inside the test target: for the reference suite, as
  /// a learner who wrote it would hand it in (``solvedReferenceSuite()``).
  public func suite(_ variant: SuiteVariant) throws -> SourceTree {
    switch variant {
    case .reference:
      return try solvedReferenceSuite()
    case .starter:
      var files: [String: Data] = [:]
      for (path, data) in referenceSuite.files {
        guard path.hasSuffix(".swift") else {
          files[path] = data
          continue
        }
        let starter = try StarterRegions.starter(
          fromSolution: String(decoding: data, as: UTF8.self),
          file: "Solutions/\(manifest.id)/Tests/\(manifest.testModule)/\(path)")
        files[path] = Data(starter.utf8)
      }
      return SourceTree(files: files)
    case .weak(let name):
      let folder = layout.instructor(manifest.id)
        .appendingPathComponent("WeakSuites/\(name)/\(manifest.testModule)")
      let tree = try SourceTree.read(folder)
      guard !tree.files.isEmpty else {
        throw WorkshopError(
          "Weak suite \"\(name)\" of \(manifest.id) has no files: put them in "
            + "Tests/\(manifest.id)/WeakSuites/\(name)/\(manifest.testModule)/.")
      }
      return tree
    case .learner(let files):
      return files
    }
  }

  /// The reference suite as a learner who wrote it would hand it in: every starter region
  /// resolved to its solution side, so it compiles without `SOLUTION` defined.
  public func solvedReferenceSuite() throws -> SourceTree {
    var files: [String: Data] = [:]
    for (path, data) in referenceSuite.files {
      files[path] =
        path.hasSuffix(".swift")
        ? Data(
          try StarterRegions.solutionSide(
            of: String(decoding: data, as: UTF8.self),
            file: "Solutions/\(manifest.id)/Tests/\(manifest.testModule)/\(path)"
          ).utf8) : data
    }
    return SourceTree(files: files)
  }

  /// The feature with mutant `name`'s files in place of its own
  /// (`Tests/<id>/Mutants/<name>/<Module>/`).
  public func mutantModule(_ name: String) throws -> SourceTree {
    let folder = layout.instructor(manifest.id).appendingPathComponent("Mutants/\(name)")
    let tree = try SourceTree.read(folder).subtree(manifest.module)
    guard !tree.files.isEmpty else {
      throw WorkshopError(
        "Mutant \"\(name)\" of \(manifest.id) has no files: put the feature's files it changes "
          + "in Tests/\(manifest.id)/Mutants/\(name)/\(manifest.module)/.")
    }
    return try solutionSideModule().overlaid(with: tree)
  }
}
