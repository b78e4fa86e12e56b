/// The statements and blocks of one Swift file, found from its tokens (``SwiftLexer``): what the
/// mutation analysis needs to leave a statement out or return early, and no more.
///
/// A statement starts at the first token of a line inside a block (or after `{`, `;` or a
/// closure's `in`), unless the line continues the one before: the previous line ends in an
/// operator, `=`, `,`, `.` or an opening bracket, or this one starts with `.`, `{`, a closing
/// bracket, a binary operator, `else`, `catch` or `where`. A statement ends where the next one,
/// a `case` label or the block's `}` begins. Each block knows what opened it (a function that
/// returns nothing, a setter, a closure, …), which decides whether leaving out its only statement
/// still compiles. Generic angle brackets (`Mutex<Int>`) are told from operators, so that `<` and
/// `>` are only mutated where they compare.
public struct SwiftStructure: Sendable {
  /// What opened a block.
  public enum BlockKind: Sendable, Equatable {
    /// The file itself.
    case file
    /// The body of a `func` with no `->`.
    case voidFunction
    /// The body of a `func` that returns a value.
    case valueFunction
    case initializer
    /// `set`, `willSet` or `didSet`.
    case setter
    /// A computed property, a subscript or a `get`.
    case getter
    /// `if`, `guard … else`, `for`, `while`, `repeat`, `do`, `catch`, `switch`, `defer`.
    case control
    /// A type's or an extension's body.
    case typeBody
    case closure
  }

  public struct Block: Sendable {
    public var kind: BlockKind
    /// The `{` token (nil for the file).
    public var open: Int?
    /// The `}` token (nil for the file, or a block never closed).
    public var close: Int?
    /// The first token of each statement directly inside, in order.
    public var statements: [Int] = []
  }

  public struct Statement: Sendable {
    /// The index of its block in ``blocks``.
    public var block: Int
    public var first: Int
    /// Its last significant token (never a comment or `;`).
    public var last: Int
  }

  public let tokens: [SwiftToken]
  public let bytes: [UInt8]
  public private(set) var blocks: [Block] = []
  public private(set) var statements: [Statement] = []
  /// The `<` and `>` tokens (or `>>`…) that delimit generic arguments, not comparisons.
  public private(set) var genericBrackets: Set<Int> = []

  public init(text: String) {
    bytes = Array(text.utf8)
    tokens = SwiftLexer.tokens(in: text)
    genericBrackets = findGenericBrackets()
    findStatements()
  }

  /// The text of token `index`.
  public func text(_ index: Int) -> String {
    String(decoding: bytes[tokens[index].start..<tokens[index].end], as: UTF8.self)
  }

  /// The index of the significant token before (or after) `index`, skipping trivia.
  public func significant(before index: Int) -> Int? {
    var at = index - 1
    while at >= 0 {
      if !tokens[at].isTrivia { return at }
      at -= 1
    }
    return nil
  }

  public func significant(after index: Int) -> Int? {
    var at = index + 1
    while at < tokens.count {
      if !tokens[at].isTrivia { return at }
      at += 1
    }
    return nil
  }

  /// Whether the operator at `index` is bound to what stands on its left (or its right), by
  /// Swift's rule: white space, an opening bracket, `,`, `;` and `:` unbind on the left; white
  /// space, a closing bracket, `,`, `;` and `:` on the right.
  public func isLeftBound(_ index: Int) -> Bool {
    guard index > 0 else { return false }
    let previous = tokens[index - 1]
    if previous.isTrivia { return false }
    return !["(", "[", "{", ",", ";", ":"].contains(text(index - 1))
  }

  public func isRightBound(_ index: Int) -> Bool {
    guard index + 1 < tokens.count else { return false }
    let next = tokens[index + 1]
    if next.isTrivia { return false }
    return ![")", "]", "}", ",", ";", ":"].contains(text(index + 1))
  }

  /// Whether the operator at `index` is binary: bound on both sides or on neither.
  public func isBinary(_ index: Int) -> Bool {
    isLeftBound(index) == isRightBound(index)
  }

  // MARK: - Generic brackets

  /// Finds `<…>` pairs that hold only what a generic argument list can hold: names, `.`, `,`,
  /// `:`, `&`, `?`, `!`, `->`, brackets, and nested pairs. The `<` must follow a name with no
  /// space between, as `Array<Int>` does and `a < b` does not.
  private func findGenericBrackets() -> Set<Int> {
    var found: Set<Int> = []
    for index in tokens.indices where tokens[index].kind == .operator && text(index) == "<" {
      guard index > 0, tokens[index - 1].kind == .identifier || text(index - 1) == ">" else {
        continue
      }
      var depth = 1
      var inside: [Int] = [index]
      var at = index + 1
      var closed = false
      scan: while at < tokens.count {
        let token = tokens[at]
        let word = text(at)
        switch token.kind {
        case .whitespace, .identifier: break
        case .punctuation where [".", ",", ":", "(", ")", "[", "]", "->"].contains(word): break
        case .operator where word == "<":
          depth += 1
          inside.append(at)
        case .operator where word.allSatisfy({ $0 == ">" }):
          depth -= word.count
          inside.append(at)
          if depth <= 0 {
            closed = depth == 0
            break scan
          }
        case .operator where ["?", "!", "&"].contains(word): break
        default: break scan
        }
        at += 1
      }
      if closed { found.formUnion(inside) }
    }
    return found
  }

  // MARK: - Statements

  private static let controlWords: Set<String> = [
    "if", "guard", "else", "for", "while", "repeat", "do", "catch", "switch", "defer",
  ]
  private static let typeWords: Set<String> = [
    "struct", "class", "enum", "extension", "actor", "protocol",
  ]
  private static let continuationWords: Set<String> = ["else", "catch", "where"]

  private mutating func findStatements() {
    blocks = [Block(kind: .file, open: nil)]
    /// Open brackets: a block's index for `{`, nil for `(` and `[`.
    var stack: [Int?] = [0]
    /// Boundaries (statement starts and `case` labels) per block, to find where statements end.
    var boundaries: [[Int]] = [[]]
    var expectStatement = true
    var awaitingIn: Set<Int> = []
    var previousLineWasLabel = false
    var lineStart = true
    var currentLineIsLabel = false
    var lineHasTokens = false

    for index in tokens.indices {
      let token = tokens[index]
      if token.kind == .newline {
        lineStart = true
        if lineHasTokens { previousLineWasLabel = currentLineIsLabel }
        currentLineIsLabel = false
        lineHasTokens = false
        continue
      }
      if token.isTrivia { continue }
      lineHasTokens = true
      let word = text(index)
      let innermost = stack.last ?? nil
      defer { lineStart = false }

      if token.kind == .directive {
        if let block = innermost { boundaries[block].append(index) }
        expectStatement = true
        continue
      }

      if let block = innermost, !awaitingIn.contains(block) {
        let startsHere: Bool
        if lineStart {
          startsHere =
            expectStatement || startsStatementOnNewLine(index, afterLabel: previousLineWasLabel)
        } else {
          startsHere = expectStatement
        }
        if word == "case" || word == "default", blocks[block].kind == .control, lineStart {
          boundaries[block].append(index)
          currentLineIsLabel = true
        } else if startsHere, !["}", ")", "]"].contains(word) {
          blocks[block].statements.append(index)
          boundaries[block].append(index)
        }
      }
      expectStatement = false

      switch word {
      case "{":
        let kind = blockKind(opening: index)
        blocks.append(Block(kind: kind, open: index))
        boundaries.append([])
        let block = blocks.count - 1
        stack.append(block)
        if kind == .closure, closureHasSignature(opening: index) {
          awaitingIn.insert(block)
        } else {
          expectStatement = true
        }
      case "}":
        if let open = stack.lastIndex(where: { $0 != nil }), let block = stack[open], block != 0 {
          blocks[block].close = index
          stack.removeSubrange(open...)
        }
      case "(", "[":
        stack.append(nil)
      case ")", "]":
        if stack.count > 1, stack.last! == nil { stack.removeLast() }
      case ";":
        expectStatement = true
      case "in":
        if let block = innermost, awaitingIn.contains(block) {
          awaitingIn.remove(block)
          expectStatement = true
        }
      default:
        break
      }
    }

    // A statement ends at the last significant token before the next boundary of its block, or
    // before the block's `}`.
    for (blockIndex, block) in blocks.enumerated() {
      let marks = boundaries[blockIndex]
      for first in block.statements {
        let next = marks.first(where: { $0 > first }) ?? block.close ?? tokens.count
        var last = significant(before: next) ?? first
        while last > first, text(last) == ";" { last = significant(before: last) ?? first }
        statements.append(Statement(block: blockIndex, first: first, last: max(first, last)))
      }
    }
    statements.sort { $0.first < $1.first }
  }

  /// Whether the token at `index`, the first of its line, starts a statement rather than
  /// continuing the line before.
  private func startsStatementOnNewLine(_ index: Int, afterLabel: Bool) -> Bool {
    let word = text(index)
    let kind = tokens[index].kind
    if word == "." || word == "{" || Self.continuationWords.contains(word) { return false }
    if kind == .operator, isBinary(index) || !isRightBound(index) { return false }
    guard let previous = significant(before: index) else { return true }
    let previousWord = text(previous)
    if afterLabel, previousWord == ":" { return true }
    switch tokens[previous].kind {
    case .operator:
      // A postfix operator (`value!`) ends an expression; any other operator continues it.
      return isLeftBound(previous) && !isRightBound(previous)
    case .punctuation:
      return ["{", "}", ")", "]", ";"].contains(previousWord)
    case .directive:
      return true
    default:
      return !["return", "try", "await", "in", "as", "is", "throws", "case"].contains(
        previousWord)
    }
  }

  /// What kind of block the `{` at `index` opens, from the words before it.
  private func blockKind(opening index: Int) -> BlockKind {
    guard let previous = significant(before: index) else { return .closure }
    let previousWord = text(previous)
    switch previousWord {
    case "set", "willSet", "didSet": return .setter
    case "get": return .getter
    case "else", "do", "repeat", "defer": return .control
    default: break
    }
    // The header: the words back to the start of the declaration or statement, skipping
    // bracketed groups.
    var header: [Int] = []
    var at = previous
    var depth = 0
    while at >= 0 {
      let token = tokens[at]
      if !token.isTrivia {
        let word = text(at)
        if [")", "]", "}"].contains(word) {
          depth += 1
        } else if ["(", "[", "{"].contains(word) {
          if depth == 0 { break }
          depth -= 1
        } else if depth == 0 {
          if word == ";" { break }
          header.append(at)
        }
      }
      if token.kind == .newline, depth == 0, at > 0 {
        // A header goes on over a line only after a comma or inside brackets.
        if let before = significant(before: at),
          ![",", "->", "=", "&&", "||"].contains(
            text(before)), !lineContinues(after: before)
        {
          break
        }
      }
      at -= 1
    }
    let words = header.reversed().map { text($0) }
    if let funcIndex = words.firstIndex(of: "func") {
      return words[funcIndex...].contains("->") ? .valueFunction : .voidFunction
    }
    if words.contains("init") { return .initializer }
    if let first = words.first(where: { !Self.isModifier($0) }) {
      if Self.typeWords.contains(first) { return .typeBody }
      if Self.controlWords.contains(first) || first == "case" { return .control }
      if first == "var" || first == "subscript", !words.contains("=") { return .getter }
    }
    if words.contains(where: { Self.controlWords.contains($0) }), !words.contains("=") {
      return .control
    }
    return .closure
  }

  /// Whether the line that ends with token `index` continues on the next (an open `(` or `,`).
  private func lineContinues(after index: Int) -> Bool {
    ["(", "[", ","].contains(text(index))
  }

  /// Access levels, attributes and other modifiers that may stand before a declaration's
  /// keyword.
  private static func isModifier(_ word: String) -> Bool {
    word.hasPrefix("@")
      || [
        "public", "private", "fileprivate", "internal", "package", "open", "static", "final",
        "override", "mutating", "nonmutating", "nonisolated", "lazy", "weak", "unowned",
        "indirect", "convenience", "required", "dynamic", "@",
      ].contains(word)
  }

  /// Whether the closure opened at `index` starts with a signature (`{ value in`, `{ (a, b) in`):
  /// an `in` among its first line's words, outside nested brackets.
  private func closureHasSignature(opening index: Int) -> Bool {
    var at = index + 1
    var depth = 0
    while at < tokens.count, tokens[at].kind != .newline || depth > 0 {
      let word = text(at)
      if ["(", "[", "{"].contains(word) { depth += 1 }
      if [")", "]", "}"].contains(word) {
        if depth == 0 { return false }
        depth -= 1
      }
      if depth == 0, word == "in", tokens[at].kind == .identifier { return true }
      at += 1
    }
    return false
  }
}
