import ExerciseModel
import Foundation
import Testing

@Suite struct StepProgressTests {
  static let solution = """
    public func resolve() -> Int {
      #if SOLUTION
        return 42
      #else
        // Step 1: read the forced value first.
        // Step 3: then fall back to detection.
        return 0
      #endif
    }

    public func report() {
      #if SOLUTION
        print("reported")
      #else
        // Steps 2 and 4: report, then (Step 9 is only mentioned here) carry on.
      #endif
    }
    """

  @Test func eachRegionKnowsItsStarterTextAndTheStepsItsCommentsLabel() throws {
    let regions = try StarterRegions.starterRegions(fromSolution: Self.solution, file: "A.swift")
    #expect(regions.map(\.steps) == [[1, 3], [2, 4]])
    #expect(
      regions[0].text
        == "  // Step 1: read the forced value first.\n  // Step 3: then fall back to detection.\n"
        + "  return 0")
  }

  func started(_ learner: String?) throws -> Set<Int> {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("steps-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let entry = Catalogue.Entry(
      id: "05-steps", title: "Steps", module: "Steps", subject: "steps",
      steps: ["Step 1: a", "Step 2: b", "Step 3: c", "Step 4: d"])
    let files: [String: String] = [
      Catalogue.path: CatalogueJSON.render(Catalogue(entries: [entry])),
      "Tests/05-steps/exercise.json": """
      { "format": 2, "id": "05-steps", "timeLimitSeconds": 10, "visibleTestFiles": ["A.swift"],
        "tests": [{ "id": "S/a()", "points": 1, "hint": "a" }], "hints": ["h"], "decoys": [] }
      """,
      "Tests/05-steps/StepsTests/A.swift": "// tests\n",
      "Solutions/05-steps/Sources/Steps/A.swift": Self.solution,
    ]
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let sources = try ExerciseSources(id: "05-steps", layout: WorkspaceLayout(root: root))
    let module = SourceTree(files: learner.map { ["A.swift": Data($0.utf8)] } ?? [:])
    return try sources.startedSteps(in: module)
  }

  @Test func theStarterHasStartedNothingAndAChangedRegionStartsItsSteps() throws {
    let starter = try StarterRegions.starter(fromSolution: Self.solution, file: "A.swift")
    #expect(try started(starter) == [])
    // Re-indented, the starter is still the starter.
    let reindented = starter.replacingOccurrences(of: "  return 0", with: "      return 0")
    #expect(try started(reindented) == [])
    let firstDone = starter.replacingOccurrences(of: "  return 0", with: "  return 42")
    #expect(try started(firstDone) == [1, 3])
    let secondDone = starter.replacingOccurrences(
      of: "  // Steps 2 and 4: report, then (Step 9 is only mentioned here) carry on.",
      with: "  print(\"reported\")")
    #expect(try started(secondDone) == [2, 4])
    #expect(try started(nil) == [1, 2, 3, 4])
  }

  func test(_ id: String, _ status: TestStatus, steps: [Int]) -> TestResult {
    TestResult(
      id: id, isVisible: true, status: status, message: nil, location: nil, points: 0,
      maximumPoints: 1, hint: nil, steps: steps)
  }

  @Test func progressCountsEachStepsTestsAndNamesTheNextStep() {
    let tests = [
      test("A/one()", .passed, steps: [1]), test("A/two()", .passed, steps: [1, 2]),
      test("B/three()", .failed, steps: [3]), test("B/four()", .passed, steps: [3]),
      test("Hidden/five()", .failed, steps: []),
    ]
    let titles = ["Step 1: read", "Step 2: report", "Step 3: fall back", "Step 4: carry on"]
    let steps = StepProgress.steps(titles: titles, tests: tests, started: [1])
    #expect(steps.map(\.passed) == [2, 1, 1, 0])
    #expect(steps.map(\.total) == [2, 1, 2, 0])
    // Started: its code changed (step 1), or some of its tests pass (steps 2 and 3).
    #expect(steps.map(\.started) == [true, true, true, false])
    #expect(StepProgress.next(in: steps) == 3)
    #expect(StepProgress.summary(steps) == "Steps 1\u{2013}2 pass; next: Step 3: fall back.")
    #expect(
      StepProgress.summary(StepProgress.steps(titles: titles, tests: [], started: []))
        == "The tests of every step pass.")
    // Hidden edge cases belong to no step: when they fail, the sentence does not say all is well.
    #expect(
      StepProgress.summary(
        StepProgress.steps(titles: titles, tests: [], started: []), otherFailures: 2)
        == "The tests of every step pass; 2 other tests fail (below).")
    let first = StepProgress.steps(
      titles: titles, tests: [test("A/one()", .failed, steps: [1])], started: [])
    #expect(StepProgress.summary(first) == "Next: Step 1: read.")
    #expect(StepProgress.summary([]) == nil)
  }

  @Test func aPassingTestStartsOnlyAStepWithNoCodeOfItsOwn() {
    // Step 3's test passes with the code of steps 1 and 2 alone; step 4 has nothing to write.
    let tests = [
      test("A/one()", .passed, steps: [1]), test("C/three()", .passed, steps: [3]),
      test("C/other()", .failed, steps: [3]), test("D/four()", .passed, steps: [4]),
    ]
    let titles = ["Step 1: a", "Step 2: b", "Step 3: c", "Step 4: d"]
    let steps = StepProgress.steps(
      titles: titles, tests: tests, started: [1], coded: [1, 2, 3])
    #expect(steps.map(\.started) == [true, false, false, true])
  }
}
