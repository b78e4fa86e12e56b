import ExerciseModel
import Foundation
import Testing

@Suite struct SourceTreeTests {
  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tree-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func writeMakesTheFolderHoldExactlyTheTree() throws {
    let directory = try temporaryDirectory()
    try SourceTree(files: ["A/one.swift": Data("1".utf8), "two.swift": Data("2".utf8)])
      .write(to: directory)
    try SourceTree(files: ["two.swift": Data("2!".utf8)]).write(to: directory)
    let read = try SourceTree.read(directory)
    #expect(read.files == ["two.swift": Data("2!".utf8)])
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("A").path))
  }

  @Test func unchangedFilesKeepTheirModificationDate() throws {
    let directory = try temporaryDirectory()
    let tree = SourceTree(files: ["same.swift": Data("x".utf8)])
    try tree.write(to: directory)
    let url = directory.appendingPathComponent("same.swift")
    let old = Date(timeIntervalSince1970: 1_000_000)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
    try tree.write(to: directory)
    let date =
      try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
    #expect(date == old)
  }

  @Test func symbolicLinksAreRefused() throws {
    let directory = try temporaryDirectory()
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("link.swift").path,
      withDestinationPath: "/etc/passwd")
    #expect {
      try SourceTree.read(directory)
    } throws: { "\($0)".contains("is a symbolic link") }
  }

  @Test func subtreesAndPrefixes() {
    let tree = SourceTree(files: ["M/a.swift": Data(), "M/b/c.swift": Data(), "N/d.swift": Data()])
    #expect(Set(tree.subtree("M").files.keys) == ["a.swift", "b/c.swift"])
    #expect(Set(tree.subtree("M").prefixed("X").files.keys) == ["X/a.swift", "X/b/c.swift"])
    let overlaid = tree.overlaid(with: SourceTree(files: ["N/d.swift": Data("new".utf8)]))
    #expect(overlaid.files["N/d.swift"] == Data("new".utf8))
  }
}
