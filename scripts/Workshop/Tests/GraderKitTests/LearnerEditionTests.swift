import ExerciseModel
import Foundation
import Testing
import WorkshopFixtures

@testable import GraderKit

/// `scripts/grade handout`: the learner edition holds the learner's side and nothing of the
/// instructor's, is a git repository, and is proven before it is written.
@Suite struct LearnerEditionTests {
  let base = FileManager.default.temporaryDirectory
    .appendingPathComponent("learner-edition-\(UUID().uuidString)")
  var instructor: URL { base.appendingPathComponent("workspace") }
  var edition: URL { base.appendingPathComponent("edition") }

  /// A copy of the fixture workspace (two exercises, hidden tests, decoys) with what an edition
  /// takes besides: a library, the tools' files, the learners' README.
  func makeWorkspace() async throws -> WorkspaceLayout {
    try await FixtureWorkspace.written.value
    let manager = FileManager.default
    try manager.createDirectory(at: instructor, withIntermediateDirectories: true)
    for folder in ["Exercises", "Solutions", "Tests"] {
      try manager.copyItem(
        at: FixtureWorkspace.root.appendingPathComponent(folder),
        to: instructor.appendingPathComponent(folder))
    }
    let files = [
      "Packages/Lib/Sources/Lib/Lib.swift": "public let library = 1\n",
      "scripts/learn": "#!/bin/sh\n", "scripts/grade": "#!/bin/sh\n",
      "scripts/lib/workshop.sh": "# the tool\n",
      "scripts/Workshop/Package.swift": "// swift-tools-version: 6.1\n",
      "scripts/Workshop/Sources/workshop/main.swift": "print(\"tool\")\n",
      "scripts/Workshop/Tests/Fixtures/Fixture.swift": "let fixture = 1\n",
      "scripts/batch/github-classroom.yml": "name: Autograding Tests\n",
      "Learners.md": "# The course\n", ".gitignore": ".build/\n", ".swift-format": "{}\n",
      "Exercises/README.md": "# Exercises\n",
      "Exercises/\(FixtureWorkspace.fixtureID)/README.md": "# Doubling\n\n1. **Step 1: double.**\n",
    ]
    for (path, text) in files {
      let url = instructor.appendingPathComponent(path)
      try manager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    for script in ["scripts/learn", "scripts/grade"] {
      try manager.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: instructor.appendingPathComponent(script).path)
    }
    return WorkspaceLayout(root: instructor)
  }

  func text(_ path: String) throws -> String {
    try String(contentsOf: edition.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func holdsTheLearnersSideAndNothingOfTheInstructors() async throws {
    defer { try? FileManager.default.removeItem(at: base) }
    let layout = try await makeWorkspace()
    let commit = try LearnerEdition(layout: layout).write(to: edition)
    #expect(commit.count == 40)
    let manager = FileManager.default
    #expect(manager.fileExists(atPath: edition.appendingPathComponent(".git").path))
    #expect(!manager.fileExists(atPath: edition.appendingPathComponent("Solutions").path))
    let id = FixtureWorkspace.fixtureID
    #expect(!manager.fileExists(atPath: edition.appendingPathComponent("Tests/\(id)/Decoys").path))
    #expect(
      !manager.fileExists(
        atPath: edition.appendingPathComponent("Tests/\(id)/FixtureTests/HiddenTests.swift").path))
    #expect(try text("README.md") == "# The course\n")
    #expect(try text(".github/workflows/classroom.yml") == "name: Autograding Tests\n")
    #expect(manager.isExecutableFile(atPath: edition.appendingPathComponent("scripts/learn").path))
    // The manifest names the visible tests only, and no decoy.
    let manifest = try text("Tests/\(id)/exercise.json")
    #expect(manifest.contains("VisibleTests/doubles()"))
    #expect(!manifest.contains("HiddenTests") && !manifest.contains("adds-two"))
    // The starter stands where the solution was, with no line of the answer.
    let starter = try text("Tests/\(id)/Starter/Sources/Fixture/Fixture.swift")
    #expect(starter.contains("#if SOLUTION") && starter.contains("// Return twice the value."))
    #expect(!starter.contains("value * 2"))
    // The tools read it as a workspace, and would reset each exercise to its starter.
    let learner = WorkspaceLayout(root: edition)
    #expect(learner.isLearnerEdition && !layout.isLearnerEdition)
    let handedOut = try ExerciseSources(id: id, layout: learner)
    #expect(
      try handedOut.starterModule() == ExerciseSources(id: id, layout: layout).starterModule())
    #expect(try ExerciseWriter(layout: learner).drift(id).isEmpty)
    #expect(
      handedOut.manifest.tests.map(\.id) == ["VisibleTests/doubles()", "VisibleTests/greets()"])
    // Without the file that marks it, the tools say what is missing, not that a solution is.
    try FileManager.default.removeItem(
      at: edition.appendingPathComponent(WorkspaceLayout.learnerEditionMarker))
    #expect {
      try ExerciseSources(id: id, layout: WorkspaceLayout(root: edition))
    } throws: { error in
      "\(error)".contains("looks like a learner edition")
        && "\(error)".contains("git checkout -- Tests/LEARNER-EDITION.md")
    }
  }

  @Test func findsAnAnswerLineOrAnInstructorsFilePlantedInIt() async throws {
    defer { try? FileManager.default.removeItem(at: base) }
    let layout = try await makeWorkspace()
    // The library may share a line with an answer (the first exercises rebuild it): there, and
    // only there, it is no leak.
    try Data("func twice(_ value: Int) -> Int {\n  return value * 2\n}\n".utf8).write(
      to: instructor.appendingPathComponent("Packages/Lib/Sources/Lib/Lib.swift"))
    let handout = LearnerEdition(layout: layout)
    try handout.write(to: edition)
    #expect(try handout.leaks(in: edition).isEmpty)
    let id = FixtureWorkspace.fixtureID
    // An answer line, in a file the learner never looks at.
    let notes = edition.appendingPathComponent("scripts/lib/notes.txt")
    try Data("see:\n    return value * 2\n".utf8).write(to: notes)
    // A hidden test's line, and a decoy's folder.
    let decoy = edition.appendingPathComponent("Tests/\(id)/Decoys/adds-two/Fixture/Fixture.swift")
    try FileManager.default.createDirectory(
      at: decoy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("let secretExpression = double(-3)\n".utf8).write(to: decoy)
    let leaks = try handout.leaks(in: edition)
    #expect(
      leaks.contains(
        "scripts/lib/notes.txt:2 has `return value * 2`, a line of "
          + "Solutions/\(id)/Sources/Fixture/Fixture.swift"), "\(leaks)")
    #expect(
      leaks.contains(
        "Tests/\(id)/Decoys/adds-two/Fixture/Fixture.swift:1 has `let secretExpression = "
          + "double(-3)`, a line of the hidden test file Tests/\(id)/FixtureTests/HiddenTests.swift"
      ),
      "\(leaks)")
    #expect(leaks.contains("Tests/\(id)/Decoys/adds-two/Fixture/Fixture.swift is the instructor's"))
  }

  @Test func neverWritesIntoAFolderThatHoldsSomething() async throws {
    defer { try? FileManager.default.removeItem(at: base) }
    let layout = try await makeWorkspace()
    let mine = edition.appendingPathComponent("mine.txt")
    try FileManager.default.createDirectory(at: edition, withIntermediateDirectories: true)
    try Data("keep me".utf8).write(to: mine)
    #expect {
      try LearnerEdition(layout: layout).write(to: edition)
    } throws: { error in
      "\(error)".contains("exists and is not empty")
    }
    #expect(try String(contentsOf: mine, encoding: .utf8) == "keep me")
    #expect(try FileManager.default.contentsOfDirectory(atPath: edition.path) == ["mine.txt"])
    // Nor from an edition: it has no answers to hand out.
    try LearnerEdition(layout: layout).write(to: base.appendingPathComponent("first"))
    #expect(throws: WorkshopError.self) {
      try LearnerEdition(layout: WorkspaceLayout(root: base.appendingPathComponent("first")))
        .write(to: base.appendingPathComponent("second"))
    }
  }

  /// A lesson mutant is handed out only where the lesson gives the feature: where the learner
  /// writes it, every mutant is the reference feature with a bug.
  @Test func handsOutTheLessonsMutantsOfAGivenFeatureOnly() {
    let mutants = [
      ManifestMutant(name: "lesson", behaviour: "b", step: 1, points: 1, inLesson: true),
      ManifestMutant(name: "hidden", behaviour: "b", step: 1, points: 1),
    ]
    func manifest(_ kind: Catalogue.Kind) -> ExerciseManifest {
      var manifest = ExerciseManifest(
        entry: .init(id: "13-x", module: "X", kind: kind, steps: ["Step 1: s"]),
        timeLimitSeconds: 5, visibleTestFiles: [], tests: [], hints: [], decoys: [])
      manifest.mutants = mutants
      return manifest
    }
    #expect(LearnerEdition.shippedMutants(manifest(.tests)).map(\.name) == ["lesson"])
    #expect(LearnerEdition.shippedMutants(manifest(.both)).isEmpty)
  }
}
