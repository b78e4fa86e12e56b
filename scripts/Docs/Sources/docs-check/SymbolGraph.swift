/// The parts of a symbol graph this check reads.
struct SymbolGraph: Decodable {
  struct Symbol: Decodable {
    struct Location: Decodable {
      struct Position: Decodable { var line: Int }
      var uri: String
      var position: Position
    }
    struct DocComment: Decodable {
      struct Line: Decodable { var text: String }
      var lines: [Line]
    }
    struct Kind: Decodable { var identifier: String }
    var kind: Kind
    var pathComponents: [String]
    var accessLevel: String
    var location: Location?
    var docComment: DocComment?
  }
  var symbols: [Symbol]
}
