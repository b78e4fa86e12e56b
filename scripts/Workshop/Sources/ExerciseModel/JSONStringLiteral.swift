/// Writes JSON string literals for the files the tools write by hand, line by line, so that a
/// change to one entry changes one line (`signatures.json`, `Exercises/catalogue.json`).
///
/// ```swift
/// let line = "\"title\": " + JSONStringLiteral.quoted(title)  // "title": "…"
/// ```
package enum JSONStringLiteral {
  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped, every
  /// other character (slashes and non-ASCII included) as it is.
  package static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if scalar.value < 0x20 {
          result +=
            "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
            + String(scalar.value, radix: 16)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
