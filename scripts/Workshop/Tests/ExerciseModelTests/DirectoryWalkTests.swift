import Foundation
import Testing

@testable import ExerciseModel

@Suite struct DirectoryWalkTests {
  func folder() throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("walk-\(UUID().uuidString)")
    let manager = FileManager.default
    try manager.createDirectory(
      at: root.appendingPathComponent("Sub/Deeper"), withIntermediateDirectories: true)
    try manager.createDirectory(
      at: root.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
    try Data("a".utf8).write(to: root.appendingPathComponent("A.swift"))
    try Data("b".utf8).write(to: root.appendingPathComponent("Sub/Deeper/B.swift"))
    try Data("h".utf8).write(to: root.appendingPathComponent(".hidden/H.swift"))
    try Data("s".utf8).write(to: root.appendingPathComponent(".swp"))
    try manager.createSymbolicLink(
      at: root.appendingPathComponent("Link.swift"),
      withDestinationURL: root.appendingPathComponent("A.swift"))
    try manager.createSymbolicLink(
      at: root.appendingPathComponent("LinkedFolder"),
      withDestinationURL: root.appendingPathComponent("Sub"))
    return root
  }

  @Test func listsEveryEntryBelowWithItsKindAndRelativePath() throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let entries = try #require(DirectoryWalk.entries(below: root))
    let kinds = Dictionary(uniqueKeysWithValues: entries.map { ($0.path, $0.kind) })
    #expect(
      kinds == [
        "A.swift": .regularFile, "Sub": .directory, "Sub/Deeper": .directory,
        "Sub/Deeper/B.swift": .regularFile, "Link.swift": .symbolicLink,
        "LinkedFolder": .symbolicLink,
      ])
    #expect(entries.first { $0.path == "A.swift" }?.fileSize == 1)
  }

  @Test func aDirectoryComesBeforeWhatItHolds() throws {
    let root = try folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let paths = try #require(DirectoryWalk.entries(below: root)).map(\.path)
    let sub = try #require(paths.firstIndex(of: "Sub"))
    let file = try #require(paths.firstIndex(of: "Sub/Deeper/B.swift"))
    #expect(sub < file)
  }

  @Test func aMissingFolderHasNoEntries() {
    let missing = FileManager.default.temporaryDirectory
      .appendingPathComponent("walk-missing-\(UUID().uuidString)")
    #expect((DirectoryWalk.entries(below: missing) ?? []).isEmpty)
  }
}
