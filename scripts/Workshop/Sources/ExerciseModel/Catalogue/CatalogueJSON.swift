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
        array("reimplements", entry.reimplements.map(JSONStringLiteral.quoted), indent: indent),
        array(
          "articles",
          entry.articles.map {
            "{ \"title\": \(JSONStringLiteral.quoted($0.title)), \"url\": \(JSONStringLiteral.quoted($0.url)) }"
          },
          indent: indent),
        array("steps", entry.steps.map(JSONStringLiteral.quoted), indent: indent),
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
    "\"\(key)\": \(JSONStringLiteral.quoted(value))"
  }

  private static func array(_ key: String, _ items: [String], indent: String) -> String {
    guard !items.isEmpty else { return "\"\(key)\": []" }
    return "\"\(key)\": [\n"
      + items.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n\(indent)]"
  }
}
