/// The mutants of loops: a `for … in` loop that walks its sequence backwards
/// (``MutationOperator/collectionOrder``) and a loop that stops after its first pass
/// (``MutationOperator/loopOnce``).
extension MutantFinder {
  /// The tokens of the sequence a `for … in` loop at `index` walks (not `for await`, not with a
  /// `case` pattern), up to its `where` or its body.
  static func loopSequence(_ index: Int, in structure: SwiftStructure) -> (Int, Int)? {
    guard let next = structure.significant(after: index),
      !["await", "try", "case"].contains(structure.text(next)),
      let body = loopBody(startingAt: index, in: structure)
    else { return nil }
    var at = next
    var depth = 0
    var sequenceFirst: Int?
    while at < body {
      let word = structure.text(at)
      if ["(", "["].contains(word) { depth += 1 }
      if [")", "]"].contains(word) { depth -= 1 }
      if depth == 0, structure.tokens[at].kind == .identifier {
        if word == "in", sequenceFirst == nil {
          sequenceFirst = structure.significant(after: at)
        } else if word == "where", sequenceFirst != nil {
          break
        }
      }
      at += 1
    }
    guard let first = sequenceFirst, let last = structure.significant(before: at), last >= first
    else { return nil }
    return (first, last)
  }

  /// The `{` of the body of the loop whose keyword (`for`, `while`, `repeat`) is at `index`.
  static func loopBody(startingAt index: Int, in structure: SwiftStructure) -> Int? {
    if structure.text(index) == "repeat" {
      return structure.significant(after: index).flatMap {
        structure.text($0) == "{" ? $0 : nil
      }
    }
    var depth = 0
    var at = index + 1
    while at < structure.tokens.count {
      let word = structure.text(at)
      if ["(", "["].contains(word) { depth += 1 }
      if [")", "]"].contains(word) { depth -= 1 }
      if depth == 0, word == "{" { return at }
      at += 1
    }
    return nil
  }

  /// A `break` at the end of the body of each loop (`for`, `while`, `repeat`) whose statement
  /// is the learner's.
  static func loopsStoppedEarly(in source: MutationFile) -> [(
    mutant: Mutant, column: Int
  )] {
    let structure = source.structure
    var found: [(mutant: Mutant, column: Int)] = []
    for statement in structure.statements
    where ["for", "while", "repeat"].contains(structure.text(statement.first)) {
      guard let open = loopBody(startingAt: statement.first, in: structure),
        let block = structure.blocks.first(where: { $0.open == open }),
        let close = block.close, !block.statements.isEmpty,
        (statement.first...close).allSatisfy({
          structure.tokens[$0].isTrivia
            || source.learnerLines.contains(structure.tokens[$0].line)
        })
      else { continue }
      let line = structure.tokens[statement.first].line
      let before = source.trimmedLine(line)
      var after = before + " … break }"
      if structure.tokens[close].line == line {
        // The whole loop on one line: `break` where it goes.
        let lineStart = lineStartOffset(of: statement.first, in: structure)
        let indentation = structure.bytes[lineStart...].prefix { $0 == 32 || $0 == 9 }.count
        let column = structure.tokens[close].start - lineStart - indentation
        after =
          String(before.utf8.prefix(column))!
          + MutantSchemata.separator(before: close, in: structure) + "break "
          + String(before.utf8.dropFirst(column))!
      }
      let mutant = Mutant(
        id: "", file: source.path, line: source.originalLines[line - 1],
        mutationOperator: .loopOnce, before: before, after: after,
        edit: .breakBefore(token: close))
      found.append((mutant, 0))
    }
    return found
  }
}
