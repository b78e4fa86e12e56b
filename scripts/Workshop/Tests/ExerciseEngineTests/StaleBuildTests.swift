import ExerciseModel
import Foundation
import Testing
import WorkshopFixtures

@testable import ExerciseEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SwiftPM now and then takes a source rewritten just after the previous build for unchanged,
/// and the next learner is graded on the previous learner's test binary (measured: 5 wrong
/// scores in about 2,250 builds). Every build is checked for sources it left uncompiled.
@Suite struct StaleBuildTests {
  /// A fake package and build folder: one source per module, each with its dependency file.
  func fakeBuild(dependencyFileAge: TimeInterval, map: Bool = true) throws -> (URL, URL) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("uncompiled-\(UUID().uuidString)")
    let package = folder.appendingPathComponent("package")
    let scratch = folder.appendingPathComponent("scratch")
    let source = package.appendingPathComponent("Sources/Fixture/Fixture.swift")
    let moduleFiles = scratch.appendingPathComponent("debug/Fixture.build")
    try FileManager.default.createDirectory(
      at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: moduleFiles, withIntermediateDirectories: true)
    try Data("public func f() {}\n".utf8).write(to: source)
    let dependencies = moduleFiles.appendingPathComponent("Fixture.d")
    try Data().write(to: dependencies)
    if map {
      let entries = [source.path: ["dependencies": dependencies.path, "object": "unused.o"]]
      try JSONSerialization.data(withJSONObject: entries)
        .write(to: moduleFiles.appendingPathComponent("output-file-map.json"))
    }
    let written = try #require(
      try FileManager.default.attributesOfItem(atPath: source.path)[.modificationDate] as? Date)
    try FileManager.default.setAttributes(
      [.modificationDate: written.addingTimeInterval(-dependencyFileAge)],
      ofItemAtPath: dependencies.path)
    return (package, scratch)
  }

  @Test func aSourceCompiledAfterItWasWrittenIsFine() throws {
    let (package, scratch) = try fakeBuild(dependencyFileAge: -5)
    defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
    #expect(UncompiledSources.find(package: package, scratch: scratch).isEmpty)
  }

  @Test func aSourceWrittenAfterItsLastCompileIsFound() throws {
    let (package, scratch) = try fakeBuild(dependencyFileAge: 5)
    defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
    #expect(
      UncompiledSources.find(package: package, scratch: scratch)
        == [.init(path: "Sources/Fixture/Fixture.swift", buildFiles: "Fixture.build")])
  }

  @Test func aSourceWhoseDependencyFileIsMissingIsFound() throws {
    let (package, scratch) = try fakeBuild(dependencyFileAge: -5)
    defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
    try FileManager.default.removeItem(
      at: scratch.appendingPathComponent("debug/Fixture.build/Fixture.d"))
    #expect(
      UncompiledSources.find(package: package, scratch: scratch)
        == [.init(path: "Sources/Fixture/Fixture.swift", buildFiles: "Fixture.build")])
  }

  /// A learner's stray file in a folder that is no target: SwiftPM compiles nothing there.
  @Test func aSourceNoOutputFileMapNamesIsNotCompiledByAnyone() throws {
    let (package, scratch) = try fakeBuild(dependencyFileAge: 5, map: false)
    defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
    #expect(UncompiledSources.find(package: package, scratch: scratch).isEmpty)
  }

  /// A real stale build, made on purpose: after a correct learner's build, the starter's source
  /// is written with the correct one's modification time, so SwiftPM takes it for unchanged;
  /// its dependency file is then dated before it, as when SwiftPM skips a source rewritten
  /// after the previous build. The check must build again and test the starter's code.
  @Test func aStaleBuildIsBuiltAgainAndTheNewCodeIsTested() async throws {
    try await FixtureWorkspace.written.value
    let lock = try WorkFolderLock.acquire(in: FixtureWorkspace.work) { _ in }
    defer { lock.release() }
    let learners = try LearnerAfterLearner(
      folder: FixtureWorkspace.fixtureID, logs: "stale-build-test", directRebuild: false)
    let (run, package, scratch, logs) = (
      learners.run, learners.package, learners.scratch, learners.logs
    )
    let (sources, correct, starter) = (learners.sources, learners.correct, learners.starter)
    let failed = learners.failed

    #expect(failed(try run.run(correct) { _ in logs.appendingPathComponent("correct") }) == [])

    let source = package.appendingPathComponent("Sources/Fixture/Fixture.swift")
    let correctTime = try modificationTime(source)
    try PackageAssembler(sources: sources).assemble(starter, into: package)
    try setModificationTime(source, to: correctTime)
    let dependencies = scratch.appendingPathComponent("debug/Fixture.build/Fixture.d")
    try setModificationTime(dependencies, to: timespec(tv_sec: correctTime.tv_sec - 1, tv_nsec: 0))

    let outcome = try run.run(starter) { _ in logs.appendingPathComponent("starter") }
    let log = try String(contentsOf: run.buildLog, encoding: .utf8)
    let parts = log.components(separatedBy: "workshop: the build did not compile ")
    try #require(parts.count == 2, "the stale build was not noticed:\n\(log)")
    #expect(
      !parts[0].contains("Compiling Fixture Fixture.swift"),
      "SwiftPM was meant to skip the source the first time:\n\(log)")
    #expect(parts[1].hasPrefix("Sources/Fixture/Fixture.swift"))
    #expect(parts[1].contains("Compiling Fixture Fixture.swift"))
    #expect(
      failed(outcome).contains("VisibleTests/doubles()"),
      "the starter's code, not the correct learner's, is tested")
    #expect(UncompiledSources.find(package: package, scratch: scratch).isEmpty)
  }

  /// The same learner after learner, built directly (``DirectRebuild``): the starter written
  /// with the correct learner's very date is compiled all the same, because a direct rebuild
  /// goes by content.
  @Test func aDirectRebuildGoesByContentNotByDate() async throws {
    try await FixtureWorkspace.written.value
    let lock = try WorkFolderLock.acquire(in: FixtureWorkspace.work) { _ in }
    defer { lock.release() }
    let learners = try LearnerAfterLearner(
      folder: "direct-\(FixtureWorkspace.fixtureID)", logs: "direct-rebuild-test",
      directRebuild: true)
    let (run, package, logs) = (learners.run, learners.package, learners.logs)
    let (sources, correct, starter) = (learners.sources, learners.correct, learners.starter)
    let failed = learners.failed

    // The first build of the folder is SwiftPM's, the next ones direct.
    #expect(failed(try run.run(starter) { _ in logs.appendingPathComponent("first") }) != [])
    #expect(failed(try run.run(correct) { _ in logs.appendingPathComponent("correct") }) == [])
    let source = package.appendingPathComponent("Sources/Fixture/Fixture.swift")
    let correctTime = try modificationTime(source)
    try PackageAssembler(sources: sources).assemble(starter, into: package, forSwiftPM: false)
    try setModificationTime(source, to: correctTime)

    let outcome = try run.run(starter) { _ in logs.appendingPathComponent("starter") }
    let log = try String(contentsOf: run.buildLog, encoding: .utf8)
    #expect(!log.contains("Build complete!"), "SwiftPM built it:\n\(log)")
    #expect(log.contains("Compiling Swift Module 'Fixture'"), "nothing was compiled:\n\(log)")
    #expect(
      failed(outcome).contains("VisibleTests/doubles()"),
      "the starter's code, not the correct learner's, is tested")
  }

  /// The grader compiles a module whole after the folder's first build, and SwiftPM builds it
  /// again when a learner adds a file. A whole-module compile puts some of a module's code in
  /// other objects than a compile in batches does (a default argument's generator goes with
  /// its first caller, not its declaration), so SwiftPM must not compile only the changed files
  /// and link them with the objects the whole-module compile left: it compiles the module from
  /// clean.
  @Test func aSwiftPMBuildAfterAWholeModuleCompileCompilesTheModuleFromClean() async throws {
    try await FixtureWorkspace.written.value
    let lock = try WorkFolderLock.acquire(in: FixtureWorkspace.work) { _ in }
    defer { lock.release() }
    let learners = try LearnerAfterLearner(
      folder: "whole-\(FixtureWorkspace.fixtureID)", logs: "whole-module-test",
      directRebuild: true)
    let (run, logs, failed) = (learners.run, learners.logs, learners.failed)
    let helper = Data(
      "func scaled(_ value: Int, by factor: Int = 2) -> Int { value * factor }\n".utf8)
    func learner(_ note: String, extra: Bool = false) -> SourceVariant {
      var files = [
        "Fixture.swift": Data(
          """
          public func double(_ value: Int) -> Int { scaled(value) }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }
          // \(note)

          """.utf8),
        "Scaling.swift": helper,
      ]
      if extra { files["Extra.swift"] = Data("let extra = 1\n".utf8) }
      return .learner(SourceTree(files: files))
    }

    #expect(failed(try run.run(learner("first")) { _ in logs.appendingPathComponent("1") }) == [])
    let direct = try run.run(learner("second")) { _ in logs.appendingPathComponent("2") }
    let directLog = try String(contentsOf: run.buildLog, encoding: .utf8)
    #expect(!directLog.contains("Build complete!"), "SwiftPM built it:\n\(directLog)")
    #expect(failed(direct) == [])
    let added = try run.run(learner("third", extra: true)) { _ in logs.appendingPathComponent("3") }
    let addedLog = try String(contentsOf: run.buildLog, encoding: .utf8)
    #expect(addedLog.contains("Build complete!"), "a new file is SwiftPM's to build:\n\(addedLog)")
    #expect(failed(added) == [], "\(addedLog)")
  }

  func modificationTime(_ url: URL) throws -> timespec {
    var info = stat()
    try #require(stat(url.path, &info) == 0)
    #if canImport(Darwin)
      return info.st_mtimespec
    #else
      return info.st_mtim
    #endif
  }

  func setModificationTime(_ url: URL, to time: timespec) throws {
    let times = [time, time]
    try #require(utimensat(AT_FDCWD, url.path, times, 0) == 0)
  }
}

/// The fixture exercise graded learner after learner in one package folder, as the grader does:
/// its run, and the correct and the starter learners' files.
private struct LearnerAfterLearner {
  let sources: ExerciseSources
  let package: URL
  let scratch: URL
  let logs: URL
  let run: ExercisePipeline
  let correct: SourceVariant
  let starter: SourceVariant

  /// - Parameters:
  ///   - folder: the package folder's name under the fixture's `packages/`.
  ///   - logs: the name of the folder the run's build log and tests go to (emptied first).
  init(folder: String, logs: String, directRebuild: Bool) throws {
    let layout = WorkspaceLayout(root: FixtureWorkspace.root)
    sources = try ExerciseSources(id: FixtureWorkspace.fixtureID, layout: layout)
    let work = FixtureWorkspace.work
    package = work.appendingPathComponent("packages/\(folder)")
    scratch = work.appendingPathComponent("scratch")
    self.logs = work.appendingPathComponent(logs)
    try? FileManager.default.removeItem(at: self.logs)
    run = ExercisePipeline(
      sources: sources, package: package, scratch: scratch,
      products: self.logs.appendingPathComponent("products"),
      buildLog: self.logs.appendingPathComponent("build.log"), directRebuild: directRebuild)
    correct = .learner(SourceTree(files: ["Fixture.swift": Data(FixtureClass.correctFixture.utf8)]))
    let starterFile = try sources.starterModule().files["Fixture.swift"]
    starter = .learner(SourceTree(files: ["Fixture.swift": try #require(starterFile)]))
  }

  /// The tests that did not pass (one line when it did not build).
  func failed(_ outcome: Engine.TestOutcome) -> [String] {
    guard case .tested(let runs) = outcome else { return ["(did not build)"] }
    return runs[0].outcomes.filter { $0.value.status != .passed }.map(\.key).sorted()
  }
}
