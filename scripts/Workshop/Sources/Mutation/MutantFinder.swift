import ExerciseModel
import Foundation

/// Finds every mutant of the learner's code in one file (see ``MutationOperator`` for the set;
/// the mutants of calls are found in `MutantFinder+Calls.swift`).
///
/// Only tokens on the learner's lines (``MutationFile/learnerLines``) change, and a statement
/// is left out only when all of it is learner code. Some places are passed over because the
/// change could not compile or would change nothing a test could see:
/// - `+` or `-` next to a string literal (string concatenation has no `-`);
/// - an integer that is a tuple element's index (`pair.0`) or follows `#`/`@` (a directive or an
///   attribute);
/// - a statement that is the only one in a closure or a function returning a value, unless it
///   is an assignment: it may be the value returned;
/// - a statement that declares (`let`, `var`, …) or leaves (`return`, `throw`, …);
/// - in an initializer, an assignment or the call to `self.init` or `super.init`: every path
///   must initialize every property;
/// - an early `return` in a function whose learner code is one statement that can be left out
///   already.
///
/// ```swift
/// let source = try MutationFile(path: "Sleeper.swift", solutionText: text, file: path)
/// for mutant in MutantFinder.mutants(in: source) { print(mutant.id, mutant.after) }
/// ```
public enum MutantFinder {
  public static func mutants(in source: MutationFile) -> [Mutant] {
    /// Each mutant with its column on the line (for replacements), which its id is made from.
    var found: [(mutant: Mutant, column: Int)] = []
    let structure = source.structure
    func isLearner(_ token: Int) -> Bool {
      source.learnerLines.contains(structure.tokens[token].line)
    }
    func add(_ mutationOperator: MutationOperator, token: Int, replacement: String) {
      found.append(
        replacing(token, with: replacement, in: source, operator: mutationOperator))
    }

    for index in structure.tokens.indices where isLearner(index) {
      let token = structure.tokens[index]
      let word = structure.text(index)
      switch token.kind {
      case .operator:
        guard !structure.genericBrackets.contains(index) else { continue }
        if structure.isBinary(index) {
          for (mutationOperator, replacement) in binaryReplacements(word) {
            if mutationOperator == .arithmetic, nextToStringLiteral(index, in: structure) {
              continue
            }
            add(mutationOperator, token: index, replacement: replacement)
          }
        } else if word == "!", structure.isRightBound(index), !structure.isLeftBound(index) {
          add(.negationRemoval, token: index, replacement: "")
        }
      case .identifier where word == "true" || word == "false":
        add(.booleanLiteral, token: index, replacement: word == "true" ? "false" : "true")
      case .integer:
        guard let previous = structure.significant(before: index),
          ![".", "#", "@"].contains(structure.text(previous))
        else { continue }
        for replacement in integerReplacements(word) {
          add(.integerLiteral, token: index, replacement: replacement)
        }
        for replacement in callArgumentReplacements(index, in: structure) {
          add(.callArgument, token: index, replacement: replacement)
        }
      case .string:
        if let replacement = stringReplacement(index, in: structure) {
          add(.stringLiteral, token: index, replacement: replacement)
        }
      default:
        break
      }
    }

    for statement in structure.statements
    where isLearner(statement.first) && isLearner(statement.last)
      && canBeLeftOut(statement, in: structure)
    {
      found.append((removing(statement, in: source), 0))
    }
    found += earlyReturns(in: source).map { ($0, 0) }
    found += callMutants(in: source)
    return uniquelyNamed(found)
  }

  // MARK: - Operators and literals

  /// The mutants of a binary operator.
  static func binaryReplacements(_ word: String) -> [(MutationOperator, String)] {
    switch word {
    case "<": [(.relationalBoundary, "<="), (.relationalNegation, ">=")]
    case "<=": [(.relationalBoundary, "<"), (.relationalNegation, ">")]
    case ">": [(.relationalBoundary, ">="), (.relationalNegation, "<=")]
    case ">=": [(.relationalBoundary, ">"), (.relationalNegation, "<")]
    case "==": [(.relationalNegation, "!=")]
    case "!=": [(.relationalNegation, "==")]
    case "&&": [(.logicalConnector, "||")]
    case "||": [(.logicalConnector, "&&")]
    case "+": [(.arithmetic, "-")]
    case "-": [(.arithmetic, "+")]
    case "+=": [(.arithmetic, "-=")]
    case "-=": [(.arithmetic, "+=")]
    case "&+": [(.arithmetic, "&-")]
    case "&-": [(.arithmetic, "&+")]
    case "&+=": [(.arithmetic, "&-=")]
    case "&-=": [(.arithmetic, "&+=")]
    default: []
    }
  }

  /// `n + 1` (written in the literal's own base), then `0` unless `n` is zero.
  static func integerReplacements(_ literal: String) -> [String] {
    let digits = literal.replacingOccurrences(of: "_", with: "")
    let (prefix, radix): (String, Int) =
      digits.hasPrefix("0x")
      ? ("0x", 16)
      : digits.hasPrefix("0b")
        ? ("0b", 2)
        : digits.hasPrefix("0o") ? ("0o", 8) : ("", 10)
    guard let value = UInt64(digits.dropFirst(prefix.count), radix: radix) else { return [] }
    var replacements: [String] = []
    if value < UInt64.max { replacements.append(prefix + String(value + 1, radix: radix)) }
    if value != 0 { replacements.append("0") }
    return replacements
  }

  private static func nextToStringLiteral(_ index: Int, in structure: SwiftStructure) -> Bool {
    [structure.significant(before: index), structure.significant(after: index)].contains {
      $0.map { structure.tokens[$0].kind == .string } ?? false
    }
  }

  private static func replacing(
    _ token: Int, with replacement: String, in source: MutationFile,
    operator mutationOperator: MutationOperator
  ) -> (mutant: Mutant, column: Int) {
    let structure = source.structure
    let line = structure.tokens[token].line
    let before = source.trimmedLine(line)
    // The token's place in the trimmed line, counted in bytes.
    let lineStart = lineStartOffset(of: token, in: structure)
    let indentation = structure.bytes[lineStart...].prefix { $0 == 32 || $0 == 9 }.count
    let column = structure.tokens[token].start - lineStart - indentation
    var after = Array(before.utf8)
    let length = structure.tokens[token].end - structure.tokens[token].start
    if column >= 0, column + length <= after.count {
      after.replaceSubrange(column..<(column + length), with: Array(replacement.utf8))
    }
    let mutant = Mutant(
      id: "", file: source.path, line: source.originalLines[line - 1],
      mutationOperator: mutationOperator, before: before,
      after: String(decoding: after, as: UTF8.self),
      edit: .replace(token: token, text: replacement))
    return (mutant, column)
  }

  static func lineStartOffset(of token: Int, in structure: SwiftStructure) -> Int {
    var offset = structure.tokens[token].start
    while offset > 0, structure.bytes[offset - 1] != 10 { offset -= 1 }
    return offset
  }

  // MARK: - Statements

  private static let keepWords: Set<String> = [
    "let", "var", "func", "return", "if", "guard", "for", "while", "repeat", "switch", "case",
    "default", "defer", "throw", "break", "continue", "fallthrough", "do", "else", "catch",
    "import", "struct", "class", "enum", "actor", "extension", "protocol", "typealias", "init",
    "deinit", "subscript", "public", "private", "fileprivate", "internal", "package", "static",
    "final", "override", "mutating", "nonmutating", "open", "lazy", "weak", "unowned",
    "nonisolated", "@", "#if", "precedencegroup", "operator", "infix", "prefix", "postfix",
    "get", "set", "willSet", "didSet", "_modify", "_read",
  ]

  /// Whether leaving `statement` out is a mutant worth making: a call or an assignment, in a
  /// block where it cannot be the value returned.
  static func canBeLeftOut(_ statement: SwiftStructure.Statement, in structure: SwiftStructure)
    -> Bool
  {
    let firstWord = structure.text(statement.first)
    guard !keepWords.contains(firstWord), structure.tokens[statement.first].kind != .directive
    else { return false }
    // An assignment at the statement's own level, or a call (it ends with `)` or a trailing
    // closure's `}`).
    var depth = 0
    var isAssignment = false
    for index in statement.first...statement.last where !structure.tokens[index].isTrivia {
      let word = structure.text(index)
      if ["(", "[", "{"].contains(word) { depth += 1 }
      if [")", "]", "}"].contains(word) { depth -= 1 }
      if depth == 0, structure.tokens[index].kind == .operator, word.hasSuffix("="),
        !["==", "!=", "<=", ">=", "===", "!=="].contains(word)
      {
        isAssignment = true
      }
    }
    let lastWord = structure.text(statement.last)
    let isCall = lastWord == ")" || lastWord == "}"
    guard isAssignment || isCall else { return false }
    let block = structure.blocks[statement.block]
    // An initializer must initialize every property and delegate (`self.init`) on every path.
    if block.kind == .initializer {
      let secondWord = structure.significant(after: statement.first).flatMap {
        structure.significant(after: $0)
      }.map { structure.text($0) }
      if isAssignment || (["self", "super"].contains(firstWord) && secondWord == "init") {
        return false
      }
    }
    if isAssignment { return true }
    let alone = block.statements.count == 1
    switch block.kind {
    case .voidFunction, .setter, .control, .initializer: return true
    case .closure, .valueFunction, .getter, .file, .typeBody: return !alone && block.kind != .file
    }
  }

  private static func removing(_ statement: SwiftStructure.Statement, in source: MutationFile)
    -> Mutant
  {
    let structure = source.structure
    let line = structure.tokens[statement.first].line
    let lastLine = structure.tokens[statement.last].line
    let before = source.trimmedLine(line) + (lastLine > line ? " …" : "")
    return Mutant(
      id: "", file: source.path, line: source.originalLines[line - 1],
      mutationOperator: .statementRemoval, before: before, after: "",
      edit: .remove(first: statement.first, last: statement.last))
  }

  // MARK: - Early returns

  /// A `return` before the first statement of each run of learner code directly inside a
  /// function that returns nothing (or a setter).
  private static func earlyReturns(in source: MutationFile) -> [Mutant] {
    let structure = source.structure
    var found: [Mutant] = []
    for block in structure.blocks where block.kind == .voidFunction || block.kind == .setter {
      var previousWasLearner = false
      let learnerStatements = block.statements.filter {
        source.learnerLines.contains(structure.tokens[$0].line)
      }
      for first in block.statements {
        let isLearner = source.learnerLines.contains(structure.tokens[first].line)
        defer { previousWasLearner = isLearner }
        guard isLearner, !previousWasLearner else { continue }
        // One statement that can be left out already makes this mutant.
        if learnerStatements.count == 1,
          let statement = structure.statements.first(where: { $0.first == first }),
          canBeLeftOut(statement, in: structure)
        {
          continue
        }
        let line = structure.tokens[first].line
        let before = source.trimmedLine(line)
        found.append(
          Mutant(
            id: "", file: source.path, line: source.originalLines[line - 1],
            mutationOperator: .voidEarlyReturn, before: before, after: "return; " + before,
            edit: .returnBefore(token: first)))
      }
    }
    return found
  }

  // MARK: - Names

  /// Gives each mutant its stable id: `<file>:<operator>:<8 hex digits>`, the digits a hash of
  /// the file, the operator, the line's text before and after and where on the line the change
  /// is; the same change on identical lines is told apart by its rank among them.
  private static func uniquelyNamed(_ found: [(mutant: Mutant, column: Int)]) -> [Mutant] {
    var seen: [String: Int] = [:]
    return found.sorted {
      ($0.mutant.line, $0.column, $0.mutant.mutationOperator, $0.mutant.after)
        < ($1.mutant.line, $1.column, $1.mutant.mutationOperator, $1.mutant.after)
    }
    .map { mutant, column in
      var hash = FNV1a()
      for part in [
        mutant.file, mutant.mutationOperator.rawValue, mutant.before, mutant.after, "\(column)",
      ] {
        hash.add(Data(part.utf8))
      }
      let digits = String(hash.value & 0xffff_ffff, radix: 16)
      var id =
        "\(mutant.file):\(mutant.mutationOperator.rawValue):"
        + String(repeating: "0", count: 8 - digits.count) + digits
      let rank = seen[id, default: 0] + 1
      seen[id] = rank
      if rank > 1 { id += "-\(rank)" }
      var named = mutant
      named.id = id
      return named
    }
  }
}
