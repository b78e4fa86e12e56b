import ExerciseEngine
import ExerciseModel
import Foundation

/// A small instructor workspace written at run time, with two exercises, and a class folder of
/// submissions to grade against it, hostile ones included.
///
/// Everything is generated here rather than committed, so that broken and hostile sources never
/// reach the repository's build or its format check. The workspace lives in
/// `.build-grade-tests/` at the repository root (ignored by git), so repeated runs reuse the
/// grader's build folder; a fresh clone builds it once.
package enum FixtureWorkspace {
  /// The repository root, found from this file's path.
  package static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  package static let base = repository.appendingPathComponent(".build-grade-tests")
  package static let root = base.appendingPathComponent("workspace")
  package static let classFolder = base.appendingPathComponent("class")
  package static let work = base.appendingPathComponent("work")

  package static let fixtureID = "01-fixture"
  package static let otherID = "02-other"

  // MARK: The instructor side

  package static let fixtureSolution = """
    /// Doubles a number.
    public func double(_ value: Int) -> Int {
      #if SOLUTION
        return value * 2
      #else
        // Return twice the value.
        return 0
      #endif
    }

    /// Greets someone by name.
    public func greet(_ name: String) -> String {
      #if SOLUTION
        return "Hello, \\(name)!"
      #else
        return ""
      #endif
    }

    """

  package static let fixtureVisibleTests = """
    import Fixture
    import Testing

    @Suite("Step 1: doubles and greets") struct VisibleTests {
      @Test func doubles() {
        #expect(double(2) == 4, "double(2) should be 4.")
      }

      @Test func greets() {
        #expect(greet("Ada") == "Hello, Ada!", "greet should say hello to Ada.")
      }
    }

    """

  package static let fixtureHiddenTests = """
    import Fixture
    import Testing

    @Suite struct HiddenTests {
      @Test func doublesNegatives() {
        let secretExpression = double(-3)
        #expect(secretExpression == -6, "Negative numbers double too.")
      }

      @Test(arguments: [1, 2, 3]) func doublesMany(value: Int) {
        #expect(double(value) == value + value)
      }
    }

    """

  package static let otherSolution = """
    /// Triples a number.
    public func triple(_ value: Int) -> Int {
      #if SOLUTION
        return value * 3
      #else
        return 0
      #endif
    }

    """

  package static let otherTests = """
    import Other
    import Testing

    @Suite struct TripleTests {
      @Test func triples() {
        #expect(triple(3) == 9, "triple(3) should be 9.")
      }
    }

    """

  /// The fixture exercise's decoys: name, misunderstanding, optional lesson step, source.
  package static let fixtureDecoys:
    [(name: String, misunderstanding: String, step: String?, source: String)] =
      [
        (
          "adds-two", "Adds two instead of multiplying by two.", nil,
          """
          public func double(_ value: Int) -> Int { value + 2 }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }

          """
        ),
        (
          "ignores-sign", "Doubles the size of a number and forgets its sign.",
          "Step 2: negative numbers",
          """
          public func double(_ value: Int) -> Int { abs(value) * 2 }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }

          """
        ),
        (
          "no-exclamation", "Greets without the exclamation mark.", nil,
          """
          public func double(_ value: Int) -> Int { value * 2 }
          public func greet(_ name: String) -> String { "Hello, \\(name)" }

          """
        ),
        (
          // Crashes where `ignores-sign` fails: the same test, told apart by how it ends.
          "traps-on-negatives", "Believes a negative number cannot be doubled, and stops on one.",
          nil,
          """
          public func double(_ value: Int) -> Int {
            precondition(value >= 0, "only natural numbers double")
            return value * 2
          }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }

          """
        ),
      ]

  /// What each fixture decoy fails, and how, worked out by hand from its source.
  package static let fixtureSignatures: [String: FailureSignature] = [
    "adds-two": FailureSignature(
      failed: ["HiddenTests/doublesNegatives()", "HiddenTests/doublesMany(value:)"]),
    "ignores-sign": FailureSignature(failed: ["HiddenTests/doublesNegatives()"]),
    "no-exclamation": FailureSignature(failed: ["VisibleTests/greets()"]),
    "traps-on-negatives": FailureSignature(crashed: ["HiddenTests/doublesNegatives()"]),
  ]

  package static func manifest(
    id: String, module: String, visible: String, tests: [(String, Int)],
    decoys: [(name: String, misunderstanding: String, step: String?)] = [
      ("a", "unused here", nil), ("b", "unused here", nil), ("c", "unused here", nil),
    ]
  ) -> String {
    let testLines = tests.map {
      #"{ "id": "\#($0.0)", "points": \#($0.1), "hint": "Hint for \#($0.0)." }"#
    }
    let decoyLines = decoys.map { decoy in
      #"{ "name": "\#(decoy.name)", "misunderstanding": "\#(decoy.misunderstanding)""#
        + (decoy.step.map { #", "lessonStep": "\#($0)""# } ?? "") + " }"
    }
    return """
      {
        "format": 2, "id": "\(id)",
        "timeLimitSeconds": 4, "budgetSeconds": 40,
        "executables": [], "visibleTestFiles": ["\(visible)"],
        "tests": [\(testLines.joined(separator: ", "))],
        "hints": ["one", "two", "three"],
        "decoys": [\(decoyLines.joined(separator: ", "))]
      }
      """
  }

  /// The instructor workspace, written once for every suite that uses it.
  package static let written = Task<Void, any Error> { try writeWorkspace() }

  /// The instructor workspace written, with its decoys' signatures (``decoySignatures(_:)``).
  package static let signed = Task<Void, any Error> {
    try await written.value
    let layout = WorkspaceLayout(root: root)
    try decoySignatures(layout).write(in: layout)
  }

  /// Writes the instructor workspace (its `Packages` is the repository's, by symbolic link).
  static func writeWorkspace() throws {
    let manager = FileManager.default
    try? manager.removeItem(at: root)
    try manager.createDirectory(at: root, withIntermediateDirectories: true)
    try manager.createSymbolicLink(
      at: root.appendingPathComponent("Packages"),
      withDestinationURL: repository.appendingPathComponent("Packages"))
    let catalogue = Catalogue(entries: [
      .init(id: fixtureID, title: "Fixture Fixture", module: "Fixture"),
      .init(id: otherID, title: "Fixture Other", module: "Other"),
    ])
    try write(CatalogueJSON.render(catalogue), Catalogue.path)
    try write(
      manifest(
        id: fixtureID, module: "Fixture", visible: "VisibleTests.swift",
        tests: [
          ("VisibleTests/doubles()", 2), ("VisibleTests/greets()", 2),
          ("HiddenTests/doublesNegatives()", 3), ("HiddenTests/doublesMany(value:)", 1),
        ],
        decoys: fixtureDecoys.map { ($0.name, $0.misunderstanding, $0.step) }),
      "Tests/\(fixtureID)/exercise.json")
    for decoy in fixtureDecoys {
      try write(decoy.source, "Tests/\(fixtureID)/Decoys/\(decoy.name)/Fixture/Fixture.swift")
    }
    try write(fixtureVisibleTests, "Tests/\(fixtureID)/FixtureTests/VisibleTests.swift")
    try write(fixtureHiddenTests, "Tests/\(fixtureID)/FixtureTests/HiddenTests.swift")
    try write(fixtureSolution, "Solutions/\(fixtureID)/Sources/Fixture/Fixture.swift")
    try write(
      manifest(
        id: otherID, module: "Other", visible: "TripleTests.swift",
        tests: [("TripleTests/triples()", 5)]),
      "Tests/\(otherID)/exercise.json")
    try write(otherTests, "Tests/\(otherID)/OtherTests/TripleTests.swift")
    try write(otherSolution, "Solutions/\(otherID)/Sources/Other/Other.swift")
  }

  private static func write(_ text: String, _ path: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// Whether this machine can sandbox test processes (Linux with user namespaces, and bwrap or
  /// unshare): elsewhere the class is graded unsandboxed, and says so.
  package static let sandboxAvailable =
    (try? Sandbox.choose(.automatic, scratch: base.appendingPathComponent("check-available")))?
    .sandbox != nil

  /// Processes alive now whose command line contains `marker`.
  package static func processes(containing marker: String) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { Int32($0) }.filter { pid in
      guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
        return false
      }
      return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
        .contains(marker)
    }
  }

  /// Every file below `folder`, with its kind, content (or link target), permissions and
  /// modification date: equal snapshots mean the folder was not touched.
  package static func snapshot(_ folder: URL) throws -> [String: String] {
    var result: [String: String] = [:]
    let manager = FileManager.default
    for path in try manager.subpathsOfDirectory(atPath: folder.path) {
      let full = folder.appendingPathComponent(path).path
      let attributes = try manager.attributesOfItem(atPath: full)
      let type = attributes[.type] as? FileAttributeType
      var description =
        "\(type?.rawValue ?? "?") \(attributes[.posixPermissions] ?? "") "
        + "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
      if type == .typeSymbolicLink {
        description += " -> " + (try manager.destinationOfSymbolicLink(atPath: full))
      } else if type == .typeRegular {
        description +=
          " " + (try Data(contentsOf: URL(fileURLWithPath: full))).base64EncodedString()
      }
      result[path] = description
    }
    return result
  }
}

extension FixtureWorkspace {
  /// Runs the mutation analysis of exercise `id`'s feature against its reference suite and
  /// records it (`suite-mutation.json`), as `scripts/exercises mutants` does: what grading a
  /// learner's suite reads its generated mutants from.
  /// It builds in the graders' folder (``work``), holding its lock as a grader does.
  package static func recordFeatureMutants(_ id: String, root: URL) throws {
    let lock = try WorkFolderLock.acquire(in: work) { _ in }
    defer { lock.release() }
    let layout = WorkspaceLayout(root: root)
    let report = try Engine(layout: layout, work: work)
      .analyseMutations(id, subject: .feature, jobs: 2)
    try report.write(in: layout)
  }
}

extension FixtureWorkspace {
  /// The signature of each decoy of the fixture exercise, from one run of the solution tests
  /// against it, built in the graders' folder (``work``) while holding its lock: what
  /// `scripts/exercises signatures` records, for grading with diagnoses.
  static func decoySignatures(_ layout: WorkspaceLayout) throws -> DecoySignatures {
    let lock = try WorkFolderLock.acquire(in: work) { _ in }
    defer { lock.release() }
    let sources = try ExerciseSources(id: fixtureID, layout: layout)
    let engine = Engine(layout: layout, work: work)
    try engine.prepareBuildFolders()
    var signatures = DecoySignatures(exercise: fixtureID, decoys: [:])
    for decoy in sources.manifest.decoys {
      let folder = work.appendingPathComponent("signatures/\(decoy.name)")
      guard case .tested(let runs) = try engine.test(.decoy(decoy.name), of: sources, in: folder)
      else { throw WorkshopError("decoy \(decoy.name) of the fixture does not compile") }
      signatures.decoys[decoy.name] = FailureSignature(
        sources.manifest.tests.map { TestResult($0, outcome: runs[0].outcomes[$0.id]) })
    }
    return signatures
  }
}
