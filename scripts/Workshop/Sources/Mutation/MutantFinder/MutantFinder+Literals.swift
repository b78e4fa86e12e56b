/// The literals that stand in calls: an integer argument off by one or doubled
/// (``MutationOperator/callArgument``) and a message's text changed
/// (``MutationOperator/stringLiteral``).
extension MutantFinder {
  /// `n - 1` and `2 × n` (in the literal's own base) for an integer of at least 2 that is a
  /// call's argument; nothing otherwise.
  static func callArgumentReplacements(_ index: Int, in structure: SwiftStructure) -> [String] {
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
  static func stringReplacement(_ index: Int, in structure: SwiftStructure) -> String? {
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
}
