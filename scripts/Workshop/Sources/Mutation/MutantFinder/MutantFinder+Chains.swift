/// How the operators on calls read an expression from tokens alone: a chain of names, calls
/// and subscripts (`self.values[key]`, `client.fetch()`), and the brackets around a token.
/// What they cannot read for certain, they leave alone.
extension MutantFinder {
  /// Words that end a chain of names when walking back: a receiver never starts with one.
  private static let keywords: Set<String> = [
    "try", "await", "return", "in", "let", "var", "if", "guard", "case", "else", "throw", "where",
    "is", "as", "some", "any", "for", "while", "switch", "repeat", "defer", "do", "catch", "true",
    "false", "nil", "func", "init", "inout", "borrowing", "consuming",
  ]

  /// The first token of the chain of names, calls and subscripts that ends at `end`
  /// (`self.values[key]`), or nil when what ends there is not such a chain.
  static func chainStart(endingAt end: Int, in structure: SwiftStructure) -> Int? {
    guard end >= 0 else { return nil }
    var at = end
    while true {
      let word = structure.text(at)
      let token = structure.tokens[at]
      if word == ")" || word == "]" {
        guard let open = matchingOpener(of: at, in: structure) else { return nil }
        // A group with nothing attached before it starts the chain.
        guard open > 0, !structure.tokens[open - 1].isTrivia,
          structure.tokens[open - 1].kind == .identifier
            || [")", "]", "?", "!"].contains(structure.text(open - 1))
        else { return word == ")" ? validStart(open, in: structure) : nil }
        at = open - 1
      } else if word == "?" || word == "!", token.kind == .operator, at > 0,
        !structure.tokens[at - 1].isTrivia
      {
        at -= 1
      } else if token.kind == .identifier, !keywords.contains(word), !word.hasPrefix("#") {
        if at >= 2, structure.text(at - 1) == ".", !structure.tokens[at - 2].isTrivia,
          structure.text(at - 2) != "\\"
        {
          at -= 2
        } else {
          return validStart(at, in: structure)
        }
      } else {
        return nil
      }
    }
  }

  /// `start`, unless what stands before it makes it part of a longer expression this reading
  /// cannot see whole (a key path, an implicit member).
  private static func validStart(_ start: Int, in structure: SwiftStructure) -> Int? {
    guard start > 0 else { return start }
    let previous = structure.tokens[start - 1]
    if !previous.isTrivia, [".", "\\"].contains(structure.text(start - 1)) { return nil }
    return start
  }

  /// The last token of the chain of names, calls and subscripts that starts at `start`, or a
  /// literal there; nil when `start` begins something else. A chain may start with `.`
  /// (`.zero`, `.seconds(1)`).
  static func chainEnd(startingAt start: Int, in structure: SwiftStructure) -> Int? {
    let kind = structure.tokens[start].kind
    let word = structure.text(start)
    var at: Int
    if [.string, .integer, .float].contains(kind) || ["nil", "true", "false"].contains(word) {
      return start
    } else if word == "[" || word == "(" {
      guard let close = matchingCloser(of: start, in: structure) else { return nil }
      at = close
    } else if word == ".", start + 1 < structure.tokens.count,
      structure.tokens[start + 1].kind == .identifier
    {
      at = start + 1
    } else if kind == .identifier, !keywords.contains(word) || word == "self" {
      at = start
    } else {
      return nil
    }
    while at + 1 < structure.tokens.count {
      let next = structure.text(at + 1)
      if next == ".", at + 2 < structure.tokens.count,
        structure.tokens[at + 2].kind == .identifier
      {
        at += 2
      } else if next == "(" || next == "[" {
        guard let close = matchingCloser(of: at + 1, in: structure) else { return nil }
        at = close
      } else if next == "?" || next == "!", structure.tokens[at + 1].kind == .operator,
        at + 2 < structure.tokens.count, structure.text(at + 2) == "."
      {
        at += 1
      } else {
        break
      }
    }
    // A trailing closure makes the chain longer than this reading follows.
    if let next = structure.significant(after: at), structure.text(next) == "{",
      structure.tokens[next].line == structure.tokens[at].line
    {
      return nil
    }
    return at
  }

  // MARK: - Brackets

  /// The unmatched `(`, `[` or `{` around `index`.
  static func enclosingOpener(of index: Int, in structure: SwiftStructure) -> Int? {
    var depth = 0
    var at = index - 1
    while at >= 0 {
      let word = structure.text(at)
      if structure.tokens[at].kind == .punctuation {
        if [")", "]", "}"].contains(word) { depth += 1 }
        if ["(", "[", "{"].contains(word) {
          if depth == 0 { return at }
          depth -= 1
        }
      }
      at -= 1
    }
    return nil
  }

  /// The bracket that closes the one at `open`.
  static func matchingCloser(of open: Int, in structure: SwiftStructure) -> Int? {
    var depth = 0
    for at in open..<structure.tokens.count where structure.tokens[at].kind == .punctuation {
      let word = structure.text(at)
      if ["(", "[", "{"].contains(word) { depth += 1 }
      if [")", "]", "}"].contains(word) {
        depth -= 1
        if depth == 0 { return at }
      }
    }
    return nil
  }

  /// The bracket that opens the one at `close`.
  static func matchingOpener(of close: Int, in structure: SwiftStructure) -> Int? {
    var depth = 0
    var at = close
    while at >= 0 {
      if structure.tokens[at].kind == .punctuation {
        let word = structure.text(at)
        if [")", "]", "}"].contains(word) { depth += 1 }
        if ["(", "[", "{"].contains(word) {
          depth -= 1
          if depth == 0 { return at }
        }
      }
      at -= 1
    }
    return nil
  }
}
