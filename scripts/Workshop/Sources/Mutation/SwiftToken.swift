/// One token of Swift source, as ``SwiftLexer`` reads it: enough of Swift's lexical grammar to
/// find the places a mutant can change (operators, literals, statements) without ever touching
/// the inside of a string or a comment.
///
/// A token knows where it stands (a byte range of the UTF-8 text and its line), so an edit can
/// replace it, or insert text before or after it, and leave everything else byte for byte.
public struct SwiftToken: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// Spaces and tabs (never a line break).
    case whitespace
    case newline
    /// `// …` to the end of the line, or `/* … */` (nested).
    case comment
    /// A name or a keyword: `value`, `func`, `$0`, `` `default` ``, `#fileID`.
    case identifier
    /// An integer literal: `42`, `0x9E37_79B9`, `0b1010`.
    case integer
    /// A floating-point literal: `0.5`, `1e-3`.
    case float
    /// A string literal, interpolations included: `"a \(b) c"`, `"""…"""`, `#"…"#`.
    case string
    /// An operator: `<`, `&&`, `+=`, `...`, a postfix `?` or `!`.
    case `operator`
    /// `( ) [ ] { } , : ; . @ \` and `->`.
    case punctuation
    /// A compiler directive line: `#if os(Linux)`, `#else`, `#endif`, whole.
    case directive
  }

  public var kind: Kind
  /// The token's bytes in the UTF-8 text: `start..<end`.
  public var start: Int
  public var end: Int
  /// The line the token starts on, from 1.
  public var line: Int

  public init(kind: Kind, start: Int, end: Int, line: Int) {
    self.kind = kind
    self.start = start
    self.end = end
    self.line = line
  }

  /// Whether this token only separates others (white space, a line break or a comment).
  public var isTrivia: Bool {
    kind == .whitespace || kind == .newline || kind == .comment
  }
}
