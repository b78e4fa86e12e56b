import Foundation

// docs-check coverage GRAPHS MODULE…
//
// Reads each module's symbol graphs from GRAPHS (`MODULE.symbols.json` and the extension graphs
// `MODULE@OTHER.symbols.json`) and prints every public symbol declared in the workspace's
// sources that has no doc comment of its own, as `file:line: Module.path is not documented`.
// Only symbols declared in the module's own sources count: what it inherits (a protocol's
// default implementations) or re-exports (`@_exported import`) is another module's to document. Exits 1 when any
// symbol is undocumented, 2 on bad input.

/// The parts of a symbol graph this check reads.
struct SymbolGraph: Decodable {
  struct Symbol: Decodable {
    struct Names: Decodable { var title: String }
    struct Location: Decodable {
      struct Position: Decodable { var line: Int }
      var uri: String
      var position: Position
    }
    struct DocComment: Decodable {
      struct Line: Decodable { var text: String }
      var lines: [Line]
    }
    var pathComponents: [String]
    var accessLevel: String
    var location: Location?
    var docComment: DocComment?
  }
  var symbols: [Symbol]
}

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("docs-check: \(message)\n".utf8))
  exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3, arguments[0] == "coverage" else {
  fail("usage: docs-check coverage SYMBOL-GRAPH-FOLDER MODULE…", status: 2)
}
let folder = URL(fileURLWithPath: arguments[1])
let modules = arguments.dropFirst(2)
let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []

var undocumented: [String] = []
var counted = 0
for module in modules {
  let graphs = files.filter { $0 == "\(module).symbols.json" || $0.hasPrefix("\(module)@") }
  guard graphs.contains("\(module).symbols.json") else {
    fail(
      "no symbol graph for \(module) in \(folder.path); build it first (scripts/docs does)",
      status: 2)
  }
  for name in graphs.sorted() {
    let data: Data
    let graph: SymbolGraph
    do {
      data = try Data(contentsOf: folder.appendingPathComponent(name))
      graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
    } catch {
      fail("could not read \(name): \(error)", status: 2)
    }
    for symbol in graph.symbols where ["public", "open"].contains(symbol.accessLevel) {
      // Declared in this module's sources: not inherited, nor re-exported from another module.
      guard let location = symbol.location, location.uri.contains("/Packages/"),
        location.uri.contains("/Sources/\(module)/")
      else { continue }
      counted += 1
      let text = symbol.docComment?.lines.map(\.text).joined() ?? ""
      if text.trimmingCharacters(in: .whitespaces).isEmpty {
        let file = URL(string: location.uri)?.path ?? location.uri
        undocumented.append(
          "\(file):\(location.position.line + 1): "
            + "\(module).\(symbol.pathComponents.joined(separator: ".")) is not documented")
      }
    }
  }
}
for line in Set(undocumented).sorted() { print(line) }
let documented = counted - Set(undocumented).count
print(
  "docs-check: \(documented) of \(counted) public symbols documented in \(modules.joined(separator: ", "))"
)
exit(undocumented.isEmpty ? 0 : 1)
