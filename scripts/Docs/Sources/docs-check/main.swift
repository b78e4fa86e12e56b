import Foundation

// The checks behind `scripts/docs`:
//
//   docs-check coverage GRAPHS MODULE…
//       every public symbol declared in the modules' own sources has a doc comment
//       (see Coverage.swift); exits 1 and lists them when one has not
//   docs-check own-symbols GRAPHS MODULE OUTPUT-FOLDER
//       writes MODULE's graphs with only the symbols its own sources declare (OwnSymbols.swift)
//   docs-check snippets PACKAGES-FOLDER OUTPUT-FOLDER
//       writes every complete Swift example of the docs as a target of a package in
//       OUTPUT-FOLDER, for scripts/docs to build (see Snippets.swift)
//   docs-check front-page SITE PICTURE
//       adds the package graph's picture and a sentence on the library to the merged site's
//       front page (see FrontPage.swift)
//
// Exits 2 on bad input.

/// Stops with a message on standard error.
func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("docs-check: \(message)\n".utf8))
  exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "coverage" where arguments.count >= 3:
  let report = Coverage.check(
    graphs: URL(fileURLWithPath: arguments[1]), modules: Array(arguments.dropFirst(2)))
  for line in report.undocumented { print(line) }
  print(
    "docs-check: \(report.documented) of \(report.counted) public symbols documented in "
      + arguments.dropFirst(2).joined(separator: ", "))
  exit(report.undocumented.isEmpty ? 0 : 1)
case "own-symbols" where arguments.count == 4:
  OwnSymbols.write(
    module: arguments[2], from: URL(fileURLWithPath: arguments[1]),
    to: URL(fileURLWithPath: arguments[3]))
case "snippets" where arguments.count == 3:
  let snippets = Snippets.find(below: URL(fileURLWithPath: arguments[1]))
  Snippets.writePackage(snippets, to: URL(fileURLWithPath: arguments[2]), packages: arguments[1])
  print("docs-check: \(snippets.count) complete examples written to \(arguments[2])")
case "front-page" where arguments.count == 3:
  FrontPage.write(
    site: URL(fileURLWithPath: arguments[1]), picture: URL(fileURLWithPath: arguments[2]))
default:
  fail(
    "usage: docs-check coverage SYMBOL-GRAPH-FOLDER MODULE… | docs-check own-symbols "
      + "SYMBOL-GRAPH-FOLDER MODULE OUTPUT-FOLDER | docs-check snippets PACKAGES-FOLDER "
      + "OUTPUT-FOLDER | docs-check front-page SITE-FOLDER PICTURE",
    status: 2)
}
