import Foundation

/// Writes a ``Catalogue`` as `Exercises/catalogue.json` is kept: keys in a fixed, readable order,
/// one article per line, two-space indents, so that a tool that adds an exercise changes only the
/// lines of that exercise.
///
/// ```swift
/// var catalogue = try Catalogue.load(in: layout)
/// catalogue.entries.append(Catalogue.Entry(id: "13-new-thing", title: "A new thing", module: "NewThing"))
/// try Data(CatalogueJSON.render(catalogue).utf8).write(to: layout.catalogueURL)
/// ```
public enum CatalogueJSON {
  /// The file's text, ending with a newline.
  public static func render(_ catalogue: Catalogue) -> String {
    let entries = catalogue.entries.map { entry in
      let indent = "      "
      let lines = [
        field("id", entry.id), field("title", entry.title), field("module", entry.module),
        field("kind", entry.kind.rawValue), field("subject", entry.subject),
        field("summary", entry.summary),
        array("reimplements", entry.reimplements.map(string), indent: indent),
        array(
          "articles",
          entry.articles.map { "{ \"title\": \(string($0.title)), \"url\": \(string($0.url)) }" },
          indent: indent),
        array("steps", entry.steps.map(string), indent: indent),
      ]
      return "    {\n" + lines.map { indent + $0 }.joined(separator: ",\n") + "\n    }"
    }
    return """
      {
        "format": \(Catalogue.format),
        "exercises": [
      \(entries.joined(separator: ",\n"))
        ]
      }

      """
  }

  private static func field(_ key: String, _ value: String) -> String {
    "\"\(key)\": \(string(value))"
  }

  private static func array(_ key: String, _ items: [String], indent: String) -> String {
    guard !items.isEmpty else { return "\"\(key)\": []" }
    return "\"\(key)\": [\n"
      + items.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n\(indent)]"
  }

  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped, every
  /// other character (slashes and non-ASCII included) as it is.
  static func string(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      case "\u{08}": literal += "\\b"
      case "\u{0C}": literal += "\\f"
      case let control where control.value < 0x20:
        literal += String(format: "\\u%04x", control.value)
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }
}
