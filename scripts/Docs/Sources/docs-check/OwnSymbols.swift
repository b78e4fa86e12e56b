import Foundation

/// A module's symbol graphs cut down to what the module itself declares.
///
/// `import Dependencies` re-exports four packages, so the compiler writes all their public symbols
/// into `Dependencies`' graph too; converted as they are, the site would show `TestClock` under
/// every module that re-exports it, and a link in one package's doc comment to an article of its
/// own catalogue would dangle in the others. Each module's archive gets only the symbols declared
/// in its own sources (extension blocks included), and the relationships between those.
enum OwnSymbols {
  /// Writes the graphs of `module` from `input` into `output`, keeping its own symbols.
  static func write(module: String, from input: URL, to output: URL) {
    let manager = FileManager.default
    let files = (try? manager.contentsOfDirectory(atPath: input.path)) ?? []
    let graphs = files.filter { $0 == "\(module).symbols.json" || $0.hasPrefix("\(module)@") }
    guard graphs.contains("\(module).symbols.json") else {
      fail("no symbol graph for \(module) in \(input.path)", status: 2)
    }
    do {
      try? manager.removeItem(at: output)
      try manager.createDirectory(at: output, withIntermediateDirectories: true)
      for name in graphs {
        let data = try Data(contentsOf: input.appendingPathComponent(name))
        guard var graph = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
          fail("\(name) is not a symbol graph", status: 2)
        }
        let symbols = graph["symbols"] as? [[String: Any]] ?? []
        let own = symbols.filter { isDeclared($0, in: module) }
        let kept = Set(own.compactMap(identifier))
        let all = Set(symbols.compactMap(identifier))
        let relationships = graph["relationships"] as? [[String: Any]] ?? []
        graph["symbols"] = own
        // A relationship stays when its source is kept and its target is kept or lies outside
        // this graph (another module's type, such as the protocol a type conforms to).
        graph["relationships"] = relationships.filter { relationship in
          guard let source = relationship["source"] as? String, kept.contains(source) else {
            return false
          }
          let target = relationship["target"] as? String ?? ""
          return kept.contains(target) || !all.contains(target)
        }
        if own.isEmpty, name != "\(module).symbols.json" { continue }
        let cut = try JSONSerialization.data(withJSONObject: graph)
        try cut.write(to: output.appendingPathComponent(name))
      }
    } catch {
      fail("could not cut the symbol graphs of \(module): \(error)", status: 2)
    }
  }

  /// A symbol's precise identifier.
  private static func identifier(_ symbol: [String: Any]) -> String? {
    (symbol["identifier"] as? [String: Any])?["precise"] as? String
  }

  /// Whether `symbol` is declared in the sources of `module`.
  private static func isDeclared(_ symbol: [String: Any], in module: String) -> Bool {
    guard let location = symbol["location"] as? [String: Any],
      let uri = location["uri"] as? String
    else { return false }
    return uri.contains("/Packages/") && uri.contains("/Sources/\(module)/")
  }
}
