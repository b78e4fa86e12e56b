/// A type's name as its declaration reads, without its module: `APIClient`, `Feature.Model`.
///
/// Private types print as `Module.(unknown context at $…).Name`; that noise is dropped too.
func typeName(_ type: Any.Type) -> String {
  var name = String(reflecting: type)
  while let start = name.range(of: "(unknown context at "),
    let end = name[start.upperBound...].range(of: ").")
  {
    name.removeSubrange(start.lowerBound..<end.upperBound)
  }
  guard !name.hasPrefix("("), let dot = name.firstIndex(of: ".") else { return name }
  return String(name[name.index(after: dot)...])
}
