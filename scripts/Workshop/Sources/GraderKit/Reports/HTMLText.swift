/// Escaping of untrusted text (learner names, messages, titles) for `report.html`.
///
/// The report is written as well-formed XML as well as HTML, so that a plain XML parser can
/// read it (its tests do): only the five predefined entities are used, and characters XML 1.0
/// does not allow are dropped along with control and bidirectional formatting characters.
package enum HTMLText {
  /// `text` escaped for an element's content, line breaks kept.
  static func text(_ text: String) -> String {
    escape(ReportFormatting.multiLine(text))
  }

  /// `text` escaped and in double quotes, on one line, for an attribute's value.
  package static func attribute(_ text: String) -> String {
    "\"" + escape(ReportFormatting.singleLine(text)) + "\""
  }

  private static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars where JUnitReport.isAllowed(scalar) {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
