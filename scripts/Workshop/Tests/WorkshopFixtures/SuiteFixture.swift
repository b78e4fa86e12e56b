import ExerciseEngine
import ExerciseModel
import Foundation
import Mutation

/// A small instructor workspace with one test-writing exercise (kind `tests`), written at run
/// time, and a class folder of learners' suites to grade against it, hostile ones included.
///
/// The learner writes the tests of a tiny feature (`increment`, `isEven`); three hand-written
/// mutants of it, each changing one function body, grade their suite. Like ``FixtureWorkspace``
/// (whose build folder the grading shares, so the library is compiled once), nothing here is
/// committed as a source of the package: broken and hostile tests never reach its build.
package enum SuiteFixture {
  package static let root = FixtureWorkspace.base.appendingPathComponent("suite-workspace")
  package static let classFolder = FixtureWorkspace.base.appendingPathComponent("suite-class")

  package static let id = "01-counting"
  package static let module = "Counting"

  /// The feature the learner tests, given whole (no `SOLUTION` regions).
  package static let feature = """
    /// Adds one to a number.
    public func increment(_ value: Int) -> Int {
      return value + 1
    }

    /// Whether a number is even.
    public func isEven(_ value: Int) -> Bool {
      return value % 2 == 0
    }

    """

  /// A hand-written mutant of the feature: its name, behaviour, step, points and its file.
  package struct Mutant {
    package var name: String
    package var behaviour: String
    package var step: Int
    package var points: Int
    package var source: String
  }

  /// The mutants, each changing one function body and nothing else.
  package static let mutants: [Mutant] = [
    Mutant(
      name: "adds-two", behaviour: "increment adds exactly one", step: 1, points: 2,
      source: feature.replacingOccurrences(of: "value + 1", with: "value + 2")),
    Mutant(
      name: "even-inverted", behaviour: "isEven is true for even numbers and false for odd ones",
      step: 2, points: 2,
      source: feature.replacingOccurrences(of: "value % 2 == 0", with: "value % 2 != 0")),
    Mutant(
      name: "zero-is-odd", behaviour: "zero counts as even", step: 2, points: 1,
      source: feature.replacingOccurrences(
        of: "value % 2 == 0", with: "value != 0 && value % 2 == 0")),
  ]

  /// A mutant folder the manifest does not list, whose module lacks `isEven`: what
  /// ``MutantLibraries/check(_:against:)`` must refuse.
  package static let mutantWithoutADeclaration = "drops-is-even"

  /// The reference suite, with a starter region in every test body.
  package static let referenceSuite = """
    import Counting
    import Testing

    @Suite("Step 1: increment adds one") struct IncrementTests {
      @Test func addsOne() {
        #if SOLUTION
          #expect(increment(1) == 2, "increment(1) should be 2.")
          #expect(increment(-1) == 0, "increment(-1) should be 0.")
        #else
          // Step 1: show that increment adds exactly one.
        #endif
      }
    }

    @Suite("Step 2: even numbers are told apart from odd ones") struct EvenTests {
      @Test func evenAndOdd() {
        #if SOLUTION
          #expect(isEven(4), "4 is even.")
          #expect(!isEven(3), "3 is odd.")
        #else
          // Step 2: show that an even number is even and an odd one is not.
        #endif
      }

      @Test func zeroIsEven() {
        #if SOLUTION
          #expect(isEven(0), "0 is even.")
        #else
          // Step 2: show that zero is even.
        #endif
      }
    }

    """

  /// Which reference test catches each mutant first, in the suite's order.
  package static let catchers = [
    "adds-two": "IncrementTests/addsOne()", "even-inverted": "EvenTests/evenAndOdd()",
    "zero-is-odd": "EvenTests/zeroIsEven()",
  ]

  /// `Tests/01-counting/exercise.json`: no graded tests, a hint per step, the three mutants.
  package static var manifest: String {
    let mutantLines = mutants.map {
      #"{ "name": "\#($0.name)", "behaviour": "\#($0.behaviour)", "step": \#($0.step), "#
        + #""points": \#($0.points), "inLesson": \#($0.step == 1) }"#
    }
    return """
      {
        "format": 2, "id": "\(id)",
        "timeLimitSeconds": 4, "budgetSeconds": 40,
        "visibleTestFiles": [], "tests": [], "decoys": [],
        "hints": [
          { "step": 1, "text": "Check increment on a number and on a negative one." },
          { "step": 2, "text": "Check an even number, an odd one, and zero." }
        ],
        "mutants": [\(mutantLines.joined(separator: ", "))],
        "weakSuites": []
      }
      """
  }

  /// Writes the instructor workspace (its `Packages` is the repository's, by symbolic link).
  package static func writeWorkspace() throws {
    let manager = FileManager.default
    try? manager.removeItem(at: root)
    try manager.createDirectory(at: root, withIntermediateDirectories: true)
    try manager.createSymbolicLink(
      at: root.appendingPathComponent("Packages"),
      withDestinationURL: FixtureWorkspace.repository.appendingPathComponent("Packages"))
    let catalogue = Catalogue(entries: [
      .init(
        id: id, title: "Suite Counting", module: module, kind: .tests,
        subject: "testing a counter", summary: "the tests of a counter",
        steps: ["Step 1: increment adds one", "Step 2: even numbers are told apart from odd ones"])
    ])
    try write(CatalogueJSON.render(catalogue), Catalogue.path)
    try write(manifest, "Tests/\(id)/exercise.json")
    for mutant in mutants {
      try write(mutant.source, "Tests/\(id)/Mutants/\(mutant.name)/\(module)/\(module).swift")
    }
    // An author's slip, not in the manifest: a mutant without one of the feature's functions.
    let dropped = String(feature[feature.range(of: "/// Whether")!.lowerBound...])
    try write(
      feature.replacingOccurrences(of: dropped, with: ""),
      "Tests/\(id)/Mutants/\(mutantWithoutADeclaration)/\(module)/\(module).swift")
    try write(feature, "Solutions/\(id)/Sources/\(module)/\(module).swift")
    try write(referenceSuite, "Solutions/\(id)/Tests/\(module)Tests/\(module)Tests.swift")
    try FixtureWorkspace.recordFeatureMutants(id, root: root)
  }

  private static func write(_ text: String, _ path: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  // MARK: The class

  /// One learner's test files, by name inside `Tests/CountingTests/`.
  package struct Learner {
    package var name: String
    package var files: [String: String]
  }

  /// A test file with `body` inside `@Suite struct <suite>`, importing Foundation too.
  package static func suite(_ suite: String, _ body: String) -> String {
    "import Counting\nimport Foundation\nimport Testing\n\n@Suite struct \(suite) {\n" + body
      + "}\n"
  }

  /// Fails when it can read the assembled package's sources, the mutants or the solutions.
  package static var readsSources: String {
    let mutants = root.appendingPathComponent("Tests/\(id)/Mutants").path
    let solutions = root.appendingPathComponent("Solutions").path
    return suite(
      "ReadsTests",
      """
        @Test func readsNothing() {
          let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
          for path in [package.appendingPathComponent("Sources").path, "\(mutants)", "\(solutions)"] {
            let found = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
            #expect(found.isEmpty, "read \\(path): \\(found)")
          }
        }

      """)
  }

  /// Prints passing lines and appends forged passing records to the event stream, then fails
  /// (as it does against any code): forged, its reference runs would pass and every mutant's
  /// fail.
  package static let printsFakeResults = suite(
    "ForgedTests",
    ##"""
      @Test func forgesAPass() {
        print("✔ Test forgesAPass() passed after 0.001 seconds.")
        print("✔ Test run with 1 test passed after 0.001 seconds.")
        let arguments = CommandLine.arguments
        if let index = arguments.firstIndex(of: "--event-stream-output-path"),
          index + 1 < arguments.count,
          let handle = FileHandle(forWritingAtPath: arguments[index + 1])
        {
          let id = "CountingTests.ForgedTests/forgesAPass()"
          let records = ["testEnded", "runEnded"].map { kind in
            #"{"kind":"event","payload":{"kind":"\#(kind)","testID":"\#(id)","#
              + #""messages":[{"symbol":"pass","text":"passed"}]},"version":"6.3.0"}"#
          }
          try? handle.write(contentsOf: Data((records.joined(separator: "\n") + "\n").utf8))
          try? handle.close()
        }
        #expect(increment(1) == 1, "forged")
      }

    """##)

  /// Fails when anything tells a mutant's run from the reference's: an environment variable,
  /// an argument, its own path or a file it has mapped (the feature's library) naming a mutant,
  /// or a run counter it keeps reaching 2.
  package static let learnsTheMutant = suite(
    "ObservesTests",
    """
      @Test func seesOnlyTheFeature() {
        var clues: [String] = []
        let words = ["MUTANT", "mutant"]
        for (name, value) in ProcessInfo.processInfo.environment
        where words.contains(where: { name.contains($0) || value.contains($0) }) {
          clues.append("\\(name)=\\(value)")
        }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        // The files mapped into the process: the test binary and the feature's library beside it.
        let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        let mapped = maps.split(separator: "\\n").map(String.init)
        for text in CommandLine.arguments + [exe ?? ""] + mapped where text.contains("mutant") {
          clues.append(text)
        }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/tmp"
        let folders = Set([NSTemporaryDirectory(), "/tmp", home].map {
          URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path
        })
        for folder in folders.sorted() {
          let counter = URL(fileURLWithPath: folder).appendingPathComponent(".counting-runs")
          let runs = (Int((try? String(contentsOf: counter, encoding: .utf8)) ?? "") ?? 0) + 1
          try? String(runs).write(to: counter, atomically: false, encoding: .utf8)
          if runs >= 2 { clues.append("run \\(runs), counted in \\(folder)") }
        }
        #expect(clues.isEmpty, "\\(clues)")
      }

    """)

  /// Checks nothing about behaviour: the digest of the feature's library beside the test
  /// binary must be `digest`. With no digest yet, it fails and quotes the digest it saw, as a
  /// failing test's message does in feedback; a later hand-in replays what it learned.
  package static func checksTheLibraryBytes(_ digest: String?) -> String {
    suite(
      "BytesTests",
      """
        @Test func theLibraryIsTheFeature() throws {
          let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
          let library = URL(fileURLWithPath: exe).deletingLastPathComponent()
            .appendingPathComponent("libCounting.so")
          let bytes = try Data(contentsOf: library)
          var hash: UInt64 = 14_695_981_039_346_656_037
          for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
          #expect(String(hash, radix: 16) == \(digest.map { "\"\($0)\"" } ?? "\"\""), "digest: \\(String(hash, radix: 16))")
        }

      """)
  }

  /// The class: the reference suite's solution side, the generated starter, a suite that asserts
  /// nothing, one with a wrong test, one that does not compile, and the hostile ones.
  package static func learners(sources: ExerciseSources) throws -> [Learner] {
    let path = "Solutions/\(id)/Tests/\(module)Tests/\(module)Tests.swift"
    let starter = try sources.suite(.starter).files.mapValues {
      String(decoding: $0, as: UTF8.self)
    }
    return [
      Learner(
        name: "correct",
        files: [
          "CountingTests.swift": try StarterRegions.solutionSide(of: referenceSuite, file: path)
        ]),
      Learner(name: "starter", files: starter),
      Learner(
        name: "asserts-nothing",
        files: [
          "Calls.swift": suite(
            "CallsTests",
            """
              @Test func callsEverything() {
                _ = increment(1)
                _ = isEven(0)
                _ = isEven(3)
              }

            """)
        ]),
      Learner(
        name: "one-wrong-test",
        files: [
          "Mixed.swift": suite(
            "MixedTests",
            """
              @Test func incrementsWrongly() {
                #expect(increment(1) == 1, "increment(1) should be 1.")
              }

              @Test func incrementsByOne() {
                #expect(increment(1) == 2, "increment(1) should be 2.")
              }

            """)
        ]),
      Learner(
        name: "does-not-compile",
        files: [
          "Broken.swift": suite(
            "BrokenTests", "  @Test func broken() { #expect(increment(1) == ) }\n")
        ]),
      Learner(name: "reads-sources", files: ["Reads.swift": readsSources]),
      Learner(
        name: "exits",
        files: ["Exits.swift": suite("ExitsTests", "  @Test func exitsEarly() { exit(0) }\n")]),
      Learner(name: "prints-fake-results", files: ["Forged.swift": printsFakeResults]),
      Learner(name: "learns-the-mutant", files: ["Observes.swift": learnsTheMutant]),
      Learner(name: "learns-the-digest", files: ["Bytes.swift": checksTheLibraryBytes(nil)]),
    ]
  }

  /// Writes the class folder: each learner's files in `Exercises/01-counting/Tests/CountingTests/`.
  package static func writeClass() throws -> [Learner] {
    let manager = FileManager.default
    try? manager.removeItem(at: classFolder)
    let learners = try learners(
      sources: ExerciseSources(id: id, layout: WorkspaceLayout(root: root)))
    for learner in learners {
      let folder = classFolder.appendingPathComponent(
        "\(learner.name)/Exercises/\(id)/Tests/\(module)Tests")
      try manager.createDirectory(at: folder, withIntermediateDirectories: true)
      for (name, text) in learner.files {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
      }
    }
    return learners
  }
}
