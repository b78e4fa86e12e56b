import ExerciseModel
import Foundation

/// One Swift file of an exercise's module, as the mutation analysis reads it: the file a learner
/// who wrote the solution would hand in (every `#if SOLUTION` region resolved to its solution
/// side), its tokens and statements, and which of its lines are the learner's code — the only
/// lines mutants change.
public struct MutationFile: Sendable {
  /// The file's path inside the module (`TestClock+Advancing.swift`).
  public var path: String
  /// The file as a learner who wrote the solution would hand it in.
  public var text: String
  public var structure: SwiftStructure
  /// For each line of ``text`` (from 1; index 0 is line 1), its line in the solution file.
  public var originalLines: [Int]
  /// The lines of ``text`` (from 1) that are the learner's code.
  public var learnerLines: Set<Int>

  /// - Parameter everyLine: whether every line may change, not only the learner's code: the
  ///   feature a learner's tests run against (``feature(of:)``).
  public init(path: String, solutionText: String, file: String, everyLine: Bool = false) throws {
    let lines = try StarterRegions.solutionSideLines(of: solutionText, file: file)
    self.path = path
    text = lines.map(\.text).joined(separator: "\n")
    structure = SwiftStructure(text: text)
    originalLines = lines.map(\.originalLine)
    learnerLines = Set(
      lines.indices.filter { everyLine || lines[$0].isLearnerCode }.map { $0 + 1 })
  }

  /// The Swift files of `sources`' module that hold learner code, in path order.
  public static func module(of sources: ExerciseSources) throws -> [MutationFile] {
    let manifest = sources.manifest
    return try sources.solution.subtree(manifest.module).files
      .filter { $0.key.hasSuffix(".swift") }
      .sorted { $0.key < $1.key }
      .map { path, data in
        try MutationFile(
          path: path, solutionText: String(decoding: data, as: UTF8.self),
          file: "Solutions/\(manifest.id)/Sources/\(manifest.module)/\(path)")
      }
  }

  /// The Swift files of the feature that a learner's tests run against (kind `tests` or
  /// `both`), every line of them open to change but the code the manifest says learners' tests
  /// are not meant to reach (`suiteUntested`): the mutants a complete suite must catch. Throws
  /// when an entry names a file or declaration that is not there.
  public static func feature(of sources: ExerciseSources) throws -> [MutationFile] {
    let manifest = sources.manifest
    let files = try sources.solution.subtree(manifest.module).files
      .filter { $0.key.hasSuffix(".swift") }
      .sorted { $0.key < $1.key }
      .map { path, data in
        try MutationFile(
          path: path, solutionText: String(decoding: data, as: UTF8.self),
          file: "Solutions/\(manifest.id)/Sources/\(manifest.module)/\(path)", everyLine: true)
      }
    for untested in manifest.suiteUntested
    where !files.contains(where: { $0.path == untested.file }) {
      throw WorkshopError(
        "Tests/\(manifest.id)/exercise.json: `suiteUntested` names \(untested.file), which is "
          + "not a Swift file of Solutions/\(manifest.id)/Sources/\(manifest.module)/.")
    }
    return try files.map { source in
      var source = source
      for untested in manifest.suiteUntested where untested.file == source.path {
        source.learnerLines.subtract(try source.lines(of: untested, exercise: manifest.id))
      }
      return source
    }
  }

  /// The lines of `untested`: the whole file, or its declaration from the line that names it
  /// through the end of the block that follows.
  func lines(of untested: ExerciseManifest.UntestedCode, exercise: String) throws -> Set<Int> {
    let count = text.split(separator: "\n", omittingEmptySubsequences: false).count
    guard let name = untested.declaration else { return Set(1...max(1, count)) }
    let tokens = structure.tokens
    guard let named = tokens.indices.first(where: { structure.text($0) == name }) else {
      throw WorkshopError(
        "Tests/\(exercise)/exercise.json: `suiteUntested` names \(name) in \(path), which does "
          + "not declare it.")
    }
    let block = structure.blocks.filter { ($0.open ?? -1) > named && $0.close != nil }
      .min { $0.open! < $1.open! }
    let last = block.flatMap { $0.close }.map { tokens[$0].line } ?? tokens[named].line
    return Set(tokens[named].line...last)
  }

  /// Line `line` of ``text`` (from 1), without its indentation.
  public func trimmedLine(_ line: Int) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard line >= 1, line <= lines.count else { return "" }
    return String(lines[line - 1].drop { $0 == " " || $0 == "\t" })
  }

  /// The text of ``text`` between the start of token `first` and the end of token `last`.
  public func text(from first: Int, through last: Int) -> String {
    let tokens = structure.tokens
    return String(
      decoding: structure.bytes[tokens[first].start..<tokens[last].end], as: UTF8.self)
  }
}
