import Foundation
import Testing

@testable import ExerciseEngine

/// Reused build folders start over when the library changes (SwiftPM may otherwise keep code
/// compiled against the old library), and are kept when it has not.
@Suite struct LibraryFingerprintTests {
  /// A `Packages/` folder with one package, and a build folder beside it.
  struct Fixture {
    var packages: URL
    var buildFolder: URL

    init() throws {
      let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "fingerprint-\(UUID().uuidString)")
      packages = root.appendingPathComponent("Packages")
      buildFolder = root.appendingPathComponent("scratch")
      try write("// swift-tools-version: 6.1", to: "Library/Package.swift")
      try write("public func answer() -> Int { 42 }", to: "Library/Sources/Library/Answer.swift")
    }

    func write(_ text: String, to path: String) throws {
      let url = packages.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }

    func fingerprint() throws -> LibraryFingerprint {
      try LibraryFingerprint(packages: packages)
    }

    /// Puts a file in the build folder, standing for what a build leaves there.
    func leaveBuildOutput() throws {
      try Data("object".utf8).write(to: buildFolder.appendingPathComponent("output.o"))
    }

    var buildOutputSurvived: Bool {
      FileManager.default.fileExists(atPath: buildFolder.appendingPathComponent("output.o").path)
    }
  }

  @Test func theSameLibraryGivesTheSameFingerprint() throws {
    let fixture = try Fixture()
    #expect(try fixture.fingerprint() == fixture.fingerprint())
  }

  @Test func editingAnyLibraryFileChangesIt() throws {
    let fixture = try Fixture()
    let before = try fixture.fingerprint()
    try fixture.write(
      "public func answer() -> Int { 43 }", to: "Library/Sources/Library/Answer.swift")
    #expect(try fixture.fingerprint() != before, "an edited source must change the fingerprint")

    let edited = try fixture.fingerprint()
    try fixture.write("// new", to: "Library/Sources/Library/New.swift")
    #expect(try fixture.fingerprint() != edited, "an added source must change the fingerprint")
  }

  @Test func buildFoldersAndOtherFilesDoNotCount() throws {
    let fixture = try Fixture()
    let before = try fixture.fingerprint()
    try fixture.write("junk", to: "Library/.build/debug/Library.swiftmodule")
    try fixture.write("notes", to: "Library/README.md")
    #expect(try fixture.fingerprint() == before)
  }

  @Test func aFolderBuiltWithTheSameLibraryIsKept() throws {
    let fixture = try Fixture()
    #expect(try fixture.fingerprint().prepare(buildFolder: fixture.buildFolder) == false)
    try fixture.leaveBuildOutput()
    #expect(try fixture.fingerprint().prepare(buildFolder: fixture.buildFolder) == false)
    #expect(fixture.buildOutputSurvived)
  }

  @Test func aFolderBuiltWithAnotherLibraryStartsOver() throws {
    let fixture = try Fixture()
    try fixture.fingerprint().prepare(buildFolder: fixture.buildFolder)
    try fixture.leaveBuildOutput()
    try fixture.write(
      "public func answer() -> Int { 0 }", to: "Library/Sources/Library/Answer.swift")
    #expect(try fixture.fingerprint().prepare(buildFolder: fixture.buildFolder) == true)
    #expect(!fixture.buildOutputSurvived, "output built with the old library must be gone")
    #expect(try fixture.fingerprint().prepare(buildFolder: fixture.buildFolder) == false)
  }

  @Test func aFolderWithNoRecordStartsOver() throws {
    let fixture = try Fixture()
    try FileManager.default.createDirectory(
      at: fixture.buildFolder, withIntermediateDirectories: true)
    try fixture.leaveBuildOutput()
    #expect(try fixture.fingerprint().prepare(buildFolder: fixture.buildFolder) == true)
    #expect(!fixture.buildOutputSurvived)
  }
}
