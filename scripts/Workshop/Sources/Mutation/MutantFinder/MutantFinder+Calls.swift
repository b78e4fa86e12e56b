/// The mutants of calls and the expressions around them (``MutationOperator/collectionOrder``,
/// ``MutationOperator/loopOnce``, ``MutationOperator/nilDefault``,
/// ``MutationOperator/callBypass``, ``MutationOperator/receiverSwap``). The literals in calls
/// are in `MutantFinder+Literals.swift`, loops in `MutantFinder+Loops.swift`, and how an
/// expression is read from tokens in `MutantFinder+Chains.swift`.
///
/// Reading expressions from tokens alone, it keeps to shapes it can read for certain: a receiver
/// is a chain of names, calls and subscripts (`self.items`, `values[key]`, `client.fetch()`),
/// and an expression it rewrites stands on one line. Anything else is passed over.
extension MutantFinder {
  /// Every call-level mutant of `source`'s learner lines, each with its column.
  static func callMutants(in source: MutationFile) -> [(mutant: Mutant, column: Int)] {
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

  // MARK: - Expressions

  /// Whether the name at `index` follows a `.` directly (`items.append`), with a receiver.
  private static func isMember(_ index: Int, in structure: SwiftStructure) -> Bool {
    index >= 2 && structure.text(index - 1) == "."
      && !structure.tokens[index - 2].isTrivia
  }

  /// Whether `index` is assigned to (`x.first = 1`).
  private static func isAssigned(_ index: Int, in structure: SwiftStructure) -> Bool {
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

  /// The call's parentheses right after the name at `name`, its arguments (each a token range
  /// and an optional label) and whether trailing closures follow; nil when no `(` follows.
  private static func arguments(after name: Int, in structure: SwiftStructure) -> Call? {
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
  private static func bypass(of name: Int, _ call: Call?, in source: MutationFile)
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
  private static func takesNoArgument(_ open: Int, _ close: Int, in structure: SwiftStructure)
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
  private static func nilDefault(_ index: Int, in source: MutationFile)
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

  /// The mutant that writes tokens `first...last` as `text`, with its column on the line.
  static func rewriting(
    _ first: Int, _ last: Int, with text: String, in source: MutationFile,
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
