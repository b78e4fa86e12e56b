/// Turns a solution file into the learner's starter file.
///
/// Solution files mark what the learner writes with Swift's conditional compilation:
///
/// ```swift
/// #if SOLUTION
///   return resolved
/// #else
///   return .live  // Step 1: …
/// #endif
/// ```
///
/// The starter keeps the `#else` side, one indentation level (two spaces) less, and drops
/// `#if SOLUTION … #endif` blocks without an `#else`. Other `#if` blocks may nest inside and are
/// kept or dropped with their branch.
///
/// ``solutionSide(of:file:)`` does the opposite: it keeps the `#if SOLUTION` side, so the file
/// compiles to the solution without `SOLUTION` being defined (what a learner who wrote exactly
/// the solution would hand in).
public enum StarterRegions {
  public static func starter(fromSolution text: String, file: String) throws -> String {
    try keep(.starter, of: text, file: file).map(\.text).joined(separator: "\n")
  }

  /// `text` with every `#if SOLUTION` region replaced by its solution side, one indentation
  /// level less: the file as a learner who wrote the solution would have it.
  public static func solutionSide(of text: String, file: String) throws -> String {
    try keep(.solution, of: text, file: file).map(\.text).joined(separator: "\n")
  }

  /// One line of a file's solution side (``solutionSide(of:file:)``), with where it came from.
  public struct SolutionSideLine: Sendable, Equatable {
    public var text: Substring
    /// Its line in the solution file, from 1.
    public var originalLine: Int
    /// Whether it is learner code: the `#if SOLUTION` side of a region.
    public var isLearnerCode: Bool
    /// The region it comes from (the first `#if SOLUTION` of the file is 0), nil outside one.
    public var region: Int? = nil
  }

  /// One region's starter side, as the learner's starter file has it, and the lesson steps its
  /// comments are about (the `Step N:` labels that start a comment line).
  public struct StarterRegion: Sendable, Equatable {
    /// The region's lines in the starter, joined with line breaks.
    public var text: String
    public var steps: [Int]
  }

  /// The starter side of each region of the solution file `text` that has one, in file order.
  ///
  /// ```swift
  /// // #if SOLUTION … #else
  /// //   // Step 2: move now forward to the deadline.
  /// //   return
  /// // #endif
  /// StarterRegions.starterRegions(fromSolution: text, file: path)
  /// // [StarterRegion(text: "// Step 2: move now forward to the deadline.\nreturn", steps: [2])]
  /// ```
  public static func starterRegions(fromSolution text: String, file: String) throws
    -> [StarterRegion]
  {
    let lines = try keep(.starter, of: text, file: file)
    let regions = Set(lines.compactMap(\.region)).sorted()
    return regions.map { region in
      let text = lines.filter { $0.region == region }.map { String($0.text) }
      let steps = text.flatMap { line -> [Int] in
        let words = line.trimmingCharacters(in: .whitespaces)
        guard words.hasPrefix("//") else { return [] }
        return StepTitle.parse(
          words.dropFirst(2).trimmingCharacters(in: .whitespaces))
      }
      return StarterRegion(
        text: text.joined(separator: "\n"), steps: Array(Set(steps)).sorted())
    }
  }

  /// The lines of ``solutionSide(of:file:)``, each with its line in `text` and whether it is the
  /// learner's code (what the mutation analysis changes).
  public static func solutionSideLines(of text: String, file: String) throws
    -> [SolutionSideLine]
  {
    try keep(.solution, of: text, file: file)
  }

  /// `text` with the solution side of every region taken out: the `#if SOLUTION`, `#else` and
  /// `#endif` lines and the starter sides stay as they are. What a learner edition holds in
  /// place of a solution file: ``starter(fromSolution:file:)`` and
  /// ``starterRegions(fromSolution:file:)`` read it as they read the solution, and no line of
  /// the answer is in it.
  ///
  /// ```swift
  /// // #if SOLUTION / return resolved / #else / return .live  // Step 1: … / #endif
  /// StarterRegions.redacted(text, file: path)
  /// // #if SOLUTION / #else / return .live  // Step 1: … / #endif
  /// ```
  public static func redacted(_ text: String, file: String) throws -> String {
    _ = try keep(.starter, of: text, file: file)  // the same rules, the same messages
    var kept: [Substring] = []
    var inSolution = false
    var depth = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
      let directive = trimmed.split(separator: " ", maxSplits: 1).first ?? ""
      if depth == 0, trimmed.hasPrefix("#if SOLUTION") {
        inSolution = true
      } else if inSolution, depth == 0, directive == "#else" || directive == "#endif" {
        inSolution = false
      } else if inSolution {
        if directive == "#if" { depth += 1 }
        if directive == "#endif" { depth -= 1 }
        continue
      }
      kept.append(line)
    }
    return kept.joined(separator: "\n")
  }

  private enum Branch { case solution, starter }

  /// `text` as a learner who has done the lesson's steps 1 to `doneSteps` would have it: a
  /// region whose starter comments name a step up to `doneSteps`
  /// (``starterRegions(fromSolution:file:)``) is resolved to its solution side, every other
  /// region to its starter side; a region with no starter side (a helper the solution adds) is
  /// always kept. A region shared by an early and a later step is written whole with the early
  /// one, so its code is never half done: the learner is ahead on the later step, never wrong.
  /// With `doneSteps` 0 the result is the starter's code with the solution's helpers.
  ///
  /// ```swift
  /// // A file whose regions are labelled Step 1, Step 3 and Steps 2 and 4:
  /// StarterRegions.partial(fromSolution: text, file: path, doneSteps: 2)
  /// // the first and third regions as solved, the second as the starter has it
  /// ```
  public static func partial(fromSolution text: String, file: String, doneSteps: Int) throws
    -> String
  {
    let starterSides = try keep(.starter, of: text, file: file)
    let regions = try starterRegions(fromSolution: text, file: file)
    let indexes = Set(starterSides.compactMap(\.region)).sorted()
    var solved: Set<Int> = []
    for (index, region) in zip(indexes, regions)
    where region.steps.contains(where: { $0 <= doneSteps }) {
      solved.insert(index)
    }
    return try keep(of: text, file: file) { region in
      solved.contains(region) || !indexes.contains(region) ? .solution : .starter
    }.map(\.text).joined(separator: "\n")
  }

  private static func keep(_ kept: Branch, of text: String, file: String) throws
    -> [SolutionSideLine]
  {
    try keep(of: text, file: file) { _ in kept }
  }

  /// The lines of `text` with each `#if SOLUTION` region replaced by the side `branch` chooses
  /// for it (by the region's place in the file, from 0).
  private static func keep(
    of text: String, file: String, choosing branch: (Int) -> Branch
  ) throws -> [SolutionSideLine] {
    struct Region {
      var indent: Substring
      var branch: Branch
      var nestedDepth = 0
      var line: Int
      var index: Int
    }
    var output: [SolutionSideLine] = []
    var region: Region?
    var regionCount = 0
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      let lineNumber = index + 1
      let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
      let directive = trimmed.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
      guard var current = region else {
        if trimmed.hasPrefix("#if SOLUTION") {
          guard trimmed.trimmingTrailingWhitespace() == "#if SOLUTION" else {
            throw WorkshopError(
              "\(file):\(lineNumber): write `#if SOLUTION` alone on its line (no conditions).")
          }
          region = Region(
            indent: line.prefix(line.count - trimmed.count), branch: .solution, line: lineNumber,
            index: regionCount)
          regionCount += 1
        } else {
          output.append(
            SolutionSideLine(text: line, originalLine: lineNumber, isLearnerCode: false))
        }
        continue
      }
      if current.nestedDepth == 0 {
        if trimmed.hasPrefix("#if SOLUTION") {
          throw WorkshopError("\(file):\(lineNumber): `#if SOLUTION` cannot nest inside another.")
        }
        if directive == "#elseif" {
          throw WorkshopError(
            "\(file):\(lineNumber): `#elseif` is not supported in a SOLUTION region; use `#else`.")
        }
        if directive == "#else" {
          guard current.branch == .solution else {
            throw WorkshopError("\(file):\(lineNumber): a second `#else` in a SOLUTION region.")
          }
          current.branch = .starter
          region = current
          continue
        }
        if directive == "#endif" {
          region = nil
          continue
        }
      }
      if directive == "#if" { current.nestedDepth += 1 }
      if directive == "#endif" { current.nestedDepth -= 1 }
      region = current
      let kept = branch(current.index)
      if current.branch == kept {
        output.append(
          SolutionSideLine(
            text: dedent(line, below: current.indent), originalLine: lineNumber,
            isLearnerCode: kept == .solution, region: current.index))
      }
    }
    if let open = region {
      throw WorkshopError(
        "\(file):\(open.line): this `#if SOLUTION` has no `#endif`.")
    }
    // A region dropped whole can leave two blank lines in a row, or one at the end of the file:
    // keep one, as the formatter wants.
    var tidy: [SolutionSideLine] = []
    for line in output where !(line.text.isEmpty && tidy.last?.text.isEmpty == true) {
      tidy.append(line)
    }
    return tidy
  }

  /// Removes one indentation level (two spaces) after `indent`, where present.
  private static func dedent(_ line: Substring, below indent: Substring) -> Substring {
    guard line.hasPrefix(indent) else { return line }
    let rest = line.dropFirst(indent.count)
    return rest.hasPrefix("  ") ? indent + rest.dropFirst(2) : line
  }
}

extension Substring {
  fileprivate func trimmingTrailingWhitespace() -> Substring {
    var result = self
    while let last = result.last, last == " " || last == "\t" || last == "\r" {
      result = result.dropLast()
    }
    return result
  }
}

extension Substring {
  fileprivate static func + (lhs: Substring, rhs: Substring) -> Substring {
    Substring(String(lhs) + String(rhs))
  }
}
