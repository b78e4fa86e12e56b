import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

@Suite struct DiagnosisRuleTests {
  /// Twelve tests, `T/t0()` … `T/t11()`.
  let tests = (0..<12).map { "T/t\($0)()" }

  func set(_ indices: [Int]) -> Set<String> { Set(indices.map { tests[$0] }) }

  func match(_ failing: [Int], _ signatures: [[Int]]) -> (index: Int, match: Diagnosis.Match)? {
    DiagnosisRule.bestMatch(
      FailureSignature(failed: set(failing)), testCount: tests.count,
      signatures: signatures.map { FailureSignature(failed: set($0)) })
  }

  /// A run or a decoy that fails `failed`, crashes in `crashed` and times out in `timedOut`.
  func run(_ failed: [Int], crashed: [Int] = [], timedOut: [Int] = []) -> FailureSignature {
    FailureSignature(failed: set(failed), crashed: set(crashed), timedOut: set(timedOut))
  }

  func match(_ run: FailureSignature, _ signatures: [FailureSignature]) -> (
    index: Int, match: Diagnosis.Match
  )? {
    DiagnosisRule.bestMatch(run, testCount: tests.count, signatures: signatures)
  }

  @Test func theSameFailingTestsMatchExactly() throws {
    let best = try #require(match([1, 2, 3], [[4, 5], [1, 2, 3], [1, 2]]))
    #expect(best.index == 1 && best.match == .exact)
  }

  @Test func passingAndFailingEverythingAreNeverDiagnosed() {
    #expect(match([], [[1], []]) == nil)
    #expect(match(Array(0..<12), [Array(0..<12), Array(0..<11)]) == nil)
  }

  @Test func aDecoyFailingEverythingOrNothingMatchesNobody() {
    #expect(match(Array(0..<11), [Array(0..<12)]) == nil)
    #expect(match([0], [[]]) == nil)
  }

  @Test func oneExtraFailureIsACloseMatch() throws {
    // 4 shared of 5: 80 %; one extra failure of the 8 tests the decoy passes.
    let best = try #require(match([0, 1, 2, 3, 9], [[0, 1, 2, 3]]))
    #expect(best.index == 0 && best.match == .close)
    // One test of the signature passing is close too.
    #expect(match([0, 1, 2], [[0, 1, 2, 3]])?.match == .close)
  }

  @Test func tooFewSharedTestsIsNoMatch() {
    // 2 shared of 3: below three quarters.
    #expect(match([0, 1, 5], [[0, 1]]) == nil)
    #expect(match([0], [[0, 1]]) == nil)
  }

  @Test func aNearlyEmptyAttemptGetsNoCloseMatch() {
    // Passes 2 of 12 tests (under a quarter): only an exact match would do.
    let failing = Array(0..<10)
    #expect(match(failing, [Array(0..<9)]) == nil)
    #expect(match(failing, [failing])?.match == .exact)
  }

  @Test func exactBeatsCloseAndTiesGoToTheFirstDecoy() throws {
    let exact = try #require(match([0, 1, 2, 3], [[0, 1, 2, 3, 4], [0, 1, 2, 3]]))
    #expect(exact.index == 1 && exact.match == .exact)
    let tie = try #require(match([0, 1, 2], [[0, 1, 2], [0, 1, 2]]))
    #expect(tie.index == 0)
    // Two close matches: the larger share of common tests wins, whatever the order.
    let signatures = [[0, 1, 2, 3, 4, 5, 7], [0, 1, 2, 3, 4, 5]]
    #expect(match([0, 1, 2, 3, 4, 5, 6], signatures)?.index == 1)
    #expect(match([0, 1, 2, 3, 4, 5, 6], signatures.reversed())?.index == 0)
  }

  @Test func equalSharesPreferFewerDifferences() throws {
    // 40 tests; the learner fails 16. Both decoys share three quarters: 12 of 16 and 15 of 20.
    let failing = Set((0..<16).map { "T/t\($0)()" })
    let fewer = Set((0..<12).map { "T/t\($0)()" })
    let more = Set((1..<16).map { "T/t\($0)()" } + (30..<34).map { "T/t\($0)()" })
    for signatures in [[more, fewer], [fewer, more]] {
      let best = try #require(
        DiagnosisRule.bestMatch(
          FailureSignature(failed: failing), testCount: 40,
          signatures: signatures.map { FailureSignature(failed: $0) }))
      #expect(signatures[best.index] == fewer && best.match == .close)
    }
  }

  // MARK: Crashes and time-outs

  @Test func theSameCrashesOnTheSameTestsMatchExactly() throws {
    let decoys = [run([1, 2]), run([1], crashed: [2]), run([1], crashed: [3])]
    let best = try #require(match(run([1], crashed: [2]), decoys))
    #expect(best.index == 1 && best.match == .exact)
    // Time-outs too, and a crash and a time-out in one run.
    let hangs = [run([4], timedOut: [5]), run([4], crashed: [6], timedOut: [5])]
    #expect(match(run([4], timedOut: [5]), hangs)?.index == 0)
    #expect(match(run([4], crashed: [6], timedOut: [5]), hangs)?.index == 1)
  }

  @Test func aCrashAtAnotherTestIsNoMatch() {
    // The same failing tests, but the crash is elsewhere.
    #expect(match(run([1], crashed: [2]), [run([2], crashed: [1])]) == nil)
    // The same tests, but one crashed where the decoy's timed out, or merely failed.
    #expect(match(run([1], crashed: [2]), [run([1], timedOut: [2])]) == nil)
    #expect(match(run([1], crashed: [2]), [run([1, 2])]) == nil)
    // A run where nothing crashed is no match for a decoy that crashes on the same tests.
    #expect(match(run([1, 2]), [run([1], crashed: [2])]) == nil)
  }

  @Test func aCrashIsNeverACloseMatch() {
    // Without the crash, 4 shared of 5 would be a close match.
    #expect(match([0, 1, 2, 3, 9], [[0, 1, 2, 3]])?.match == .close)
    // The same crash, one failing test more: not exact, so nothing.
    #expect(match(run([0, 1, 2, 9], crashed: [3]), [run([0, 1, 2], crashed: [3])]) == nil)
    // One failing test fewer.
    #expect(match(run([0, 1], crashed: [3]), [run([0, 1, 2], crashed: [3])]) == nil)
    // A run that crashed is not matched closely with a decoy that did not, nor the reverse.
    #expect(match(run([0, 1, 2], crashed: [9]), [run([0, 1, 2, 3])]) == nil)
    #expect(match(run([0, 1, 2, 3, 9]), [run([0, 1, 2], crashed: [3])]) == nil)
  }

  @Test func aCrashEverywhereIsLikeFailingEverything() {
    #expect(match(run([], crashed: Array(0..<12)), [run([], crashed: Array(0..<12))]) == nil)
  }

  @Test func compileErrorsAndMissingExercisesAreNotDiagnosable() {
    func exercise(_ status: ExerciseStatus, _ statuses: [TestStatus]) -> GradedExercise {
      GradedExercise(
        id: "01-x", title: "X", status: status, notes: [],
        tests: statuses.enumerated().map {
          TestResult(
            id: "T/t\($0.offset)()", isVisible: true, status: $0.element, message: nil,
            location: nil, points: 0, maximumPoints: 1, hint: nil)
        })
    }
    #expect(DiagnosisRule.isDiagnosable(exercise(.graded, [.passed, .failed, .notRun])))
    // A crash or a time-out restricts a diagnosis to an exact match, it does not prevent one.
    #expect(DiagnosisRule.isDiagnosable(exercise(.graded, [.passed, .crashed])))
    #expect(DiagnosisRule.isDiagnosable(exercise(.graded, [.passed, .timedOut])))
    #expect(!DiagnosisRule.isDiagnosable(exercise(.compileError, [.error, .error])))
    #expect(!DiagnosisRule.isDiagnosable(exercise(.missing, [.notRun])))
  }
}

@Suite struct DiagnoserTests {
  static let manifestJSON = """
    {
      "format": 2, "id": "01-sample",
      "timeLimitSeconds": 60, "visibleTestFiles": ["Lesson.swift"],
      "tests": [
        { "id": "Hidden/h()", "points": 1, "hint": "h" },
        { "id": "StepOne/a()", "points": 1, "hint": "a" },
        { "id": "StepTwo/b()", "points": 1, "hint": "b" },
        { "id": "StepTwo/c()", "points": 1, "hint": "c" }
      ],
      "hints": ["one", "two", "three"],
      "decoys": [
        { "name": "first", "misunderstanding": "Thinks one thing." },
        { "name": "second", "misunderstanding": "Thinks another.", "lessonStep": "Step 9: x" },
        { "name": "third", "misunderstanding": "Thinks a third." },
        { "name": "fourth", "misunderstanding": "Crashes where it should report." }
      ]
    }
    """

  func diagnoser() throws -> Diagnoser {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("diagnoser-\(UUID().uuidString)/01-sample")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let url = folder.appendingPathComponent("exercise.json")
    try Data(Self.manifestJSON.utf8).write(to: url)
    let manifest = try ExerciseManifest.load(
      from: url, entry: .init(id: "01-sample", title: "Sample", module: "Sample"))
    let signatures = DecoySignatures(
      exercise: "01-sample",
      decoys: [
        "first": FailureSignature(failed: ["Hidden/h()", "StepTwo/c()"]),
        "second": FailureSignature(failed: ["StepOne/a()"]),
        "third": FailureSignature(failed: ["Hidden/h()"]),
        "fourth": FailureSignature(failed: ["StepOne/a()"], crashed: ["StepTwo/b()"]),
      ])
    let steps = StepIndex(stepOfSuite: ["StepOne": "Step 1: one", "StepTwo": "Step 2: two"])
    return Diagnoser(manifest: manifest, signatures: signatures, steps: steps)
  }

  func exercise(failing: Set<String>, crashed: Set<String> = []) -> GradedExercise {
    GradedExercise(
      id: "01-sample", title: "Sample", status: .graded, notes: [],
      tests: ["Hidden/h()", "StepOne/a()", "StepTwo/b()", "StepTwo/c()"].map { id in
        TestResult(
          id: id, isVisible: id.hasPrefix("Step"),
          status: crashed.contains(id) ? .crashed : failing.contains(id) ? .failed : .passed,
          message: nil, location: nil, points: 0, maximumPoints: 1, hint: nil)
      })
  }

  @Test func namesTheDecoyItsMisunderstandingAndStep() throws {
    let diagnoser = try diagnoser()
    let first = try #require(diagnoser.diagnose(exercise(failing: ["Hidden/h()", "StepTwo/c()"])))
    #expect(first.decoy == "first")
    #expect(first.misunderstanding == "Thinks one thing.")
    // The first visible test it fails, in the manifest's order, is in Step 2.
    #expect(first.lessonStep == "Step 2: two")
    #expect(first.lesson == "Exercises/01-sample/README.md")
    #expect(
      first.message
        == "Your code fails exactly the tests that catch this misunderstanding: Thinks one thing. "
        + "Reread \u{201C}Step 2: two\u{201D} in the lesson, Exercises/01-sample/README.md. If "
        + "you have not written that part yet, finish it first: this is a likely cause, not a "
        + "verdict.")
    // The manifest's step wins.
    #expect(diagnoser.diagnose(exercise(failing: ["StepOne/a()"]))?.lessonStep == "Step 9: x")
    // Only a hidden test: no step.
    #expect(diagnoser.diagnose(exercise(failing: ["Hidden/h()"]))?.lessonStep == nil)
    #expect(diagnoser.diagnose(exercise(failing: [])) == nil)
  }

  @Test func aCrashIsDiagnosedOnlyWhereTheDecoyCrashes() throws {
    let diagnoser = try diagnoser()
    let crash = try #require(
      diagnoser.diagnose(exercise(failing: ["StepOne/a()"], crashed: ["StepTwo/b()"])))
    #expect(crash.decoy == "fourth" && crash.match == .exact)
    #expect(crash.lessonStep == "Step 1: one")
    // The crash at another test, or at the same one with one failure more: nothing.
    #expect(diagnoser.diagnose(exercise(failing: ["StepOne/a()"], crashed: ["StepTwo/c()"])) == nil)
    #expect(
      diagnoser.diagnose(
        exercise(failing: ["StepOne/a()", "Hidden/h()"], crashed: ["StepTwo/b()"])) == nil)
    // The same two tests merely failing are no match for the decoy that crashes.
    #expect(diagnoser.diagnose(exercise(failing: ["StepOne/a()", "StepTwo/b()"])) == nil)
  }

  @Test func loadingWarnsAboutMissingOrStaleSignatures() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("diagnoser-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let layout = WorkspaceLayout(root: root)
    func write(_ text: String, _ path: String) throws {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    try write(Self.manifestJSON, "Tests/01-sample/exercise.json")
    try write(
      CatalogueJSON.render(
        Catalogue(entries: [.init(id: "01-sample", title: "Sample", module: "Sample")])),
      Catalogue.path)
    try write("", "Tests/01-sample/SampleTests/Lesson.swift")
    try write("public let x = 1\n", "Solutions/01-sample/Sources/Sample/Sample.swift")
    let sources = try ExerciseSources(id: "01-sample", layout: layout)

    let missing = Diagnoser.load(sources)
    #expect(missing.0 == nil)
    #expect(missing.warning?.contains("Tests/01-sample/signatures.json is missing") == true)
    #expect(missing.warning?.contains("scripts/exercises signatures 01-sample") == true)

    try write("{ not json", "Tests/01-sample/signatures.json")
    let broken = Diagnoser.load(sources)
    #expect(broken.0 == nil)
    #expect(broken.warning?.contains("is not a signatures file") == true)

    let stale = DecoySignatures(
      exercise: "01-sample", decoys: ["first": FailureSignature(failed: ["Gone/x()"])])
    try stale.write(in: layout)
    let outOfDate = Diagnoser.load(sources)
    #expect(outOfDate.0 == nil)
    let warning = outOfDate.warning ?? ""
    #expect(warning.contains("out of date with the manifest"), "\(warning)")
    #expect(warning.contains("decoy \"second\" has no signature"), "\(warning)")
    #expect(warning.contains("\"Gone/x()\", which the manifest does not grade"), "\(warning)")

    let good = DecoySignatures(
      exercise: "01-sample",
      decoys: [
        "first": FailureSignature(failed: ["Hidden/h()"]),
        "second": FailureSignature(failed: ["StepOne/a()"]),
        "third": FailureSignature(failed: ["StepTwo/b()"]),
        "fourth": FailureSignature(crashed: ["StepTwo/c()"]),
      ])
    try good.write(in: layout)
    let loaded = Diagnoser.load(sources)
    #expect(loaded.0 != nil && loaded.warning == nil)
  }
}
