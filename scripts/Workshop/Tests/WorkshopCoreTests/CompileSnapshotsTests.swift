import Foundation
import Testing

@testable import WorkshopCore

/// A kept compile is put back only for the very bytes it was made from, whole, and never for
/// a command that reads the learner's sources.
@Suite struct CompileSnapshotsTests {
  /// A package and a build folder with a test module's compile as SwiftPM plans it.
  struct Fixture {
    let root: URL
    var package: URL { root.appendingPathComponent("package") }
    var scratch: URL { root.appendingPathComponent("scratch") }
    var debug: URL { scratch.appendingPathComponent("debug") }
    var buildFolder: URL { debug.appendingPathComponent("NameTests.build") }
    var interface: URL { debug.appendingPathComponent("Modules/Name.swiftmodule") }
    var testSource: URL { package.appendingPathComponent("Tests/NameTests/NameTests.swift") }

    init() throws {
      root = FileManager.default.temporaryDirectory
        .appendingPathComponent("compile-snapshots-\(UUID().uuidString)")
      for folder in [
        buildFolder, interface.deletingLastPathComponent(), testSource.deletingLastPathComponent(),
      ] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      try write("the tests", to: testSource)
      try write("interface A", to: interface)
      try write("{}", to: buildFolder.appendingPathComponent("output-file-map.json"))
      try write("NameTests.swift", to: buildFolder.appendingPathComponent("sources"))
    }

    func write(_ text: String, to url: URL) throws {
      try Data(text.utf8).write(to: url)
    }

    func read(_ url: URL) -> String? {
      (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// What a compile of the tests leaves, its words saying which interface it was made with.
    func compile(against interface: String) throws {
      let manager = FileManager.default
      for name in try manager.contentsOfDirectory(atPath: buildFolder.path)
      where name.hasSuffix(".o") || name.hasSuffix(".priors") {
        try manager.removeItem(at: buildFolder.appendingPathComponent(name))
      }
      try write(
        "objects for \(interface)", to: buildFolder.appendingPathComponent("NameTests.swift.o"))
      try write("record of \(interface)", to: buildFolder.appendingPathComponent("primary.priors"))
      try write(
        "test interface for \(interface)",
        to: debug.appendingPathComponent("Modules/NameTests.swiftmodule"))
    }

    var command: BuildPlan.Command {
      BuildPlan.Command(
        name: "C.NameTests", tool: "shell",
        inputs: [
          testSource.path, interface.path, buildFolder.appendingPathComponent("sources").path,
        ],
        outputs: [buildFolder.appendingPathComponent("NameTests.swift.o").path],
        arguments: [
          "/usr/bin/swiftc", "-module-name", "NameTests", "-emit-module-path",
          debug.appendingPathComponent("Modules/NameTests.swiftmodule").path, "-output-file-map",
          buildFolder.appendingPathComponent("output-file-map.json").path,
        ],
        description: "Compiling Swift Module 'NameTests' (1 sources)")
    }

    var snapshots: CompileSnapshots { CompileSnapshots(scratch: scratch, package: package) }
  }

  @Test func theSameInputsGetTheSameOutputsBackAndNothingElse() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.root) }
    try fixture.compile(against: "interface A")
    fixture.snapshots.keep(fixture.command)

    // Another interface, another compile, with a file of its own.
    try fixture.write("interface B", to: fixture.interface)
    #expect(!fixture.snapshots.restore(fixture.command))
    try fixture.compile(against: "interface B")
    try fixture.write("left over", to: fixture.buildFolder.appendingPathComponent("Extra.swift.o"))
    fixture.snapshots.keep(fixture.command)

    // Back to the first interface: its compile's files, all of them and only them.
    try fixture.write("interface A", to: fixture.interface)
    #expect(fixture.snapshots.restore(fixture.command))
    let objects = fixture.read(fixture.buildFolder.appendingPathComponent("NameTests.swift.o"))
    #expect(objects == "objects for interface A")
    let record = fixture.read(fixture.buildFolder.appendingPathComponent("primary.priors"))
    #expect(record == "record of interface A")
    let testInterface = fixture.read(
      fixture.debug.appendingPathComponent("Modules/NameTests.swiftmodule"))
    #expect(testInterface == "test interface for interface A")
    #expect(fixture.read(fixture.buildFolder.appendingPathComponent("Extra.swift.o")) == nil)
    // SwiftPM's own files stay, and so does the module under test's interface.
    #expect(
      fixture.read(fixture.buildFolder.appendingPathComponent("sources")) == "NameTests.swift")
    #expect(fixture.read(fixture.interface) == "interface A")
  }

  @Test func anEntryWhoseKeptInputsDifferIsNotUsed() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.root) }
    try fixture.compile(against: "interface A")
    fixture.snapshots.keep(fixture.command)
    // A colliding entry: same name, other bytes (what a crafted hash collision would give).
    let entries = try FileManager.default.contentsOfDirectory(
      atPath: fixture.snapshots.folder.path)
    let entry = fixture.snapshots.folder.appendingPathComponent(try #require(entries.first))
    try fixture.write("interface X", to: entry.appendingPathComponent("inputs/1"))
    try fixture.compile(against: "interface B")
    #expect(!fixture.snapshots.restore(fixture.command))
    let objects = fixture.read(fixture.buildFolder.appendingPathComponent("NameTests.swift.o"))
    #expect(objects == "objects for interface B")
  }

  @Test func aCompileThatReadsThePackagesSourcesIsNeverKept() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.root) }
    var command = fixture.command
    let source = fixture.package.appendingPathComponent("Sources/Name/Name.swift")
    try FileManager.default.createDirectory(
      at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
    try fixture.write("public struct Name {}", to: source)
    command.inputs.append(source.path)
    #expect(!fixture.snapshots.isEligible(command))
    try fixture.compile(against: "interface A")
    fixture.snapshots.keep(command)
    #expect(!FileManager.default.fileExists(atPath: fixture.snapshots.folder.path))
    var link = fixture.command
    link.arguments.append("-emit-executable")
    #expect(!fixture.snapshots.isEligible(link))
  }

  @Test func withSourcesIncludedAModulesCompileIsKeptAndRestoredLikeATestModules() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.root) }
    var command = fixture.command
    let source = fixture.package.appendingPathComponent("Sources/Name/Name.swift")
    try FileManager.default.createDirectory(
      at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
    try fixture.write("public struct Name {}", to: source)
    command.inputs.append(source.path)
    let snapshots = CompileSnapshots(
      scratch: fixture.scratch, package: fixture.package,
      includesSources: true)
    #expect(snapshots.isEligible(command))
    try fixture.compile(against: "interface A")
    snapshots.keep(command)
    try fixture.compile(against: "interface B")
    #expect(snapshots.restore(command))
    let objects = fixture.read(fixture.buildFolder.appendingPathComponent("NameTests.swift.o"))
    #expect(objects == "objects for interface A")
    // The module's source changed: no entry holds these bytes.
    try fixture.write("public struct Name { var changed = 1 }", to: source)
    #expect(!snapshots.restore(command))
    var link = command
    link.arguments.append("-emit-executable")
    #expect(!snapshots.isEligible(link))
  }
}
