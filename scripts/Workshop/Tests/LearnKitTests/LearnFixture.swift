import ExerciseModel
import Foundation
import LearnKit

/// A small learner's workspace written at run time: two exercises with steps, lessons, hints
/// and manifests, and a stand-in `Dependencies` package so the real `swift` builds the tests
/// make stay small (the tool builds whatever `Exercises/<id>/Package.swift` names; the library's
/// size does not matter to it).
///
/// Each test suite gets its own workspace folder under `.build-learn-tests/` at the repository
/// root (ignored by git), so suites running in parallel never share learner files; the build
/// folder inside it is kept from run to run, so only the first run builds from nothing.
struct LearnFixture {
  /// The repository root, found from this file's path.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let stepsID = "01-steps"
  static let moreID = "02-more"
  static let comingID = "03-coming"

  /// The catalogue of the fixture: two exercises and one not written yet.
  static let entries: [Catalogue.Entry] = [
    .init(id: stepsID, title: "Fixture Steps", module: "Steps", subject: "doubling and greeting"),
    .init(id: moreID, title: "Fixture More", module: "More", subject: "tripling"),
    .init(id: comingID, title: "Coming", module: "Coming", subject: "something for later"),
  ]

  let root: URL

  /// Writes a fresh workspace named `name` (learner files at their starter, no state), keeping
  /// its build folders.
  init(_ name: String) throws {
    root = Self.repository.appendingPathComponent(".build-learn-tests/\(name)")
    let manager = FileManager.default
    try manager.createDirectory(at: root, withIntermediateDirectories: true)
    // Everything but the build folder starts over; unchanged files keep their dates (so the
    // kept build folder stays valid).
    for name in try manager.contentsOfDirectory(atPath: root.path)
    where !["Packages", "Exercises", "Solutions", "Tests", ".build-learn"].contains(name) {
      try manager.removeItem(at: root.appendingPathComponent(name))
    }
    let learn = root.appendingPathComponent(".build-learn")
    // The build folders stay: the learner's, the lesson mutants' and the suites' (what they
    // hold is built again when its files change).
    for name in (try? manager.contentsOfDirectory(atPath: learn.path)) ?? []
    where !["scratch", "mutants-scratch", "scratch-suites"].contains(name) {
      try manager.removeItem(at: learn.appendingPathComponent(name))
    }
    let instructor = SourceTree(files: Self.instructorFiles)
    for part in ["Packages", "Tests", "Solutions"] {
      try instructor.subtree(part).write(to: root.appendingPathComponent(part))
    }
    let catalogue = Data(CatalogueJSON.render(Catalogue(entries: Self.entries)).utf8)
    if (try? Data(contentsOf: layout.catalogueURL)) != catalogue {
      try manager.createDirectory(at: layout.exercises, withIntermediateDirectories: true)
      try catalogue.write(to: layout.catalogueURL)
    }
    let generator = ExerciseWriter(layout: layout)
    for id in [Self.stepsID, Self.moreID] {
      try generator.generate(id)
      let lesson = layout.exercise(id).appendingPathComponent("README.md")
      if (try? Data(contentsOf: lesson)) != Data(Self.lessons[id]!.utf8) {
        try Data(Self.lessons[id]!.utf8).write(to: lesson)
      }
      for extra in (try? manager.contentsOfDirectory(atPath: layout.exercise(id).path)) ?? []
      where !["Package.swift", "Sources", "Tests", "README.md", ".build"].contains(extra) {
        try manager.removeItem(at: layout.exercise(id).appendingPathComponent(extra))
      }
    }
  }

  var layout: WorkspaceLayout { WorkspaceLayout(root: root) }

  /// The learner's view, with the catalogue read from `Exercises/catalogue.json`.
  func workspace() -> LearnerWorkspace { LearnerWorkspace(root: root) }

  /// Replaces the learner's `Steps.swift` with `source`.
  func writeSteps(_ source: String) throws {
    try Data(source.utf8).write(to: stepsFile)
  }

  var stepsFile: URL {
    layout.exercise(Self.stepsID).appendingPathComponent("Sources/Steps/Steps.swift")
  }

  // MARK: Learner sources

  static let stepOneDone = """
    public func double(_ value: Int) -> Int { value * 2 }
    public func greet(_ name: String) -> String { "" }

    """

  static let allDone = """
    public func double(_ value: Int) -> Int { value * 2 }
    public func greet(_ name: String) -> String { "Hello, \\(name)!" }

    """

  static let compileError = """
    public func double(_ value: Int) -> Int { value * }
    public func greet(_ name: String) -> String { "" }

    """

  static let crashInStepTwo = """
    public func double(_ value: Int) -> Int { value * 2 }
    public func greet(_ name: String) -> String { fatalError("not written yet") }

    """

  static let hangInStepTwo = """
    public func double(_ value: Int) -> Int { value * 2 }
    public func greet(_ name: String) -> String {
      var spins = 0
      while !name.isEmpty { spins = (spins &+ 1) & 0xff }
      return "\\(spins)"
    }

    """

  static let moreDone = "public func triple(_ value: Int) -> Int { value * 3 }\n"

  // MARK: Instructor files

  static let stepsSolution = """
    /// Doubles a number.
    public func double(_ value: Int) -> Int {
      #if SOLUTION
        return value * 2
      #else
        // Step 1: return twice the value.
        return 0
      #endif
    }

    /// Greets someone by name.
    public func greet(_ name: String) -> String {
      #if SOLUTION
        return "Hello, \\(name)!"
      #else
        // Step 2: say hello.
        return ""
      #endif
    }

    """

  static let stepsVisibleTests = """
    import Steps
    import Testing

    @Suite("Step 1: doubling") struct DoublingTests {
      @Test func doublesTwo() {
        #expect(double(2) == 4, "double(2) should be 4: return value * 2.")
      }

      @Test func doublesZero() {
        #expect(double(0) == 0)
      }
    }

    @Suite("Step 2: greeting") struct GreetingTests {
      @Test func greetsAda() {
        #expect(greet("Ada") == "Hello, Ada!", "greet should say hello to Ada.")
      }
    }

    @Suite("The app: both together") struct AppTests {
      @Test func greetsTheDouble() {
        #expect(greet(String(double(21))) == "Hello, 42!", "The app greets 42.")
      }
    }

    """

  static let stepsHiddenTests = """
    import Steps
    import Testing

    @Suite struct EdgeTests {
      @Test func doublesNegatives() {
        #expect(double(-3) == -6, "Negative numbers double too.")
      }
    }

    """

  static let moreSolution = """
    /// Triples a number.
    public func triple(_ value: Int) -> Int {
      #if SOLUTION
        return value * 3
      #else
        // Step 1: return three times the value.
        return 0
      #endif
    }

    """

  static let moreTests = """
    import More
    import Testing

    @Suite(.serialized) struct MoreTests {}

    extension MoreTests {
      @Suite("Steps 1 and 2: tripling") struct TriplingTests {
        @Test func triplesThree() {
          #expect(triple(3) == 9, "triple(3) should be 9.")
        }
      }
    }

    """

  static let lessons: [String: String] = [
    stepsID: """
    # 01 · Steps

    Some words.

    1. Not a step: a list in the introduction.

    ## Steps

    Each `// Step N:` comment marks where the step's code goes.

    1. **Double** (`double`). Return twice the value:
       `value * 2`.
    2. **Greet** (`greet`). Return `"Hello, \\(name)!"`.

    ## Running the tests

    ```sh
    swift test
    ```

    """,
    moreID: """
    # 02 · More

    ## What to build

    ```swift
    public func triple(_ value: Int) -> Int
    ```

    1. **Step 1, triple.** Multiply by three.
    2. **Step 2, nothing more.** Check it.

    ## Running the tests

    1. Not a step either.

    """,
  ]

  static func manifest(id: String, module: String, visible: String, tests: [String]) -> String {
    let testLines = tests.map { #"{ "id": "\#($0)", "points": 1, "hint": "Hint for \#($0)." }"# }
    return """
      {
        "format": 2, "id": "\(id)",
        "timeLimitSeconds": 3, "budgetSeconds": 120,
        "executables": [], "visibleTestFiles": ["\(visible)"],
        "tests": [\(testLines.joined(separator: ", "))],
        "hints": ["First, gentle.", "Second, closer.", "Third, the answer."],
        "decoys": [
          { "name": "a", "misunderstanding": "unused here" },
          { "name": "b", "misunderstanding": "unused here" },
          { "name": "c", "misunderstanding": "unused here" }
        ]
      }
      """
  }

  /// A stand-in for the workspace's library: the two products an exercise package uses, empty.
  static let stubPackage = """
    // swift-tools-version: 6.1
    import PackageDescription

    let package = Package(
      name: "Dependencies",
      products: [
        .library(name: "Dependencies", targets: ["Dependencies"]),
        .library(name: "DependenciesTestSupport", targets: ["DependenciesTestSupport"]),
      ],
      targets: [.target(name: "Dependencies"), .target(name: "DependenciesTestSupport")],
      swiftLanguageModes: [.v6]
    )

    """

  static let instructorFiles: [String: Data] = [
    "Packages/Dependencies/Package.swift": stubPackage,
    "Packages/Dependencies/Sources/Dependencies/Dependencies.swift": "public enum Stub {}\n",
    "Packages/Dependencies/Sources/DependenciesTestSupport/Support.swift":
      "public enum SupportStub {}\n",
    "Tests/\(stepsID)/exercise.json": manifest(
      id: stepsID, module: "Steps", visible: "StepsLessonTests.swift",
      tests: [
        "DoublingTests/doublesTwo()", "DoublingTests/doublesZero()", "GreetingTests/greetsAda()",
        "AppTests/greetsTheDouble()", "EdgeTests/doublesNegatives()",
      ]),
    "Tests/\(stepsID)/StepsTests/StepsLessonTests.swift": stepsVisibleTests,
    "Tests/\(stepsID)/StepsTests/StepsEdgeTests.swift": stepsHiddenTests,
    "Solutions/\(stepsID)/Sources/Steps/Steps.swift": stepsSolution,
    "Tests/\(moreID)/exercise.json": manifest(
      id: moreID, module: "More", visible: "MoreTests.swift",
      tests: ["MoreTests/TriplingTests/triplesThree()"]),
    "Tests/\(moreID)/MoreTests/MoreTests.swift": moreTests,
    "Solutions/\(moreID)/Sources/More/More.swift": moreSolution,
  ].mapValues { Data($0.utf8) }
}
