import ExerciseModel
import Foundation
import Testing
import WorkshopFixtures

@testable import ExerciseEngine

/// The build runs outside the sandbox, so before every build the grader checks that the package
/// holds exactly what it assembled (a learner's test process once rewrote the assembled
/// solution tests, and the next learner's build used them).
@Suite struct PackageAssemblerTests {
  @Test func changedAddedAndRemovedFilesAreFound() throws {
    let layout = WorkspaceLayout(root: FixtureWorkspace.repository)
    let id = try #require(try layout.exerciseIDs().first)
    let assembler = PackageAssembler(sources: try ExerciseSources(id: id, layout: layout))
    let package = FileManager.default.temporaryDirectory
      .appendingPathComponent("assembled-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: package) }
    let tree = try assembler.assemble(.solution, into: package)
    #expect(assembler.verify(tree, in: package).isEmpty)

    let test = try #require(tree.files.keys.sorted().first { $0.hasPrefix("Tests/") })
    try Data("// every expectation holds\n".utf8).write(to: package.appendingPathComponent(test))
    try Data("import Testing\n".utf8).write(
      to: package.appendingPathComponent("Tests/Planted.swift"))
    let removed = try #require(tree.files.keys.sorted().first { $0.hasPrefix("Sources/") })
    try FileManager.default.removeItem(at: package.appendingPathComponent(removed))
    #expect(
      assembler.verify(tree, in: package) == [removed, test, "Tests/Planted.swift"].sorted())

    try assembler.assemble(.solution, into: package)
    #expect(assembler.verify(tree, in: package).isEmpty)
  }

  /// The assembled package compiles the learner's module with library evolution (the solution
  /// tests then depend on its interface alone); the learner's own package does not, so the
  /// compiler never warns them about it.
  @Test func onlyTheAssembledPackageCompilesTheModuleWithLibraryEvolution() throws {
    let layout = WorkspaceLayout(root: FixtureWorkspace.repository)
    let id = try #require(try layout.exerciseIDs().first)
    let sources = try ExerciseSources(id: id, layout: layout)
    let flags = ResilientModule.compilerFlags.map { "\"\($0)\"" }.joined(separator: ", ")
    let assembled = try #require(
      try PackageAssembler(sources: sources).tree(for: .solution).files["Package.swift"])
    #expect(String(decoding: assembled, as: UTF8.self).contains(".unsafeFlags([\(flags)])"))
    let learners = try #require(
      try PackageAssembler(sources: sources, shape: .learner).tree(for: .solution)
        .files["Package.swift"])
    #expect(!String(decoding: learners, as: UTF8.self).contains("unsafeFlags"))
    let exercise = try #require(try sources.generatedExercise().files["Package.swift"])
    #expect(!String(decoding: exercise, as: UTF8.self).contains("unsafeFlags"))
  }
}
