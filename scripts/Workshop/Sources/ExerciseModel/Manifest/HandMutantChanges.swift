import Foundation

/// The lines a hand-written mutant changes in the feature, comments and indentation aside: what
/// proves that it differs from the feature by its bug alone, on the lines its manifest entry
/// names (``ManifestMutant/lines``). A mutant carrying an incidental slip beside its bug (say,
/// every mutant of a step trimming with `.whitespaces`) would let one test catch them all.
///
/// ```swift
/// let changes = try HandMutantChanges(sources: sources, mutant: mutant)
/// print(changes.lines)       // ["BookSearchModel.swift:61"]
/// print(changes.outside)     // [] when it changes only the lines its entry names
/// ```
public struct HandMutantChanges: Sendable, Equatable {
  /// Each changed line, `File.swift:N`, numbered as in the mutant's own file (a line left out
  /// is named by the line that follows it there).
  public var lines: [String]
  /// The changed lines that its entry does not name.
  public var outside: [String]

  public init(sources: ExerciseSources, mutant: ManifestMutant) throws {
    let feature = try sources.solutionSideModule()
    let module = try sources.mutantModule(mutant.name)
    var lines: [String] = []
    for path in module.files.keys.sorted() where path.hasSuffix(".swift") {
      let before = Self.codeLines(feature.files[path] ?? Data())
      let after = Self.codeLines(module.files[path]!)
      lines += Self.changedLines(from: before, to: after).map { "\(path):\($0)" }
    }
    self.lines = lines
    let named = mutant.lines.flatMap(Self.expand)
    outside = lines.filter { !named.contains($0) }
  }

  /// A file's lines, trimmed, with comment-only lines blank: what the comparison sees.
  static func codeLines(_ data: Data) -> [String] {
    String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("//") ? "" : trimmed
      }
  }

  /// The lines of `after` (from 1) that differ from `before`: inserted or changed ones, and,
  /// for a line left out, the line of `after` that follows the gap.
  static func changedLines(from before: [String], to after: [String]) -> [Int] {
    let difference = after.difference(from: before)
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    // Blank lines (and comments, blanked) may move; they change no behaviour.
    var changed: [Int] = []
    var (old, new) = (0, 0)
    while old < before.count || new < after.count {
      if removed.contains(old), old < before.count {
        if !before[old].isEmpty { changed.append(min(new + 1, max(after.count, 1))) }
        old += 1
      } else if inserted.contains(new), new < after.count {
        if !after[new].isEmpty { changed.append(new + 1) }
        new += 1
      } else {
        old += 1
        new += 1
      }
    }
    return Array(Set(changed)).sorted()
  }

  /// `File.swift:3-5` as `File.swift:3`, `File.swift:4`, `File.swift:5`.
  static func expand(_ named: String) -> [String] {
    guard let colon = named.lastIndex(of: ":") else { return [named] }
    let file = named[..<colon]
    let range = named[named.index(after: colon)...].split(separator: "-").compactMap { Int($0) }
    guard let first = range.first else { return [named] }
    let last = range.count > 1 ? range[1] : first
    guard first <= last else { return [named] }
    return (first...last).map { "\(file):\($0)" }
  }
}
