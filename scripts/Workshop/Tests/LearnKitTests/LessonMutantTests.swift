import ExerciseModel
import Foundation
import Testing

@testable import LearnKit

/// Where the learner writes tests of a given feature, `scripts/learn check` runs their passing
/// tests against the lesson's mutants: each is a line of its step, passed once a test catches
/// it. Real builds, of a fixture whose feature doubles a number and whose one mutant triples.
@Suite(.serialized) struct LessonMutantTests {
  static let id = LearnFixture.stepsID

  /// The feature the learner tests, as given: no starter regions.
  static let feature = """
    public func double(_ value: Int) -> Int { value * 2 }
    public func greet(_ name: String) -> String { "Hello, \\(name)!" }

    """

  /// A fixture whose first exercise is of `kind` (`tests` or `both`), with one lesson mutant,
  /// whose learner's package holds the feature and only `tests` (the lesson's file removed, so
  /// only these can catch).
  func fixture(_ name: String, kind: Catalogue.Kind = .tests, tests: String) throws
    -> LearnFixture
  {
    let fixture = try LearnFixture(name)
    let layout = fixture.layout
    var entries = LearnFixture.entries
    entries[0].steps = ["Step 1: doubling", "Step 2: greeting"]
    entries[0].kind = kind
    try Data(CatalogueJSON.render(Catalogue(entries: entries)).utf8).write(to: layout.catalogueURL)
    let manifest = layout.manifestURL(Self.id)
    let text = try String(contentsOf: manifest, encoding: .utf8)
    try Data(
      text.replacingOccurrences(
        of: #""hints": ["#,
        with: #"""
          "mutants": [{ "name": "doubles-thrice", "behaviour": "doubling doubles, never triples",
            "step": 1, "points": 1, "inLesson": true }],
          "hints": [
          """#
      ).utf8
    ).write(to: manifest)
    let files: [String: String] = [
      "Solutions/\(Self.id)/Sources/Steps/Steps.swift": Self.feature,
      "Solutions/\(Self.id)/Tests/StepsTests/ReferenceTests.swift": """
      import Steps
      import Testing

      @Suite("Step 1: doubling") struct ReferenceTests {
        @Test func doublesTwo() { #expect(double(2) == 4) }
      }

      """,
      "Tests/\(Self.id)/Mutants/doubles-thrice/Steps/Steps.swift": Self.feature
        .replacingOccurrences(
          of: "value * 2", with: "value * 3"),
    ]
    for (path, text) in files {
      let url = fixture.root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      if (try? Data(contentsOf: url)) != Data(text.utf8) { try Data(text.utf8).write(to: url) }
    }
    let package = layout.exercise(Self.id)
    try Data(Self.feature.utf8).write(to: fixture.stepsFile)
    let testFolder = package.appendingPathComponent("Tests/StepsTests")
    for name in try FileManager.default.contentsOfDirectory(atPath: testFolder.path) {
      try FileManager.default.removeItem(at: testFolder.appendingPathComponent(name))
    }
    try Data(tests.utf8).write(to: testFolder.appendingPathComponent("MyTests.swift"))
    return fixture
  }

  static func tests(doubling expectation: String) -> String {
    """
    import Steps
    import Testing

    @Suite("Step 1: doubling") struct MyDoublingTests {
      @Test func doubling() { #expect(\(expectation)) }
    }

    @Suite("Step 2: greeting") struct MyGreetingTests {
      @Test func greetsAda() { #expect(greet("Ada") == "Hello, Ada!") }
    }

    """
  }

  /// Where the learner writes the feature too, the verdicts on their tests are kept while the
  /// tests stay the same: a save of the feature alone does not grade them again.
  @Test func aSuitesVerdictsAreKeptWhileItsTestsStayTheSame() throws {
    let fixture = try fixture(
      "lesson-sharing", kind: .both, tests: Self.tests(doubling: "double(2) == 4"))
    let workspace = fixture.workspace()
    #expect(try mutantLine(try workspace.check(Self.id)).passed)
    let grading = fixture.root.appendingPathComponent(".build-learn/runs/\(Self.id)/shared-0")
    #expect(FileManager.default.fileExists(atPath: grading.path), "the suite was graded")
    try FileManager.default.removeItem(at: grading)

    let handle = try FileHandle(forWritingTo: fixture.stepsFile)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("// the feature saved again\n".utf8))
    try handle.close()
    #expect(try mutantLine(try workspace.check(Self.id)).passed)
    #expect(!FileManager.default.fileExists(atPath: grading.path), "not graded again")

    let mine = fixture.layout.exercise(Self.id).appendingPathComponent(
      "Tests/StepsTests/MyTests.swift")
    try Data(Self.tests(doubling: "double(0) == 0").utf8).write(to: mine)
    #expect(try !mutantLine(try workspace.check(Self.id)).passed)
    #expect(FileManager.default.fileExists(atPath: grading.path), "new tests: graded again")
  }

  func mutantLine(_ report: ExerciseReport) throws -> ExerciseReport.Line {
    try #require(report.lines.first { $0.test.key == "mutant doubles-thrice" }, "\(report.lines)")
  }

  @Test func aTestThatChecksTheValueCatchesTheMutantAndAWeakOneDoesNot() throws {
    let strong = try fixture("lesson-mutants", tests: Self.tests(doubling: "double(2) == 4"))
    let workspace = strong.workspace()
    let caught = try workspace.check(Self.id)
    #expect(
      caught.lines.filter { !$0.passed }.isEmpty, "\(caught.lines.map { ($0.test.key, $0.passed) })"
    )
    #expect(try mutantLine(caught).test.steps == [1])

    // The feature did not change: its library is kept, not linked again, after a save.
    let library = strong.root.appendingPathComponent(
      ".build-learn/linked/\(Self.id)/products/libSteps.so")
    let linkedAt =
      try FileManager.default.attributesOfItem(atPath: library.path)[.modificationDate]
      as? Date
    let mine = strong.layout.exercise(Self.id).appendingPathComponent(
      "Tests/StepsTests/MyTests.swift")
    let handle = try FileHandle(forWritingTo: mine)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("// saved again\n".utf8))
    try handle.close()
    let again = try workspace.check(Self.id)
    #expect(try mutantLine(again).passed)
    #expect(
      try FileManager.default.attributesOfItem(atPath: library.path)[.modificationDate] as? Date
        == linkedAt)

    // A test that passes whatever doubling does catches nothing.
    try Data(Self.tests(doubling: "double(0) == 0").utf8).write(to: mine)
    let missed = try mutantLine(try workspace.check(Self.id))
    #expect(!missed.passed)
    #expect(
      missed.outcome.explanation?.contains(
        "Every one of your tests passes against a feature that gets this wrong: doubling "
          + "doubles, never triples.") == true, "\(missed.outcome)")
  }
}
