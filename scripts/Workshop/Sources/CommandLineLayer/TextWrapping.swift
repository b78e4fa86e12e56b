/// Breaks text into lines at spaces, for the terminal table and the tools' `--help`.
///
/// ```swift
/// TextWrapping.wrapped("one two three", width: 7)  // ["one two", "three"]
/// ```
package enum TextWrapping {
  /// `text` (one line) broken at spaces into lines of at most `width` Characters; a word longer
  /// than `width` gets a line of its own.
  package static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if current.isEmpty {
        current = String(word)
      } else if current.count + 1 + word.count <= width {
        current += " " + word
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
