import ExerciseModel
import Foundation
import Testing

@testable import LearnKit

/// Where the learner writes the feature and its tests, their tests meet the lesson's mutants
/// as the visible tests ran them, linked against the reference feature and each mutant, when
/// nothing can tell that build from another; else they are compiled again with the reference
/// feature, as the grader does. Either way the verdicts are the grader's.
extension LessonMutantTests {
  /// The learner's feature: the lesson's, plus a type whose private state the reference's
  /// `Counter` lacks (another layout), and what `extra` adds.
  static func learnersFeature(greeting: String = "Hello", extra: String = "") -> String {
    """
    public func double(_ value: Int) -> Int { value * 2 }
    public func greet(_ name: String) -> String { "\(greeting), \\(name)!" }
    public struct Counter {
      private var history: [Int] = [7, 8, 9]
      public private(set) var count = 0
      public init() {}
      public mutating func bump() {
        count += 1
        history.append(count)
      }
    }
    \(extra)

    """
  }

  /// The learner's tests: doubling, greeting as `greeting` says, counting, and `extra`.
  static func learnersTests(
    greeting: String = "Hello", header: String = "import Steps", extra: String = ""
  ) -> String {
    """
    \(header)
    import Testing

    @Suite("Step 1: doubling") struct MyDoublingTests {
      @Test func doubling() { #expect(double(2) == 4) }
      @Test func counting() {
        var counter = Counter()
        counter.bump()
        counter.bump()
        #expect(counter.count == 2)
      }
      \(extra)
    }

    @Suite("Step 2: greeting") struct MyGreetingTests {
      @Test func greetsAda() { #expect(greet("Ada") == "\(greeting), Ada!") }
    }

    """
  }

  /// A both-kind fixture whose reference feature has `Counter` too, with the learner's
  /// `feature` and `tests`.
  func sharingFixture(_ name: String, feature: String, tests: String) throws -> LearnFixture {
    let fixture = try fixture(name, kind: .both, tests: tests)
    let reference =
      Self.feature + """
        public struct Counter {
          public private(set) var count = 0
          public init() {}
          public mutating func bump() { count += 1 }
        }

        """
    for path in [
      "Solutions/\(Self.id)/Sources/Steps/Steps.swift",
      "Tests/\(Self.id)/Mutants/doubles-thrice/Steps/Steps.swift",
    ] {
      let text =
        path.contains("Mutants")
        ? reference.replacingOccurrences(of: "value * 2", with: "value * 3")
        : reference
      try Data(text.utf8).write(to: fixture.root.appendingPathComponent(path))
    }
    try Data(feature.utf8).write(to: fixture.stepsFile)
    return fixture
  }

  func runs(_ fixture: LearnFixture) -> URL {
    fixture.root.appendingPathComponent(".build-learn/runs/\(Self.id)")
  }

  /// A feature with other private state than the reference's: the tests are not compiled
  /// again, and run against the reference feature's build without harm.
  @Test func testsRunAsTheyWereBuiltAgainstAFeatureWithOtherPrivateState() throws {
    let fixture = try sharingFixture(
      "lesson-sharing", feature: Self.learnersFeature(), tests: Self.learnersTests())
    let report = try fixture.workspace().check(Self.id)
    let failing = report.lines.filter { !$0.passed }.map(\.test.key)
    #expect(failing.isEmpty, "\(failing)")
    #expect(try mutantLine(report).passed)
    let runs = runs(fixture)
    #expect(FileManager.default.fileExists(atPath: runs.appendingPathComponent("shared-0").path))
    #expect(
      !FileManager.default.fileExists(atPath: runs.appendingPathComponent("suite").path),
      "not compiled again")

    // The next checks meet the mutants beside the visible run: a test that fails against the
    // learner's feature still decides the check, and the mutants' lines come back once the
    // tests pass again.
    let mine = fixture.layout.exercise(Self.id).appendingPathComponent(
      "Tests/StepsTests/MyTests.swift")
    try Data(
      Self.learnersTests(
        extra: "@Test func wrongCount() { var c = Counter(); c.bump(); #expect(c.count == 3) }"
      ).utf8
    ).write(to: mine)
    let wrong = try fixture.workspace().check(Self.id)
    #expect(wrong.lines.contains { $0.test.key.hasSuffix("wrongCount()") && !$0.passed })
    #expect(!wrong.lines.contains { $0.test.key.hasPrefix("mutant ") })
    try Data(Self.learnersTests(greeting: "Hello").utf8).write(to: mine)
    #expect(try mutantLine(try fixture.workspace().check(Self.id)).passed)
    let weak = Self.learnersTests().replacingOccurrences(
      of: "double(2) == 4", with: "double(0) == 0")
    try Data(weak.utf8).write(to: mine)
    #expect(try !mutantLine(try fixture.workspace().check(Self.id)).passed)
  }

  /// The feature is compiled with library evolution after SwiftPM's first build, every file of
  /// the package again: a test file that mentions XCTest (which only SwiftPM's builds can
  /// follow when it changes) does not keep it from being done directly.
  @Test func aTestFileThatMentionsXCTestDoesNotKeepTheFeatureFromEvolution() throws {
    let fixture = try sharingFixture(
      "lesson-sharing", feature: Self.learnersFeature(),
      tests: Self.learnersTests(header: "import Steps\n// Swift Testing, not XCTest."))
    let report = try fixture.workspace().check(Self.id)
    #expect(try mutantLine(report).passed)
    #expect(
      FileManager.default.fileExists(atPath: runs(fixture).appendingPathComponent("shared-0").path))
    #expect(
      !FileManager.default.fileExists(atPath: runs(fixture).appendingPathComponent("suite").path))
  }

  /// A test that passes against the learner's feature but not against the reference one is
  /// wrong, found from the shared build as from a second compile.
  @Test func aTestOfTheLearnersOwnBehaviourIsWrongWithoutASecondCompile() throws {
    let fixture = try sharingFixture(
      "lesson-sharing", feature: Self.learnersFeature(greeting: "Hi"),
      tests: Self.learnersTests(greeting: "Hi"))
    let report = try fixture.workspace().check(Self.id)
    let line = try #require(
      report.lines.first { $0.test.key == "mutant tests-with-the-reference-feature" },
      "\(report.lines.map(\.test.key))")
    #expect(!line.passed)
    let explanation = line.outcome.explanation ?? ""
    #expect(explanation.contains("pass against your feature but not against the reference one"))
    #expect(explanation.contains("MyGreetingTests/greetsAda()"), "\(explanation)")
    #expect(!explanation.contains("counting"), "\(explanation)")
    #expect(
      !FileManager.default.fileExists(atPath: runs(fixture).appendingPathComponent("suite").path))
  }

  /// What the shared build cannot answer for is compiled again: a testable import (it reaches
  /// internal types by layout), an attribute that copies the learner's code into the tests, and
  /// a test of something only the learner's feature declares.
  @Test(arguments: [
    ("@testable import Steps", "", "", "@testable"),
    (
      "import Steps", "@inlinable public func half(_ value: Int) -> Int { value / 2 }", "",
      "@inlinable"
    ),
    (
      "import Steps", "public func triple(_ value: Int) -> Int { value * 3 }",
      "@Test func tripling() { #expect(triple(2) == 6) }", "which .reference does not define"
    ),
  ])
  func whatTheSharedBuildCannotAnswerForIsCompiledAgain(
    header: String, featureExtra: String, testExtra: String, reason: String
  ) throws {
    let fixture = try sharingFixture(
      "lesson-sharing",
      feature: Self.learnersFeature(extra: featureExtra),
      tests: Self.learnersTests(header: header, extra: testExtra))
    let report = try fixture.workspace().check(Self.id)
    let log = try String(
      contentsOf: runs(fixture).appendingPathComponent("shared-tests.log"), encoding: .utf8)
    #expect(log.contains(reason), "\(log)")
    #expect(
      FileManager.default.fileExists(atPath: runs(fixture).appendingPathComponent("suite").path))
    if testExtra.isEmpty {
      #expect(try mutantLine(report).passed)
    } else {
      let line = try #require(
        report.lines.first { $0.test.key == "mutant tests-with-the-reference-feature" })
      #expect(
        line.outcome.explanation?.contains("do not compile with the reference feature") == true)
    }
  }
}
