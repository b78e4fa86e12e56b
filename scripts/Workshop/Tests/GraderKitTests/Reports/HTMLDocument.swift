import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `report.html` read back with the toolchain's XML parser, so tests check what the page says,
/// not how it looks. Parsing fails, and so does the test, if the page is not well-formed.
final class HTMLDocument {
  /// One element: its name, attributes, children and the text directly inside it.
  final class Element {
    let name: String
    let attributes: [String: String]
    var children: [Element] = []
    var ownText = ""

    init(name: String, attributes: [String: String]) {
      self.name = name
      self.attributes = attributes
    }

    /// All the text inside, children included, with runs of white space made one space.
    var text: String {
      let all = ownText + " " + children.map(\.text).joined(separator: " ")
      return all.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Every element below this one (depth first, in document order) that satisfies `matches`.
    func all(_ matches: (Element) -> Bool) -> [Element] {
      children.flatMap { child in (matches(child) ? [child] : []) + child.all(matches) }
    }

    func all(_ name: String) -> [Element] { all { $0.name == name } }

    subscript(attribute: String) -> String? { attributes[attribute] }
  }

  let root: Element

  /// Parses `html`; nil when it is not well-formed.
  init?(_ html: String) {
    let builder = Builder()
    let parser = XMLParser(data: Data(html.utf8))
    parser.delegate = builder
    guard parser.parse(), let root = builder.root else { return nil }
    self.root = root
  }

  /// The section of exercise `id`.
  func exercise(_ id: String) -> Element? {
    root.all { $0.name == "section" && $0["data-exercise"] == id }.first
  }

  private final class Builder: NSObject, XMLParserDelegate {
    var stack: [Element] = []
    var root: Element?

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
      let element = Element(name: elementName, attributes: attributeDict)
      stack.last?.children.append(element)
      if root == nil { root = element }
      stack.append(element)
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?
    ) {
      stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      stack.last?.ownText += string
    }
  }
}
