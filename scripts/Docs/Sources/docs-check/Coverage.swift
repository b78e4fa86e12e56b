import Foundation

/// Which public symbols have no doc comment.
///
/// Reads each module's symbol graphs (`MODULE.symbols.json` and the extension graphs
/// `MODULE@OTHER.symbols.json`). Only symbols declared in the module's own sources count: what it
/// inherits (a protocol's default implementations) or re-exports (`@_exported import`) is another
/// module's to document.
enum Coverage {
  struct Report {
    /// `file:line: Module.path is not documented`, one per undocumented symbol, sorted.
    var undocumented: [String]
    var counted: Int
    var documented: Int { counted - undocumented.count }
  }

  static func check(graphs folder: URL, modules: [String]) -> Report {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var undocumented: Set<String> = []
    var counted: Set<String> = []
    for module in modules {
      let graphs = files.filter { $0 == "\(module).symbols.json" || $0.hasPrefix("\(module)@") }
      guard graphs.contains("\(module).symbols.json") else {
        fail(
          "no symbol graph for \(module) in \(folder.path); build it first (scripts/docs does)",
          status: 2)
      }
      for name in graphs.sorted() {
        let graph: SymbolGraph
        do {
          let data = try Data(contentsOf: folder.appendingPathComponent(name))
          graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
        } catch {
          fail("could not read \(name): \(error)", status: 2)
        }
        // An extension block (`swift.extension`) is not a symbol a reader looks up: its members
        // are, and they are counted.
        for symbol in graph.symbols
        where ["public", "open"].contains(symbol.accessLevel)
          && symbol.kind.identifier != "swift.extension"
        {
          guard let location = symbol.location, location.uri.contains("/Packages/"),
            location.uri.contains("/Sources/\(module)/")
          else { continue }
          let file = URL(string: location.uri)?.path ?? location.uri
          let line =
            "\(file):\(location.position.line + 1): "
            + "\(module).\(symbol.pathComponents.joined(separator: ".")) is not documented"
          counted.insert(line)
          let text = symbol.docComment?.lines.map(\.text).joined() ?? ""
          if text.trimmingCharacters(in: .whitespaces).isEmpty { undocumented.insert(line) }
        }
      }
    }
    return Report(undocumented: undocumented.sorted(), counted: counted.count)
  }
}
