import Foundation
import Testing

@testable import ExerciseEngine

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

  /// The plan's compile of the module under test, with or without library evolution.
  func moduleCompile(_ fixture: Fixture, resilient: Bool) -> BuildPlan.Command {
    BuildPlan.Command(
      name: "C.Name", tool: "shell", inputs: [], outputs: [fixture.interface.path],
      arguments: [
        "/usr/bin/swiftc", "-module-name", "Name", "-emit-module-path", fixture.interface.path,
      ]
        + (resilient ? ResilientModule.compilerFlags : []))
  }

  @Test func aModuleCompiledWithLibraryEvolutionIsKeptByItsInterfaceNotItsBytes() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.root) }
    let packageInterface = ResilientModule.packageInterface(of: fixture.interface)
    #expect(packageInterface.lastPathComponent == "Name.package.swiftinterface")
    let snapshots = CompileSnapshots(
      scratch: fixture.scratch, package: fixture.package,
      plan: [moduleCompile(fixture, resilient: true), fixture.command])
    #expect(snapshots.resilientModules == [fixture.interface.path])
    try fixture.write("public API 1", to: packageInterface)
    try fixture.write("learner A's binary module", to: fixture.interface)
    try fixture.compile(against: "learner A")
    snapshots.keep(fixture.command)

    // Another learner: other private state and bodies, the same API.
    try fixture.write("learner B's binary module", to: fixture.interface)
    try fixture.compile(against: "learner B")
    #expect(snapshots.restore(fixture.command))
    #expect(
      fixture.read(fixture.buildFolder.appendingPathComponent("NameTests.swift.o"))
        == "objects for learner A")

    // An API of its own: compiled again.
    try fixture.write("public API 2", to: packageInterface)
    #expect(!snapshots.restore(fixture.command))

    // Without library evolution in the plan, the interface on disk may be an older compile's:
    // the binary module's bytes decide.
    try fixture.write("public API 1", to: packageInterface)
    let fragile = CompileSnapshots(
      scratch: fixture.scratch, package: fixture.package,
      plan: [moduleCompile(fixture, resilient: false), fixture.command])
    #expect(fragile.resilientModules.isEmpty)
    #expect(!fragile.restore(fixture.command))
  }

  @Test func aTestableImportMakesTheBinaryModuleDecide() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.root) }
    let snapshots = CompileSnapshots(
      scratch: fixture.scratch, package: fixture.package,
      plan: [moduleCompile(fixture, resilient: true), fixture.command])
    try fixture.write(
      "public API 1", to: ResilientModule.packageInterface(of: fixture.interface))
    // Internal declarations, which no interface lists, matter to a @testable import.
    try fixture.write("@testable import Name", to: fixture.testSource)
    try fixture.write("learner A's binary module", to: fixture.interface)
    try fixture.compile(against: "learner A")
    snapshots.keep(fixture.command)
    try fixture.write("learner B's binary module", to: fixture.interface)
    #expect(!snapshots.restore(fixture.command))
    try fixture.write("learner A's binary module", to: fixture.interface)
    #expect(snapshots.restore(fixture.command))
  }

  @Test func anExecutableTheTestsStartIsNotPartOfTheirCompilesKey() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.root) }
    let executable = fixture.debug.appendingPathComponent("app")
    var command = fixture.command
    command.inputs.append(executable.path)
    let link = BuildPlan.Command(
      name: "C.app", tool: "shell", inputs: [], outputs: [executable.path],
      arguments: ["/usr/bin/swiftc", "-emit-executable", "-o", executable.path])
    let snapshots = CompileSnapshots(
      scratch: fixture.scratch, package: fixture.package, plan: [link, command])
    try fixture.write("app linked with learner A's module", to: executable)
    try fixture.compile(against: "interface A")
    snapshots.keep(command)
    try fixture.write("app linked with learner B's module", to: executable)
    try fixture.compile(against: "interface A, again")
    #expect(snapshots.restore(command))
    // Without the plan's link it is an input like any other.
    try fixture.compile(against: "interface A")
    fixture.snapshots.keep(command)
    try fixture.write("app linked with learner C's module", to: executable)
    #expect(!fixture.snapshots.restore(command))
  }
}
