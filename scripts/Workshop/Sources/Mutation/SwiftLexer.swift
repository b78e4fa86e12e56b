/// Splits Swift source into ``SwiftToken``s.
///
/// It follows the parts of Swift's lexical grammar that matter to the mutation analysis:
/// operators are read whole (`<=` is one token, not `<` then `=`), a postfix `?` or `!` right
/// after an expression is a token of its own (as the Swift lexer does, so `Mutex<T?>` closes its
/// generic argument), strings are one token however many interpolations and nested strings they
/// hold, comments nest, and a directive (`#if …`) is its whole line. Anything it does not know
/// (a character outside ASCII) is part of a name. It never fails: text that is not Swift gives
/// tokens that are not Swift, and the build says so.
///
/// ```swift
/// let tokens = SwiftLexer.tokens(in: "a <= b // note")
/// // identifier "a", whitespace, operator "<=", whitespace, identifier "b", whitespace, comment
/// ```
public enum SwiftLexer {
  public static func tokens(in text: String) -> [SwiftToken] {
    var lexer = Lexer(bytes: Array(text.utf8))
    return lexer.run()
  }

  /// The characters that make up an operator (ASCII only; `.` only in an operator that starts
  /// with one).
  static let operatorCharacters = Set("/=-+!*%<>&|^~?".utf8)
}

private struct Lexer {
  let bytes: [UInt8]
  var position = 0
  var line = 1
  var tokens: [SwiftToken] = []

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  func byte(at offset: Int) -> UInt8? {
    offset < bytes.count ? bytes[offset] : nil
  }

  mutating func run() -> [SwiftToken] {
    while position < bytes.count {
      let start = position
      let startLine = line
      let kind = next()
      tokens.append(SwiftToken(kind: kind, start: start, end: position, line: startLine))
    }
    return tokens
  }

  /// Reads one token from `position` and returns its kind.
  mutating func next() -> SwiftToken.Kind {
    let first = bytes[position]
    switch first {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
      while let byte = byte(at: position),
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
      {
        position += 1
      }
      return .whitespace
    case UInt8(ascii: "\n"):
      position += 1
      line += 1
      return .newline
    case UInt8(ascii: "/") where byte(at: position + 1) == UInt8(ascii: "/"):
      while let byte = byte(at: position), byte != UInt8(ascii: "\n") { position += 1 }
      return .comment
    case UInt8(ascii: "/") where byte(at: position + 1) == UInt8(ascii: "*"):
      skipBlockComment()
      return .comment
    case UInt8(ascii: "\""):
      skipString(hashes: 0)
      return .string
    case UInt8(ascii: "#"):
      return hashPrefixed()
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      return number()
    case UInt8(ascii: "`"):
      position += 1
      while let byte = byte(at: position), byte != UInt8(ascii: "`"),
        byte != UInt8(ascii: "\n")
      {
        position += 1
      }
      if byte(at: position) == UInt8(ascii: "`") { position += 1 }
      return .identifier
    case UInt8(ascii: "-") where byte(at: position + 1) == UInt8(ascii: ">"):
      position += 2
      return .punctuation
    case UInt8(ascii: "."):
      if byte(at: position + 1) == UInt8(ascii: ".") { return operatorToken(dotted: true) }
      position += 1
      return .punctuation
    case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"),
      UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"),
      UInt8(ascii: ";"), UInt8(ascii: "@"), UInt8(ascii: "\\"):
      position += 1
      return .punctuation
    default:
      if SwiftLexer.operatorCharacters.contains(first) { return operatorToken(dotted: false) }
      return identifier()
    }
  }

  /// A name: letters, digits, `_`, `$`, and any byte outside ASCII.
  mutating func identifier() -> SwiftToken.Kind {
    position += 1
    while let byte = byte(at: position), isIdentifierByte(byte) { position += 1 }
    return .identifier
  }

  func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
  }

  /// An operator, read whole. A `?` or `!` right after an expression is a postfix token of its
  /// own, as in Swift.
  mutating func operatorToken(dotted: Bool) -> SwiftToken.Kind {
    let first = bytes[position]
    let previous = position > 0 ? bytes[position - 1] : UInt8(ascii: " ")
    let leftBound = !Self.opensOrSeparates(previous)
    if (first == UInt8(ascii: "?") || first == UInt8(ascii: "!")) && leftBound {
      position += 1
      return .operator
    }
    position += 1
    while let byte = byte(at: position) {
      let isOperator =
        SwiftLexer.operatorCharacters.contains(byte) || (dotted && byte == UInt8(ascii: "."))
      // `//` and `/*` start a comment even right after an operator.
      let startsComment =
        byte == UInt8(ascii: "/")
        && (self.byte(at: position + 1) == UInt8(ascii: "/")
          || self.byte(at: position + 1) == UInt8(ascii: "*"))
      guard isOperator, !startsComment else { break }
      position += 1
    }
    return .operator
  }

  /// Whether a token after `byte` is not bound to what is on its left.
  static func opensOrSeparates(_ byte: UInt8) -> Bool {
    [
      UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
      UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","),
      UInt8(ascii: ";"), UInt8(ascii: ":"),
    ].contains(byte)
  }

  /// A number: an integer, or a float when it has a fraction or an exponent.
  mutating func number() -> SwiftToken.Kind {
    var isFloat = false
    let hex = bytes[position] == UInt8(ascii: "0") && byte(at: position + 1) == UInt8(ascii: "x")
    position += 1
    while let byte = byte(at: position) {
      if byte == UInt8(ascii: "."), let after = self.byte(at: position + 1),
        after >= UInt8(ascii: "0") && after <= UInt8(ascii: "9")
      {
        isFloat = true
        position += 1
        continue
      }
      let isExponent =
        hex
        ? (byte == UInt8(ascii: "p") || byte == UInt8(ascii: "P"))
        : (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E"))
      if isExponent {
        isFloat = true
        position += 1
        if let sign = self.byte(at: position),
          sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+")
        {
          position += 1
        }
        continue
      }
      guard isIdentifierByte(byte) else { break }
      position += 1
    }
    return isFloat ? .float : .integer
  }

  /// `#if …` lines, raw strings (`#"…"#`), and `#names` (`#fileID`, `#expect`).
  mutating func hashPrefixed() -> SwiftToken.Kind {
    var hashes = 0
    while byte(at: position + hashes) == UInt8(ascii: "#") { hashes += 1 }
    if byte(at: position + hashes) == UInt8(ascii: "\"") {
      position += hashes
      skipString(hashes: hashes)
      return .string
    }
    let word = bytes[(position + 1)...].prefix { isIdentifierByte($0) }
    if ["if", "elseif", "else", "endif"].contains(String(decoding: word, as: UTF8.self)) {
      while let byte = byte(at: position), byte != UInt8(ascii: "\n") { position += 1 }
      return .directive
    }
    position += 1
    guard let byte = byte(at: position), isIdentifierByte(byte) else { return .punctuation }
    return identifier()
  }

  mutating func skipBlockComment() {
    var depth = 0
    while position < bytes.count {
      if bytes[position] == UInt8(ascii: "/"), byte(at: position + 1) == UInt8(ascii: "*") {
        depth += 1
        position += 2
      } else if bytes[position] == UInt8(ascii: "*"), byte(at: position + 1) == UInt8(ascii: "/") {
        depth -= 1
        position += 2
        if depth == 0 { return }
      } else {
        if bytes[position] == UInt8(ascii: "\n") { line += 1 }
        position += 1
      }
    }
  }

  /// Skips a string literal that starts at `position` (its opening quote, after `hashes` `#`s),
  /// nested interpolations and the strings inside them included.
  mutating func skipString(hashes: Int) {
    let multiline =
      byte(at: position + 1) == UInt8(ascii: "\"") && byte(at: position + 2) == UInt8(ascii: "\"")
    position += multiline ? 3 : 1
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\n") {
        line += 1
        position += 1
        if !multiline { return }  // An unterminated string ends at the line's end.
        continue
      }
      if byte == UInt8(ascii: "\\"), closesRun(from: position + 1, hashes: hashes) {
        // An escape: `\(` starts an interpolation, anything else is one escaped character.
        let after = position + 1 + hashes
        if self.byte(at: after) == UInt8(ascii: "(") {
          position = after + 1
          skipInterpolation()
        } else {
          // An escaped line break (a multi-line string's `\` at the end of a line) is a line.
          if self.byte(at: after) == UInt8(ascii: "\n") { line += 1 }
          position = after + 1
        }
        continue
      }
      if byte == UInt8(ascii: "\"") {
        let quotes = multiline ? 3 : 1
        let closes =
          (0..<quotes).allSatisfy { self.byte(at: position + $0) == UInt8(ascii: "\"") }
          && closesRun(from: position + quotes, hashes: hashes)
        if closes {
          position += quotes + hashes
          return
        }
      }
      position += 1
    }
  }

  /// Whether `hashes` `#`s stand at `offset`.
  func closesRun(from offset: Int, hashes: Int) -> Bool {
    (0..<hashes).allSatisfy { byte(at: offset + $0) == UInt8(ascii: "#") }
  }

  /// Skips the code of an interpolation up to its closing parenthesis.
  mutating func skipInterpolation() {
    var depth = 1
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        skipString(hashes: 0)
        continue
      }
      if byte == UInt8(ascii: "\n") { line += 1 }
      if byte == UInt8(ascii: "(") { depth += 1 }
      if byte == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 {
          position += 1
          return
        }
      }
      position += 1
    }
  }
}
