import Foundation

/// Escaping of untrusted text for CommonMark and GitHub-flavored Markdown.
package enum MarkdownText {
  /// Characters escaped wherever they appear.
  private static let alwaysEscaped: Set<Character> = [
    "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "#", "$", "!",
  ]

  /// `text` as inline Markdown on one line (also safe in a table cell): line breaks become
  /// spaces and every significant character is backslash-escaped.
  static func inline(_ text: String) -> String {
    escapeLine(ReportFormatting.singleLine(text).trimmingCharacters(in: .whitespaces))
  }

  /// `text` as a Markdown paragraph that shows as written: escaped, each line break kept as a
  /// hard line break, blank lines kept as paragraph breaks. With `codeSpans`, text between
  /// backticks stays a code span (an author's hint writes `` `id: uuid()` `` to show code).
  package static func paragraph(_ text: String, codeSpans: Bool = false) -> String {
    let lines = ReportFormatting.multiLine(text).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map {
      let line = ReportFormatting.singleLine(String($0)).trimmingCharacters(in: .whitespaces)
      return codeSpans ? escapeOutsideCodeSpans(line) : escapeLine(line)
    }
    var output: [String] = []
    for (index, line) in lines.enumerated() {
      if line.isEmpty {
        if let last = output.last, !last.isEmpty { output.append("") }
        continue
      }
      let nextIsText = index + 1 < lines.count && !lines[index + 1].isEmpty
      output.append(nextIsText ? line + "\\" : line)
    }
    while output.last == "" { output.removeLast() }
    return output.joined(separator: "\n")
  }

  /// `text` verbatim in a fenced code block whose fence is longer than any backtick run in it.
  static func codeBlock(_ text: String) -> String {
    let body = ReportFormatting.multiLine(text).trimmingCharacters(in: .newlines)
    let fence = String(repeating: "`", count: max(3, longestBacktickRun(body) + 1))
    return fence + "\n" + body + "\n" + fence
  }

  /// `text` on one line as a code span.
  static func code(_ text: String) -> String {
    let body = ReportFormatting.singleLine(text)
    let ticks = String(repeating: "`", count: longestBacktickRun(body) + 1)
    let padding = body.hasPrefix("`") || body.hasSuffix("`") ? " " : ""
    return ticks + padding + body + padding + ticks
  }

  private static func escapeLine(_ line: String) -> String {
    var result = ""
    for (offset, character) in line.enumerated() {
      if alwaysEscaped.contains(character) || (offset == 0 && "-+=".contains(character)) {
        result.append("\\")
      }
      result.append(character)
    }
    // `1. ` or `1) ` at the start of a line would begin an ordered list.
    let digits = result.prefix { $0.isASCII && $0.isNumber }
    if !digits.isEmpty, let next = result.dropFirst(digits.count).first, next == "." || next == ")"
    {
      result.insert("\\", at: result.index(result.startIndex, offsetBy: digits.count))
    }
    return result
  }

  /// `line` escaped, but for its code spans (a run of backticks up to the next run of as many),
  /// which stay as written. A run with no closing run is escaped.
  private static func escapeOutsideCodeSpans(_ line: String) -> String {
    let characters = Array(line)
    /// The length of the run of backticks at `index`.
    func run(at index: Int) -> Int {
      characters[index...].prefix { $0 == "`" }.count
    }
    var result = ""
    var plain = ""
    var index = 0
    while index < characters.count {
      guard characters[index] == "`" else {
        plain.append(characters[index])
        index += 1
        continue
      }
      let length = run(at: index)
      // The closing run: the next run of exactly `length` backticks.
      var close = index + length
      while close < characters.count, characters[close] != "`" || run(at: close) != length {
        close += characters[close] == "`" ? run(at: close) : 1
      }
      guard close < characters.count else {
        plain += String(characters[index..<(index + length)])
        index += length
        continue
      }
      result += escapeLine(plain) + String(characters[index..<(close + length)])
      plain = ""
      index = close + length
    }
    return result + escapeLine(plain)
  }

  private static func longestBacktickRun(_ text: String) -> Int {
    var longest = 0
    var current = 0
    for character in text {
      current = character == "`" ? current + 1 : 0
      longest = max(longest, current)
    }
    return longest
  }
}
