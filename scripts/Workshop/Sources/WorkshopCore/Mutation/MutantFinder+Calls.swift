/// The mutants of calls and the expressions around them (``MutationOperator/collectionOrder``,
/// ``MutationOperator/loopOnce``, ``MutationOperator/nilDefault``,
/// ``MutationOperator/callBypass``, ``MutationOperator/receiverSwap``), and the literals that
/// stand in calls (``MutationOperator/callArgument``, ``MutationOperator/stringLiteral``).
///
/// Reading expressions from tokens alone, it keeps to shapes it can read for certain: a receiver
/// is a chain of names, calls and subscripts (`self.items`, `values[key]`, `client.fetch()`),
/// and an expression it rewrites stands on one line. Anything else is passed over.
extension MutantFinder {
  /// Words that end a chain of names when walking back: a receiver never starts with one.
  private static let keywords: Set<String> = [
    "try", "await", "return", "in", "let", "var", "if", "guard", "case", "else", "throw", "where",
    "is", "as", "some", "any", "for", "while", "switch", "repeat", "defer", "do", "catch", "true",
    "false", "nil", "func", "init", "inout", "borrowing", "consuming",
  ]

  /// Every call-level mutant of `source`'s learner lines, each with its column.
  static func callMutants(in source: MutationSource) -> [(mutant: Mutant, column: Int)] {
    let structure = source.structure
    var found: [(mutant: Mutant, column: Int)] = []
    func isLearner(_ first: Int, _ last: Int) -> Bool {
      (first...last).allSatisfy {
        structure.tokens[$0].isTrivia || source.learnerLines.contains(structure.tokens[$0].line)
      }
    }
    func rewrite(_ mutationOperator: MutationOperator, _ first: Int, _ last: Int, _ text: String) {
      guard isLearner(first, last), !text.contains("\n") else { return }
      found.append(rewriting(first, last, with: text, in: source, operator: mutationOperator))
    }

    for index in structure.tokens.indices {
      let word = structure.text(index)
      switch structure.tokens[index].kind {
      case .identifier where isMember(index, in: structure):
        let dot = index - 1
        guard let receiver = chainStart(endingAt: dot - 1, in: structure) else { break }
        let receiverText = source.text(from: receiver, through: dot - 1)
        let call = arguments(after: index, in: structure)
        switch word {
        case "append":
          if let call, call.arguments.count == 1, call.labels == [nil], !call.trailingClosure {
            let argument = source.text(
              from: call.arguments[0].first, through: call.arguments[0].last)
            rewrite(
              .collectionOrder, receiver, call.close,
              "\(receiverText).insert(\(argument), at: 0)")
          }
        case "insert":
          if let call, call.arguments.count == 2, call.labels == [nil, "at"],
            source.text(from: call.arguments[1].first, through: call.arguments[1].last) == "0",
            !call.trailingClosure
          {
            let argument = source.text(
              from: call.arguments[0].first, through: call.arguments[0].last)
            rewrite(.collectionOrder, receiver, call.close, "\(receiverText).append(\(argument))")
          }
        case "first", "last":
          let other = word == "first" ? "last" : "first"
          // With no parentheses, a `{` after the name is a statement's body (`if let x =
          // xs.first {`), not a trailing closure.
          if call?.open == nil, !isAssigned(index, in: structure) {
            rewrite(.collectionOrder, receiver, index, "\(receiverText).\(other)")
          } else if let call, let open = call.open, call.labels == ["where"],
            !call.trailingClosure
          {
            let inside = source.text(from: open, through: call.close)
            rewrite(.collectionOrder, receiver, call.close, "\(receiverText).\(other)\(inside)")
          }
        case "sorted", "reversed":
          if let call, call.open != nil, !call.trailingClosure {
            rewrite(.collectionOrder, receiver, call.close, receiverText)
          }
        default:
          if word.hasSuffix("ing"), let call, call.arguments.count == 1, call.labels == [nil],
            !call.trailingClosure,
            chainEnd(startingAt: call.arguments[0].first, in: structure)
              == call.arguments[0].last
          {
            let argument = source.text(
              from: call.arguments[0].first, through: call.arguments[0].last)
            rewrite(.receiverSwap, receiver, call.close, "\(argument).\(word)(\(receiverText))")
            rewrite(.receiverSwap, receiver, call.close, receiverText)
          }
          if let bypass = bypass(of: index, call, in: source) {
            rewrite(.callBypass, receiver, bypass.last, bypass.text)
          }
        }
      case .identifier
      where isScopeCall(word)
        && structure.significant(before: index).map({
          structure.text($0) != "." && structure.text($0) != "func"
        }) ?? true:
        // A free function: `withDependencies { … } operation: { … }`.
        if let bypass = bypass(of: index, arguments(after: index, in: structure), in: source) {
          rewrite(.callBypass, index, bypass.last, bypass.text)
        }
      case .operator where word == "??" && structure.isBinary(index):
        if let (first, last, text) = nilDefault(index, in: source) {
          rewrite(.nilDefault, first, last, text)
        }
      case .identifier where word == "for":
        // A chain of names only: a range (`0..<n`) reversed is of another type.
        if let (first, last) = loopSequence(index, in: structure),
          structure.tokens[first].kind == .identifier,
          chainStart(endingAt: last, in: structure) == first
        {
          rewrite(
            .collectionOrder, first, last, source.text(from: first, through: last) + ".reversed()")
        }
      default:
        break
      }
    }
    found += loopsStoppedEarly(in: source)
    return found
  }

  // MARK: - Literals in calls

  /// `n - 1` and `2 × n` (in the literal's own base) for an integer of at least 2 that is a
  /// call's argument; nothing otherwise.
  static func callArgumentReplacements(_ index: Int, in structure: SourceStructure) -> [String] {
    guard let previous = structure.significant(before: index),
      ["(", ",", ":"].contains(structure.text(previous)),
      let opener = enclosingOpener(of: index, in: structure), structure.text(opener) == "(",
      let callee = structure.significant(before: opener),
      structure.tokens[callee].kind == .identifier, callee == opener - 1
    else { return [] }
    let literal = structure.text(index)
    let digits = literal.replacingOccurrences(of: "_", with: "")
    let (prefix, radix): (String, Int) =
      digits.hasPrefix("0x")
      ? ("0x", 16)
      : digits.hasPrefix("0b") ? ("0b", 2) : digits.hasPrefix("0o") ? ("0o", 8) : ("", 10)
    guard let value = UInt64(digits.dropFirst(prefix.count), radix: radix), value >= 2,
      value <= UInt64.max / 2
    else { return [] }
    return [prefix + String(value - 1, radix: radix), prefix + String(value * 2, radix: radix)]
  }

  /// The string literal at `index` with its text changed, or nil when it is not one to change:
  /// a string with no letter outside its interpolations (a separator, quotes around a value:
  /// formatting, which a lesson rarely pins down, not words), a multi-line or raw string, an
  /// attribute's or a macro's argument, an enum case's raw value.
  static func stringReplacement(_ index: Int, in structure: SourceStructure) -> String? {
    let literal = structure.text(index)
    guard literal.hasPrefix("\""), !literal.hasPrefix("\"\"\""), literal.count >= 2,
      literal.hasSuffix("\"")
    else { return nil }
    if let opener = enclosingOpener(of: index, in: structure),
      let callee = structure.significant(before: opener)
    {
      let name = structure.text(callee)
      let attribute = structure.significant(before: callee).map { structure.text($0) == "@" }
      if name.hasPrefix("#") || attribute == true { return nil }
    }
    if let statement = structure.statements.last(where: { $0.first <= index }),
      index <= statement.last, structure.text(statement.first) == "case",
      structure.blocks[statement.block].kind == .typeBody
    {
      return nil
    }
    let text = String(literal.dropFirst().dropLast())
    guard text.isEmpty || Self.wordsOutsideInterpolations(text).contains(where: \.isLetter) else {
      return nil
    }
    if text.isEmpty || text.contains("\\") { return "\"\(text)!\"" }
    return "\"\(text.dropLast())\""
  }

  /// A string literal's text without its interpolations (`\\(…)`, nested brackets included)
  /// and escapes (`\\n`, `\\u{…}`).
  static func wordsOutsideInterpolations(_ text: String) -> String {
    var kept = ""
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
      guard character == "\\" else {
        kept.append(character)
        continue
      }
      guard characters.first == "(" else {
        let escaped = characters.popFirst()
        if escaped == "u" { characters = characters.drop { $0 != "}" }.dropFirst() }
        continue
      }
      var depth = 0
      while let inside = characters.popFirst() {
        if inside == "(" { depth += 1 }
        if inside == ")" {
          depth -= 1
          if depth == 0 { break }
        }
      }
    }
    return kept
  }

  // MARK: - Expressions

  /// Whether the name at `index` follows a `.` directly (`items.append`), with a receiver.
  private static func isMember(_ index: Int, in structure: SourceStructure) -> Bool {
    index >= 2 && structure.text(index - 1) == "."
      && !structure.tokens[index - 2].isTrivia
  }

  /// Whether `index` is assigned to (`x.first = 1`).
  private static func isAssigned(_ index: Int, in structure: SourceStructure) -> Bool {
    guard let next = structure.significant(after: index) else { return false }
    let word = structure.text(next)
    return structure.tokens[next].kind == .operator && word.hasSuffix("=")
      && !["==", "!=", "<=", ">=", "==="].contains(word)
  }

  /// Whether `name` is a function that runs a closure in a scope: `withValue`,
  /// `withDependencies`.
  private static func isScopeCall(_ name: String) -> Bool {
    name.hasPrefix("with") && name.dropFirst(4).first?.isUppercase == true
  }

  /// The first token of the chain of names, calls and subscripts that ends at `end`
  /// (`self.values[key]`), or nil when what ends there is not such a chain.
  static func chainStart(endingAt end: Int, in structure: SourceStructure) -> Int? {
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
  private static func validStart(_ start: Int, in structure: SourceStructure) -> Int? {
    guard start > 0 else { return start }
    let previous = structure.tokens[start - 1]
    if !previous.isTrivia, [".", "\\"].contains(structure.text(start - 1)) { return nil }
    return start
  }

  /// The last token of the chain of names, calls and subscripts that starts at `start`, or a
  /// literal there; nil when `start` begins something else. A chain may start with `.`
  /// (`.zero`, `.seconds(1)`).
  static func chainEnd(startingAt start: Int, in structure: SourceStructure) -> Int? {
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

  /// The call's parentheses right after the name at `name`, its arguments (each a token range
  /// and an optional label) and whether trailing closures follow; nil when no `(` follows.
  private static func arguments(after name: Int, in structure: SourceStructure) -> Call? {
    guard name + 1 < structure.tokens.count, structure.text(name + 1) == "(",
      let close = matchingCloser(of: name + 1, in: structure)
    else {
      // A call with trailing closures only.
      if let next = structure.significant(after: name), structure.text(next) == "{",
        structure.tokens[next].line == structure.tokens[name].line
      {
        return Call(open: nil, close: name, arguments: [], labels: [], trailingClosure: true)
      }
      return nil
    }
    var arguments: [(first: Int, last: Int)] = []
    var labels: [String?] = []
    var start = name + 2
    var depth = 0
    var at = name + 2
    while at <= close {
      let word = structure.text(at)
      if ["(", "[", "{"].contains(word) { depth += 1 }
      if [")", "]", "}"].contains(word), at != close { depth -= 1 }
      if depth == 0, word == "," || at == close {
        if let first = structure.tokens[start..<at].indices.first(where: {
          !structure.tokens[$0].isTrivia
        }), let last = structure.significant(before: at), last >= first {
          var label: String?
          var valueFirst = first
          if let colon = structure.significant(after: first), colon < at,
            structure.text(colon) == ":", structure.tokens[first].kind == .identifier,
            let value = structure.significant(after: colon)
          {
            label = structure.text(first)
            valueFirst = value
          }
          arguments.append((valueFirst, last))
          labels.append(label)
        }
        start = at + 1
      }
      at += 1
    }
    let trailing = structure.significant(after: close).map {
      structure.text($0) == "{" && structure.tokens[$0].line == structure.tokens[close].line
    }
    return Call(
      open: name + 1, close: close, arguments: arguments, labels: labels,
      trailingClosure: trailing ?? false)
  }

  /// A call's parentheses and arguments.
  private struct Call {
    /// The `(`, or nil for a call with trailing closures only.
    var open: Int?
    /// The `)` (the name itself when there are no parentheses).
    var close: Int
    var arguments: [(first: Int, last: Int)]
    var labels: [String?]
    var trailingClosure: Bool
  }

  /// For a call to a `with…` function at `name`: the last token of the whole call and the code
  /// that runs its closure directly (`{ body }()` or `operation()`), when the closure takes no
  /// argument.
  private static func bypass(of name: Int, _ call: Call?, in source: MutationSource)
    -> (last: Int, text: String)?
  {
    let structure = source.structure
    guard isScopeCall(structure.text(name)), let call else { return nil }
    if call.trailingClosure {
      // The last trailing closure: `{ … }`, or `label: { … }` after it, and so on.
      var open = structure.significant(after: call.close)!
      var close = matchingCloser(of: open, in: structure)
      while let end = close, let label = structure.significant(after: end),
        structure.tokens[label].kind == .identifier,
        let colon = structure.significant(after: label), structure.text(colon) == ":",
        let next = structure.significant(after: colon), structure.text(next) == "{"
      {
        open = next
        close = matchingCloser(of: next, in: structure)
      }
      guard let close, takesNoArgument(open, close, in: structure) else { return nil }
      return (close, source.text(from: open, through: close) + "()")
    }
    guard let index = call.labels.firstIndex(of: "operation") else { return nil }
    let argument = call.arguments[index]
    guard argument.first == argument.last,
      structure.tokens[argument.first].kind == .identifier
    else { return nil }
    return (call.close, structure.text(argument.first) + "()")
  }

  /// Whether the closure `open...close` takes no argument: no `… in` signature, no `$0`.
  private static func takesNoArgument(_ open: Int, _ close: Int, in structure: SourceStructure)
    -> Bool
  {
    var depth = 0
    for index in (open + 1)..<close {
      let word = structure.text(index)
      if word == "{" { depth += 1 }
      if word == "}" { depth -= 1 }
      if depth == 0, structure.tokens[index].kind == .identifier,
        word == "in" || word.hasPrefix("$")
      {
        return false
      }
    }
    return true
  }

  /// For `a ?? b` at the `??` at `index`: the tokens of the whole expression and `b`'s text, when
  /// both sides can be read whole and nothing around binds tighter than `??`.
  private static func nilDefault(_ index: Int, in source: MutationSource)
    -> (first: Int, last: Int, text: String)?
  {
    let structure = source.structure
    guard let leftEnd = structure.significant(before: index),
      var first = chainStart(endingAt: leftEnd, in: structure),
      let rightStart = structure.significant(after: index),
      let last = chainEnd(startingAt: rightStart, in: structure)
    else { return nil }
    // A cast binds tighter than `??`: `values[key] as? Int ?? 0` reads whole.
    if let mark = structure.significant(before: first), ["?", "!"].contains(structure.text(mark)),
      let cast = structure.significant(before: mark), structure.text(cast) == "as",
      let castEnd = structure.significant(before: cast),
      let castStart = chainStart(endingAt: castEnd, in: structure)
    {
      first = castStart
    }
    // Operators that bind more loosely than `??` (a `?` may be `as?`'s: it is not one of them).
    let looser: Set<String> = ["=", "==", "!=", "<", "<=", ">", ">=", "&&", "||"]
    if let before = structure.significant(before: first) {
      let word = structure.text(before)
      let kind = structure.tokens[before].kind
      let opens = ["(", "[", "{", ",", ";"].contains(word)
      let keyword = kind == .identifier && ["return", "in", "try", "await", "throw"].contains(word)
      let newLine = structure.tokens[before].line < structure.tokens[first].line
      guard opens || keyword || newLine || (kind == .operator && looser.contains(word)) else {
        return nil
      }
    }
    if let after = structure.significant(after: last),
      structure.tokens[after].line == structure.tokens[last].line
    {
      let word = structure.text(after)
      guard
        [")", "]", "}", ",", ";", "{"].contains(word)
          || (structure.tokens[after].kind == .operator && looser.contains(word) && word != "=")
      else { return nil }
    }
    return (first, last, source.text(from: rightStart, through: last))
  }

  /// The tokens of the sequence a `for … in` loop at `index` walks (not `for await`, not with a
  /// `case` pattern), up to its `where` or its body.
  private static func loopSequence(_ index: Int, in structure: SourceStructure) -> (Int, Int)? {
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
  private static func loopBody(startingAt index: Int, in structure: SourceStructure) -> Int? {
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
  private static func loopsStoppedEarly(in source: MutationSource) -> [(
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

  // MARK: - Brackets

  /// The unmatched `(`, `[` or `{` around `index`.
  static func enclosingOpener(of index: Int, in structure: SourceStructure) -> Int? {
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
  static func matchingCloser(of open: Int, in structure: SourceStructure) -> Int? {
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
  static func matchingOpener(of close: Int, in structure: SourceStructure) -> Int? {
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

  /// The mutant that writes tokens `first...last` as `text`, with its column on the line.
  static func rewriting(
    _ first: Int, _ last: Int, with text: String, in source: MutationSource,
    operator mutationOperator: MutationOperator
  ) -> (mutant: Mutant, column: Int) {
    let structure = source.structure
    let line = structure.tokens[first].line
    let lineStart = lineStartOffset(of: first, in: structure)
    let indentation = structure.bytes[lineStart...].prefix { $0 == 32 || $0 == 9 }.count
    let prefix = String(
      decoding: structure.bytes[(lineStart + indentation)..<structure.tokens[first].start],
      as: UTF8.self)
    let sameLine = structure.tokens[last].line == line
    var suffix = " …"
    if sameLine {
      var end = structure.tokens[last].end
      while end < structure.bytes.count, structure.bytes[end] != 10 { end += 1 }
      suffix = String(decoding: structure.bytes[structure.tokens[last].end..<end], as: UTF8.self)
    }
    let mutant = Mutant(
      id: "", file: source.path, line: source.originalLines[line - 1],
      mutationOperator: mutationOperator,
      before: source.trimmedLine(line) + (sameLine ? "" : " …"), after: prefix + text + suffix,
      edit: .rewrite(first: first, last: last, text: text))
    return (mutant, structure.tokens[first].start - lineStart - indentation)
  }
}
