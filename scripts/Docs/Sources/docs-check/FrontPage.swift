import Foundation

/// The site's front page: what the library is, and the package graph as a picture.
///
/// `docc merge` synthesizes the front page with a title and the list of modules only, and takes
/// no catalogue for it. So once the site is merged, this adds to the page's render data
/// (`data/documentation.json`) a sentence on the library and, above the list, the package graph:
/// the picture `scripts/docs graph` generates from the `Package.swift` files
/// (`Packages/package-graph.svg`), copied into the site's images. Its text alternative is the
/// picture's own description, which names every dependency.
enum FrontPage {
  /// Where the picture goes in the site, and how the page refers to it.
  static let imagePath = "images/workspace/package-graph.svg"
  static let imageIdentifier = "package-graph.svg"

  /// The page's abstract, under its title.
  static let abstract =
    "The library the course rebuilds: one Swift package per concern, no third-party code."
  /// The sentence above the picture, after `import Dependencies` (the picture has its legend).
  static let importNote =
    " re-exports the packages it depends on, so it is the one import a feature needs."

  /// Adds the sentence and the picture to the front page of the merged site in `site`.
  static func write(site: URL, picture: URL) {
    let page = site.appendingPathComponent("data/documentation.json")
    do {
      let svg = try String(contentsOf: picture, encoding: .utf8)
      guard
        var render = try JSONSerialization.jsonObject(with: Data(contentsOf: page))
          as? [String: Any]
      else {
        fail("\(page.path) is not a page's render data", status: 2)
      }
      render["abstract"] = [text(abstract)]
      render["primaryContentSections"] = [
        [
          "kind": "content",
          "content": [
            [
              "type": "heading", "level": 2, "text": "The package graph",
              "anchor": "The-package-graph",
            ],
            [
              "type": "paragraph",
              "inlineContent": [
                ["type": "codeVoice", "code": "import Dependencies"], text(importNote),
              ],
            ],
            [
              "type": "paragraph",
              "inlineContent": [["type": "image", "identifier": imageIdentifier]],
            ],
          ],
        ]
      ]
      var references = render["references"] as? [String: Any] ?? [:]
      references[imageIdentifier] = [
        "type": "image", "identifier": imageIdentifier, "alt": description(of: svg),
        "variants": [["url": "/\(imagePath)", "traits": ["1x", "light"]]],
      ]
      render["references"] = references
      let image = site.appendingPathComponent(imagePath)
      try FileManager.default.createDirectory(
        at: image.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(svg.utf8).write(to: image)
      try JSONSerialization.data(
        withJSONObject: render, options: [.sortedKeys, .withoutEscapingSlashes]
      ).write(to: page)
    } catch {
      fail("could not add the package graph to the front page: \(error)", status: 1)
    }
  }

  private static func text(_ words: String) -> [String: Any] {
    ["type": "text", "text": words]
  }

  /// The picture's `<desc>`, which names every dependency, as its text alternative.
  private static func description(of svg: String) -> String {
    guard let start = svg.range(of: "<desc id=\"description\">"),
      let end = svg.range(of: "</desc>", range: start.upperBound..<svg.endIndex)
    else { return "The package graph" }
    return "The package graph: "
      + svg[start.upperBound..<end.lowerBound]
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
