import Foundation

/// One Swift file of an exercise's module, as the mutation analysis reads it: the file a learner
/// who wrote the solution would hand in (every `#if SOLUTION` region resolved to its solution
/// side), its tokens and statements, and which of its lines are the learner's code — the only
/// lines mutants change.
public struct MutationSource: Sendable {
  /// The file's path inside the module (`TestClock+Advancing.swift`).
  public var path: String
  /// The file as a learner who wrote the solution would hand it in.
  public var text: String
  public var structure: SourceStructure
  /// For each line of ``text`` (from 1; index 0 is line 1), its line in the solution file.
  public var originalLines: [Int]
  /// The lines of ``text`` (from 1) that are the learner's code.
  public var learnerLines: Set<Int>

  public init(path: String, solutionText: String, file: String) throws {
    let lines = try StarterGenerator.solutionSideLines(of: solutionText, file: file)
    self.path = path
    text = lines.map(\.text).joined(separator: "\n")
    structure = SourceStructure(text: text)
    originalLines = lines.map(\.originalLine)
    learnerLines = Set(lines.indices.filter { lines[$0].isLearnerCode }.map { $0 + 1 })
  }

  /// The Swift files of `sources`' module that hold learner code, in path order.
  public static func module(of sources: ExerciseSources) throws -> [MutationSource] {
    let manifest = sources.manifest
    return try sources.solution.subtree(manifest.module).files
      .filter { $0.key.hasSuffix(".swift") }
      .sorted { $0.key < $1.key }
      .map { path, data in
        try MutationSource(
          path: path, solutionText: String(decoding: data, as: UTF8.self),
          file: "Solutions/\(manifest.id)/Sources/\(manifest.module)/\(path)")
      }
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
