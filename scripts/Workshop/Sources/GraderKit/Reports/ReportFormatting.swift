import Foundation

/// Text helpers shared by the report formats. Every function is pure and locale-independent.
enum ReportFormatting {
  /// `gradedAt` as ISO 8601 in UTC, to the second: `2025-06-15T15:06:40Z`.
  static func timestamp(_ date: Date) -> String {
    Date.ISO8601FormatStyle().format(date)
  }

  /// `points` as a whole percentage of `maximum`, rounded down (so 100 means full marks); 0 when
  /// there is nothing to score.
  static func percent(_ points: Int, of maximum: Int) -> Int {
    guard maximum > 0 else { return 0 }
    return max(0, points) * 100 / maximum
  }

  /// `text` on one line: line breaks and tabs become spaces, other control characters and
  /// bidirectional formatting characters are dropped, runs of spaces are kept.
  static func singleLine(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
        scalars.append(" ")
      default:
        if !isUnsafeForDisplay(scalar) { scalars.append(scalar) }
      }
    }
    return String(scalars)
  }

  /// `text` with its line breaks normalized to `\n`, tabs kept, and every other control or
  /// bidirectional formatting character dropped.
  static func multiLine(_ text: String) -> String {
    let normalized = text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    var scalars = String.UnicodeScalarView()
    for scalar in normalized.unicodeScalars {
      if scalar == "\n" || scalar == "\t" || !isUnsafeForDisplay(scalar) {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// Control characters (C0, DEL, C1) and the bidirectional overrides and isolates, which can
  /// make displayed text differ from the real text.
  static func isUnsafeForDisplay(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.properties.generalCategory == .control { return true }
    switch scalar.value {
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
    default: return false
    }
  }

  /// `text` cut to at most `limit` Characters, ending in `…` when it was cut.
  static func truncated(_ text: String, to limit: Int) -> String {
    guard text.count > limit else { return text }
    guard limit > 1 else { return String(text.prefix(max(0, limit))) }
    return String(text.prefix(limit - 1)) + "…"
  }

  /// The first non-blank line of `message`, trimmed, on one line, at most `limit` Characters;
  /// empty when there is none.
  static func firstLine(of message: String?, limit: Int = 90) -> String {
    guard let message else { return "" }
    let line =
      multiLine(message).split(separator: "\n", omittingEmptySubsequences: true)
      .map { singleLine(String($0)).trimmingCharacters(in: .whitespaces) }
      .first { !$0.isEmpty } ?? ""
    return truncated(line, to: limit)
  }

  /// The first line of a compiler output that reports an error (`…: error: …`), with the
  /// directories before the file name left out; else its first non-blank line.
  static func firstCompilerError(in output: String?, limit: Int = 90) -> String {
    guard let output else { return "" }
    let lines = multiLine(output).split(separator: "\n").map {
      singleLine(String($0)).trimmingCharacters(in: .whitespaces)
    }
    guard let line = lines.first(where: { $0.contains("error:") }) else {
      return firstLine(of: output, limit: limit)
    }
    var shortened = line
    if let marker = line.range(of: ": error:") ?? line.range(of: "error:") {
      let location = line[..<marker.lowerBound]
      if let slash = location.lastIndex(of: "/") {
        shortened = String(line[line.index(after: slash)...])
      }
    }
    return truncated(shortened, to: limit)
  }

  /// `text` padded with spaces to `width` Characters, on the right (`leftAligned`) or left.
  static func padded(_ text: String, to width: Int, leftAligned: Bool = true) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return leftAligned ? text + padding : padding + text
  }
}
