import Foundation
import Testing

@testable import ExerciseEngine

/// The checks and the grader compile each module whole, in one compiler process
/// (``WholeModuleCompile``); the compile check (``UncompiledSources``) reads the one dependency
/// file such a compile writes, and SwiftPM never links its objects with its own.
@Suite struct WholeModuleCompileTests {
  @Test func aCompileInBatchesBecomesOneWholeModuleCompile() {
    let batches = [
      "/usr/bin/swiftc", "-module-name", "Injection", "-emit-module", "-incremental", "-c",
      "@/build/Injection.build/sources", "-enable-batch-mode", "-j2", "-incremental",
    ]
    #expect(
      WholeModuleCompile.arguments(replacing: batches) == [
        "/usr/bin/swiftc", "-module-name", "Injection", "-emit-module", "-c",
        "@/build/Injection.build/sources", "-j2", "-wmo", "-num-threads", "1",
        "-no-emit-module-separately-wmo",
      ])
  }

  @Test func linksCCompilesAndWholeModuleCompilesAreLeftAlone() {
    let link = ["/usr/bin/swiftc", "-emit-executable", "-o", "App", "@objects", "-incremental"]
    let clang = ["/usr/bin/clang", "-c", "shim.c", "-enable-batch-mode"]
    let whole = ["/usr/bin/swiftc", "-module-name", "Injection", "-c", "@sources", "-wmo"]
    #expect(WholeModuleCompile.arguments(replacing: link) == nil)
    #expect(WholeModuleCompile.arguments(replacing: clang) == nil)
    #expect(WholeModuleCompile.arguments(replacing: whole) == nil)
    #expect(WholeModuleCompile.arguments(replacing: []) == nil)
  }

  @Test func aDependencyFileNamesTheTargetsItsLinesStartWith() {
    let text = Data(
      """
      /b/Fixture.build/A.swift.o : /p/A.swift /p/B.swift /b/Fixture.build/C.swift.o
      /b/Fixture.build/My\\ File.swift.o : /p/A.swift /p/My\\ File.swift
      /b/Modules/Fixture.swiftmodule : /p/A.swift

      """.utf8)
    for target in [
      "/b/Fixture.build/A.swift.o", "/b/Fixture.build/My File.swift.o",
      "/b/Modules/Fixture.swiftmodule",
    ] {
      #expect(WholeModuleCompile.dependencyFile(text, names: target), "\(target)")
    }
    // Named only as a dependency, or only in part: not a target.
    for other in ["/b/Fixture.build/C.swift.o", "/p/A.swift", "Fixture.build/A.swift.o", "/b"] {
      #expect(!WholeModuleCompile.dependencyFile(text, names: other), "\(other)")
    }
  }

  /// A fake module of two sources, `A.swift` and `B.swift`, whose own dependency files are
  /// `age` seconds older than the sources (as a whole-module compile leaves them: it writes
  /// none), and the module's dependency file naming `named` objects, written `wholeAge` seconds
  /// before the sources (nil: none).
  struct FakeModule {
    let folder: URL
    let package: URL
    let scratch: URL
    var buildFiles: URL { scratch.appendingPathComponent("debug/Fixture.build") }

    init(named: [String], wholeAge: TimeInterval?, age: TimeInterval = 5) throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("whole-module-\(UUID().uuidString)")
      package = folder.appendingPathComponent("package")
      scratch = folder.appendingPathComponent("scratch")
      let manager = FileManager.default
      let sources = package.appendingPathComponent("Sources/Fixture")
      try manager.createDirectory(at: sources, withIntermediateDirectories: true)
      try manager.createDirectory(
        at: scratch.appendingPathComponent("debug/Fixture.build"), withIntermediateDirectories: true
      )
      var map: [String: [String: String]] = [:]
      let now = Date()
      for name in ["A", "B"] {
        let source = sources.appendingPathComponent("\(name).swift")
        try Data("let \(name.lowercased()) = 1\n".utf8).write(to: source)
        try manager.setAttributes([.modificationDate: now], ofItemAtPath: source.path)
        let own = scratch.appendingPathComponent("debug/Fixture.build/\(name).d")
        try Data().write(to: own)
        try manager.setAttributes(
          [.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: own.path)
        let object = scratch.appendingPathComponent("debug/Fixture.build/\(name).swift.o")
        try Data("object".utf8).write(to: object)
        map[source.path] = ["dependencies": own.path, "object": object.path]
      }
      try JSONSerialization.data(withJSONObject: map)
        .write(to: scratch.appendingPathComponent("debug/Fixture.build/output-file-map.json"))
      if let wholeAge {
        let whole = scratch.appendingPathComponent("debug/Fixture.build/Fixture.d")
        let text = named.map {
          scratch.appendingPathComponent("debug/Fixture.build/\($0).swift.o").path
            + " : " + sources.appendingPathComponent("A.swift").path + "\n"
        }.joined()
        try Data(text.utf8).write(to: whole)
        try manager.setAttributes(
          [.modificationDate: now.addingTimeInterval(-wholeAge)], ofItemAtPath: whole.path)
      }
    }

    var uncompiled: [String] {
      UncompiledSources.find(package: package, scratch: scratch).map(\.path)
    }
  }

  @Test func everySourceAWholeModuleCompileMadeAfterItWasWrittenIsCompiled() throws {
    let module = try FakeModule(named: ["A", "B"], wholeAge: -5)
    defer { try? FileManager.default.removeItem(at: module.folder) }
    #expect(module.uncompiled == [])
  }

  @Test func aSourceTheWholeModuleCompileDidNotMakeIsUncompiled() throws {
    let module = try FakeModule(named: ["A"], wholeAge: -5)
    defer { try? FileManager.default.removeItem(at: module.folder) }
    #expect(module.uncompiled == ["Sources/Fixture/B.swift"])
  }

  @Test func sourcesWrittenAfterTheWholeModuleCompileAreUncompiled() throws {
    let module = try FakeModule(named: ["A", "B"], wholeAge: 5)
    defer { try? FileManager.default.removeItem(at: module.folder) }
    #expect(module.uncompiled == ["Sources/Fixture/A.swift", "Sources/Fixture/B.swift"])
  }

  @Test func withoutAWholeModuleCompileEachSourceGoesByItsOwnDependencyFile() throws {
    let module = try FakeModule(named: [], wholeAge: nil, age: -5)
    defer { try? FileManager.default.removeItem(at: module.folder) }
    #expect(module.uncompiled == [])
    let stale = try FakeModule(named: [], wholeAge: nil, age: 5)
    defer { try? FileManager.default.removeItem(at: stale.folder) }
    #expect(stale.uncompiled == ["Sources/Fixture/A.swift", "Sources/Fixture/B.swift"])
  }

  @Test func aModuleCompiledWholeIsForgottenBeforeSwiftPMBuilds() throws {
    let module = try FakeModule(named: ["A", "B"], wholeAge: -5)
    defer { try? FileManager.default.removeItem(at: module.folder) }
    UncompiledSources.forgetWholeModuleCompiles(package: module.package, scratch: module.scratch)
    let left = try FileManager.default.contentsOfDirectory(atPath: module.buildFiles.path)
    #expect(left == ["output-file-map.json"])
  }

  /// The build folder holds other packages' modules too: their next build would find its
  /// outputs gone.
  @Test func anotherPackagesModuleCompiledWholeIsLeftAlone() throws {
    let module = try FakeModule(named: ["A", "B"], wholeAge: -5)
    defer { try? FileManager.default.removeItem(at: module.folder) }
    UncompiledSources.forgetWholeModuleCompiles(
      package: module.folder.appendingPathComponent("other"), scratch: module.scratch)
    let left = try FileManager.default.contentsOfDirectory(atPath: module.buildFiles.path)
    #expect(left.contains("A.swift.o") && left.contains("Fixture.d"))
  }

  /// `Fixture.swift`'s own dependency file has the name a whole-module compile's would: compiled
  /// in batches, it names that source's object alone, and the module is left as it is.
  @Test func aSourceNamedAfterItsModuleIsNotTakenForAWholeModuleCompile() throws {
    let module = try FakeModule(named: ["A"], wholeAge: -5)
    defer { try? FileManager.default.removeItem(at: module.folder) }
    let mapFile = module.buildFiles.appendingPathComponent("output-file-map.json")
    var map = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: mapFile))
        as? [String: [String: String]])
    let a = module.package.appendingPathComponent("Sources/Fixture/A.swift").path
    map[a]?["dependencies"] = module.buildFiles.appendingPathComponent("Fixture.d").path
    try JSONSerialization.data(withJSONObject: map).write(to: mapFile)
    UncompiledSources.forgetWholeModuleCompiles(package: module.package, scratch: module.scratch)
    let left = try FileManager.default.contentsOfDirectory(atPath: module.buildFiles.path)
    #expect(left.contains("A.swift.o") && left.contains("Fixture.d"))
  }
}
