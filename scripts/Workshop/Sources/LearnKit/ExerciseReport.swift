import ExerciseEngine
import ExerciseModel
import Foundation

/// What one check of an exercise found: the learner's package did not compile, or each visible
/// test's outcome, sorted into the lesson's steps.
///
/// The learner tool shows only the **focus**: the lowest step with a failing test (tests in a
/// suite without a step, such as "The app: …", come after every numbered step).
///
/// ```swift
/// if let focus = report.focus {
///   print(focus.title, focus.failing.map(\.test.name))
/// }
/// ```
public struct ExerciseReport: Sendable {
  /// One visible test and how its run ended.
  public struct Line: Sendable {
    public var test: ListedTest
    public var outcome: TestRunner.Outcome

    public init(test: ListedTest, outcome: TestRunner.Outcome) {
      self.test = test
      self.outcome = outcome
    }

    /// Whether the test passed.
    public var passed: Bool { outcome.status == .passed }
  }

  /// How the check ended.
  public enum Result: Sendable {
    /// The package did not compile: the compiler's errors, the learner's files first
    /// (`Sources/<Module>/File.swift:3:5: error: …`).
    case compileError([String])
    /// The tests ran: every visible test, in learning order.
    case tested([Line])
    /// The package built, but its test process ended before any test ran (while loading):
    /// what happened, in plain words.
    case failedToStart(String)
  }

  /// The tests of the lowest failing step.
  public struct Focus: Sendable {
    /// The step shown, or nil for tests in a suite without a step (after every step).
    public var step: Int?
    /// The steps the focused suites name (`[1, 2]` for "Steps 1 and 2: …"): the lesson text
    /// shown is theirs.
    public var steps: [Int]
    /// The display names of the focused suites, such as `Step 3: the message`.
    public var titles: [String]
    /// The failing tests of that step.
    public var failing: [Line]
    /// How many tests that step has.
    public var total: Int
  }

  public var id: String
  public var title: String
  public var result: Result
  /// For a compile error: the line of code the first error points at, with a caret under its
  /// column, read when the error was seen.
  public var sourceExcerpt: [String] = []
  /// The lesson's steps (its words for each).
  public var lesson: LessonParagraphs
  /// Seconds spent building and running the tests.
  public var buildSeconds: Double
  public var testSeconds: Double
  /// Where the learner writes tests: a step is judged by the lesson's mutants its tests catch
  /// (lines whose key starts with `mutant `) and by the learner's tests that fail against the
  /// feature, never by the learner's own tests passing (an empty test passes too).
  public var judgedByMutants = false
  /// Where the learner writes sources too (kind `both`): the lesson's own test files, whose
  /// passing tests do say a step's code works (the learner's tests do not).
  public var lessonTestFiles: Set<String> = []
  /// How many mutants count in grading, the lesson's included: the rest are named only there.
  public var gradedMutantCount = 0
  /// How many generated mutants of the feature grade the learner's tests too (none when the
  /// workspace holds no record of them).
  public var generatedBugCount = 0
  /// Whether the feature the learner's tests run against is given, correct (kind `tests`):
  /// then a test of theirs that fails is at fault, as grading counts it.
  public var featureIsGiven = false
  /// Whether the workspace is a learner edition (``WorkspaceLayout/isLearnerEdition``): the
  /// mutants beyond the lesson's, and all of them where the learner writes the feature too, are
  /// the instructor's, so the screen says the instructor's grade judges the rest.
  public var inLearnerEdition = false
  /// The learner's tests that passed but hold no expectation (``TestExpectations``): they fail
  /// here, as tests that check nothing yet, not as tests at fault.
  public var checkingNothing: Set<String> = []

  public init(
    id: String, title: String, result: Result, lesson: LessonParagraphs, buildSeconds: Double = 0,
    testSeconds: Double = 0
  ) {
    self.id = id
    self.title = title
    self.result = result
    self.lesson = lesson
    self.buildSeconds = buildSeconds
    self.testSeconds = testSeconds
  }

  /// Every visible test's line; empty when the package did not compile.
  public var lines: [Line] {
    if case .tested(let lines) = result { return lines }
    return []
  }

  /// Whether the package compiled.
  public var compiles: Bool {
    if case .compileError = result { return false }
    return true
  }

  /// Whether every visible test passed (and there was at least one).
  public var passes: Bool { compiles && !lines.isEmpty && lines.allSatisfy(\.passed) }

  /// How many numbered steps the exercise has: the lesson's list, or the highest step a suite
  /// names if that is higher.
  public var stepCount: Int {
    max(lesson.count, lines.compactMap { $0.test.steps.last }.max() ?? 0)
  }

  /// Each numbered step with whether its tests pass (nil when no test names it), then the
  /// suites without a step.
  public var stepStatuses: [(step: Int, passed: Bool?)] {
    guard stepCount > 0 else { return [] }
    return (1...stepCount).map { step in
      let tests = lines.filter {
        $0.test.steps.contains(step)
          && (!judgedByMutants || $0.test.key.hasPrefix("mutant ") || !$0.passed
            || lessonTestFiles.contains($0.test.file))
      }
      return (step, tests.isEmpty ? nil : tests.allSatisfy(\.passed))
    }
  }

  /// The lines of the lesson's mutants, once the learner's tests have met them (only when every
  /// test passes).
  public var mutantLines: [Line] { lines.filter { $0.test.key.hasPrefix("mutant ") } }

  /// Suites without a step, in order, with whether their tests pass.
  public var otherSuites: [(name: String, passed: Bool)] {
    var names: [String] = []
    for line in lines where line.test.steps.isEmpty {
      let name = line.test.suite ?? "Tests outside any suite"
      if !names.contains(name) { names.append(name) }
    }
    return names.map { name in
      let tests = lines.filter {
        $0.test.steps.isEmpty && ($0.test.suite ?? "Tests outside any suite") == name
      }
      return (name, tests.allSatisfy(\.passed))
    }
  }

  /// The lowest failing step's tests; nil when every test passed or nothing compiled.
  public var focus: Focus? {
    let failing = lines.filter { !$0.passed }
    guard !failing.isEmpty else { return nil }
    if let step = failing.compactMap(\.test.firstStep).min() {
      let focused = failing.filter { $0.test.steps.contains(step) }
      return Focus(
        step: step,
        steps: Array(Set(focused.flatMap(\.test.steps))).sorted(),
        titles: unique(focused.compactMap(\.test.suite)),
        failing: focused,
        total: lines.filter { $0.test.steps.contains(step) }.count)
    }
    let suite = failing[0].test.suite
    let focused = failing.filter { $0.test.suite == suite }
    return Focus(
      step: nil, steps: [], titles: [suite ?? "Tests outside any suite"], failing: focused,
      total: lines.filter { $0.test.steps.isEmpty && $0.test.suite == suite }.count)
  }

  /// Tests that crashed or hung outside the focus: they are named even while a lower step
  /// fails, because a crash hides what the code did.
  public var crashesElsewhere: [Line] {
    let shown = Set((focus?.failing ?? []).map(\.test.key))
    return lines.filter {
      ($0.outcome.status == .crashed || $0.outcome.status == .timedOut)
        && !shown.contains($0.test.key)
    }
  }

  /// A short status: "visible tests pass", "step 3 of 7", "does not compile".
  public var statusText: String {
    if !compiles { return "does not compile" }
    if case .failedToStart = result { return "tests could not start" }
    if lines.isEmpty { return "no visible tests found" }
    guard let focus else { return "visible tests pass" }
    if let step = focus.step { return "step \(step) of \(stepCount)" }
    return "steps done; \(focus.titles.first ?? "other tests") failing"
  }
}

private func unique(_ values: [String]) -> [String] {
  var seen = Set<String>()
  return values.filter { seen.insert($0).inserted }
}
