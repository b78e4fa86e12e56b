import ExerciseEngine
import ExerciseModel
import Foundation
import Mutation

/// The checks `scripts/test` runs for every exercise: the starter builds and fails, scores 0
/// against the solution tests, the solution scores 100 %, every decoy fails a test and fails it
/// the same way in each of five runs, the generated files have not drifted from the solution,
/// `Tests/<id>/signatures.json` still holds the tests each decoy fails and how they ended
/// (``DecoySignatures``): each decoy's signature its own, and none failing every test; and the
/// mutation analysis (`Tests/<id>/mutation.json`) is current and at 100 % (``mutation``).
public struct AuthorChecks: Sendable {
  public var layout: WorkspaceLayout
  /// Where assembled packages, builds and logs go (`.build-workshop/` at the root).
  public var work: URL
  /// How the mutation analysis is checked.
  public var mutation: MutationMode = .recorded

  /// How the checks treat the mutation analysis (`Tests/<id>/mutation.json`).
  public enum MutationMode: Sendable {
    /// Check the recorded report without running anything (``MutationCheck``): what
    /// `scripts/test` does.
    case recorded
    /// Run the analysis again, in `sandbox` with `jobs` test processes at once, and check both
    /// the new results and that the recorded report still holds them.
    case rerun(sandbox: Sandbox?, jobs: Int)
  }

  /// Checks with the workspace at `layout`, building in `work` (by default `.build-workshop/` at
  /// its root).
  public init(layout: WorkspaceLayout, work: URL? = nil) {
    self.layout = layout
    self.work = work ?? layout.root.appendingPathComponent(".build-workshop")
  }

  /// Where the learners' packages (`Exercises/<id>`) are built during the checks: one folder for
  /// every exercise, so the library is compiled once rather than once per exercise. Their
  /// targets' names never collide (each exercise has its own module and package name). It is
  /// kept apart from `scratch`, where the assembled package of the same exercise has the same
  /// package and target names.
  var learnerScratch: URL { work.appendingPathComponent("learner-scratch") }

  /// Builds and runs the checks' packages in `work` (every engine of one work folder shares the
  /// turns of its builds).
  var engine: Engine { Engine(layout: layout, work: work) }

  /// One check's verdict.
  public struct Verdict: Sendable {
    public var name: String
    public var passed: Bool
    public var detail: String

    public init(name: String, passed: Bool, detail: String) {
      self.name = name
      self.passed = passed
      self.detail = detail
    }
  }

  /// Empties the shared build folders when they were made with another version of the library
  /// (they may hold stale code). ``check(_:prepareBuildFolders:report:)`` does it by itself;
  /// call it once first when several checks run at the same time.
  public func prepareBuildFolders() throws {
    try engine.prepareBuildFolders()
    try engine.prepare(learnerScratch)
  }

  /// Runs every check of exercise `id`, calling `report` as each finishes.
  ///
  /// Several checks may run at once, on different exercises: their builds take turns (SwiftPM
  /// locks a build folder), and each exercise has its own package, products and logs. Call
  /// ``prepareBuildFolders()`` once before, and pass `prepareBuildFolders: false`.
  public func check(
    _ id: String, prepareBuildFolders: Bool = true, report: (Verdict) -> Void
  ) throws -> [Verdict] {
    var verdicts: [Verdict] = []
    func record(_ name: String, _ passed: Bool, _ detail: String) {
      let verdict = Verdict(name: "\(id): \(name)", passed: passed, detail: detail)
      verdicts.append(verdict)
      report(verdict)
    }
    let sources = try ExerciseSources(id: id, layout: layout)
    let manifest = sources.manifest
    if prepareBuildFolders { try self.prepareBuildFolders() }

    // 1. No drift between the generated exercise files and the solution.
    let drift = try ExerciseWriter(layout: layout).drift(id)
    record(
      "starter and solution agree", drift.isEmpty,
      drift.isEmpty
        ? "Exercises/\(id) matches what the solution generates"
        : "out of date: \(drift.joined(separator: ", ")); run scripts/exercises generate \(id)")

    // 2. The learner's own package builds and ends with failing tests (where the learner
    // writes tests, the starter's empty tests pass).
    let learnerRun = try runLearnerPackage(id, manifest: manifest)
    record(
      manifest.gradesSources ? "starter builds and its tests fail" : "starter builds and runs",
      learnerRun.0, learnerRun.1)
    if !manifest.gradesSources {
      try checkSuites(sources, record: record)
      return verdicts
    }

    // 3–5. The solution tests against the starter, the solution and each decoy.
    let engine = self.engine
    func grade(_ variant: SourceVariant, _ label: String, runs: Int = 1) throws -> [[TestResult]] {
      try self.grade(variant, of: sources, label: label, runs: runs, engine: engine)
    }

    let starter = try grade(.starter, "starter")[0]
    let scoringStarterTests = starter.filter { $0.status == .passed }.map(\.id)
    record(
      "starter scores 0", starter.points == 0 && !starter.contains { $0.status == .error },
      starter.contains { $0.status == .error }
        ? "the starter does not compile with the solution tests: \(starter[0].message ?? "")"
        : scoringStarterTests.isEmpty
          ? "0/\(starter.maximumPoints) points"
          : "\(starter.points)/\(starter.maximumPoints): these tests pass without the learner's work: \(scoringStarterTests.joined(separator: ", "))"
    )

    let solution = try grade(.solution, "solution")[0]
    let failing = solution.filter { $0.status != .passed }
    record(
      "solution scores 100 %", failing.isEmpty,
      failing.isEmpty
        ? "\(solution.points)/\(solution.maximumPoints) points"
        : failing.map { "\($0.id): \($0.status.rawValue) \($0.message ?? "")" }.joined(
          separator: "\n"))

    // A wrong implementation must lose the same points every time: each decoy runs
    // `Self.decoyRuns` times and every run must give every test the same status.
    var signatures = DecoySignatures(exercise: id, decoys: [:])
    var everyDecoyIsSound = true
    for decoy in manifest.decoys {
      let runs = try grade(.decoy(decoy.name), "decoy-\(decoy.name)", runs: Self.decoyRuns)
      let result = runs[0]
      let caught = result.filter { $0.status != .passed }.map(\.id)
      let compiles = !result.contains { $0.status == .error }
      record(
        "decoy \(decoy.name) is rejected", !caught.isEmpty && compiles,
        !compiles
          ? "the decoy does not compile, so it proves nothing: \(result.first?.message ?? "")"
          : caught.isEmpty
            ? "every solution test passes on this decoy (\(decoy.misunderstanding)); add a test that catches it"
            : "caught: \(FailureSignature(result))")
      guard compiles, !caught.isEmpty else {
        everyDecoyIsSound = false
        continue
      }
      let flips = Self.flippingTests(runs)
      if flips.isEmpty {
        signatures.decoys[decoy.name] = FailureSignature(result)
      } else {
        everyDecoyIsSound = false
      }
      record(
        "decoy \(decoy.name) is rejected the same way \(runs.count) times", flips.isEmpty,
        flips.isEmpty
          ? "\(result.points)/\(result.maximumPoints) points in every run"
          : "these tests changed status between runs, so the decoy's score moves: "
            + flips.joined(separator: "; ")
            + ". Make them fail (or pass) whatever the order the tests run in.")
      // A learner graded twice must read the same words twice.
      let changing = Self.changingWords(runs)
      record(
        "decoy \(decoy.name)'s failures read the same in \(runs.count) runs", changing.isEmpty,
        changing.isEmpty
          ? "every failing test's message is the same in every run"
          : "these tests' messages changed between runs, so a learner graded twice reads "
            + "other words: " + changing.joined(separator: "; ")
            + ". Quote only what every run observes alike: no clock time, random number, "
            + "address or duration.")
    }

    // 6. The signatures the grader diagnoses with are the ones the decoys give now, and each
    // names its misunderstanding unambiguously.
    if everyDecoyIsSound {
      let stored = Result { try DecoySignatures.load(for: id, in: layout) }
      let command = DecoySignatures.command(for: id)
      switch stored {
      case .failure(let error):
        record("signatures are up to date", false, "\(error)")
      case .success(nil):
        record(
          "signatures are up to date", false,
          "Tests/\(id)/\(DecoySignatures.fileName) is missing; write it with \(command)")
      case .success(let stored?):
        let changes = signatures.changes(from: stored)
        record(
          "signatures are up to date", changes.isEmpty,
          changes.isEmpty
            ? "Tests/\(id)/\(DecoySignatures.fileName) holds what each decoy fails, and how"
            : "Tests/\(id)/\(DecoySignatures.fileName) is out of date ("
              + changes.joined(separator: "; ") + "); rewrite it with \(command)")
      }
      // Two decoys failing the same tests make the grader name the wrong misunderstanding for
      // one of them, and a decoy failing every test behaves like the starter: no learner could
      // ever be told its misunderstanding.
      let pairs = signatures.indistinguishablePairs()
      let everything = signatures.failingEveryTest(testCount: manifest.tests.count).map {
        "decoy \"\($0)\" fails every test, like the starter, so no learner is ever told its "
          + "misunderstanding; make it a wrong implementation that passes some tests"
      }
      record(
        "decoys can be told apart", pairs.isEmpty && everything.isEmpty,
        pairs.isEmpty && everything.isEmpty
          ? "each of the \(manifest.decoys.count) decoys fails its own set of tests, and passes "
            + "some"
          : (pairs + everything).joined(separator: "; "))
    }
    // 7. The mutation analysis: every mutant of the solution killed, or recorded as equivalent.
    let (passed, detail) = try mutationVerdict(sources)
    record("mutation analysis at 100 %", passed, detail)
    // Where the learner writes tests too, their half is proved as for a test-writing exercise.
    if manifest.gradesTests { try checkSuites(sources, record: record) }
    return verdicts
  }

  /// The verdict on exercise `sources`' mutation analysis of `subject`, by ``mutation``.
  func mutationVerdict(_ sources: ExerciseSources, subject: MutationSubject = .solution) throws
    -> (Bool, String)
  {
    let id = sources.manifest.id
    let recorded = try MutationReport.load(for: id, in: layout, subject: subject)
    switch mutation {
    case .recorded:
      let check = try MutationCheck(sources: sources, report: recorded, subject: subject)
      guard check.problems.isEmpty, let score = check.score else {
        return (false, check.problems.joined(separator: "; "))
      }
      return (
        true, "\(subject.fileName) is current: " + MutationCheck.summary(score, subject: subject)
      )
    case .rerun(let sandbox, let jobs):
      let fresh = try Engine(layout: layout, work: work, sandbox: sandbox)
        .analyseMutations(id, subject: subject, jobs: jobs)
      let check = try MutationCheck(sources: sources, report: fresh, subject: subject)
      var problems = check.problems
      let results = fresh.mutants.map { "\($0.id) \($0.result.rawValue)" }
      if recorded?.fingerprint != fresh.fingerprint
        || recorded?.mutants.map({ "\($0.id) \($0.result.rawValue)" }) != results
      {
        problems.append(
          "Tests/\(id)/\(subject.fileName) does not hold these results; rewrite it with "
            + MutationReport.command(for: id))
      }
      guard problems.isEmpty, let score = check.score else {
        return (false, problems.joined(separator: "; "))
      }
      return (true, "ran again: " + MutationCheck.summary(score, subject: subject))
    }
  }

  /// Runs every decoy of exercise `id` ``decoyRuns`` times, as ``check(_:report:)`` does, and
  /// returns the tests each one does not pass, and how each ended: what
  /// `Tests/<id>/signatures.json` must hold.
  ///
  /// - Throws: a ``WorkshopError`` naming the decoy when one does not compile, fails no test,
  ///   or does not fail the same tests in every run (its signature would mean nothing).
  public func signatures(_ id: String, progress: (String) -> Void = { _ in }) throws
    -> DecoySignatures
  {
    let sources = try ExerciseSources(id: id, layout: layout)
    let engine = self.engine
    try engine.prepareBuildFolders()
    var signatures = DecoySignatures(exercise: id, decoys: [:])
    for decoy in sources.manifest.decoys {
      let runs = try grade(
        .decoy(decoy.name), of: sources, label: "decoy-\(decoy.name)", runs: Self.decoyRuns,
        engine: engine)
      let first = runs[0]
      if let error = first.first(where: { $0.status == .error }) {
        throw WorkshopError(
          "decoy \(decoy.name) of \(id) does not compile, so it has no signature: "
            + (error.message ?? ""))
      }
      let failing = first.filter { $0.status != .passed }.map(\.id)
      guard !failing.isEmpty else {
        throw WorkshopError(
          "decoy \(decoy.name) of \(id) passes every solution test; add a test that catches it "
            + "(\(decoy.misunderstanding)).")
      }
      let flips = Self.flippingTests(runs)
      guard flips.isEmpty else {
        throw WorkshopError(
          "decoy \(decoy.name) of \(id) does not fail the same tests in each of "
            + "\(Self.decoyRuns) runs (\(flips.joined(separator: "; "))); make those tests fail "
            + "(or pass) whatever the order the tests run in, then try again.")
      }
      let signature = FailureSignature(first)
      signatures.decoys[decoy.name] = signature
      let crashes = [
        signature.crashed.isEmpty ? nil : "\(signature.crashed.count) crashed",
        signature.timedOut.isEmpty ? nil : "\(signature.timedOut.count) timed out",
      ].compactMap { $0 }
      progress(
        "\(decoy.name): fails \(failing.count) of \(first.count) tests"
          + (crashes.isEmpty ? "" : " (\(crashes.joined(separator: ", ")))"))
    }
    return signatures
  }

  /// Builds `variant` of an exercise once and runs its solution tests `runs` times, one
  /// result per run. A build that fails gives one result whose tests all have status `error`.
  func grade(
    _ variant: SourceVariant, of sources: ExerciseSources, label: String, runs: Int = 1,
    engine: Engine
  ) throws -> [[TestResult]] {
    let manifest = sources.manifest
    let logs = work.appendingPathComponent("logs/\(manifest.id)/\(label)")
    let outcome = try engine.test(variant, of: sources, in: logs, times: runs)
    switch outcome {
    case .compileError(let message):
      return [
        manifest.tests.map { TestResult($0, notRunning: .error, message: message, hint: $0.hint) }
      ]
    case .tested(let results):
      return results.map { result in
        manifest.tests.map { TestResult($0, outcome: result.outcomes[$0.id]) }
      }
    }
  }

  /// How many times each decoy's solution tests run to prove its verdict is deterministic.
  public static let decoyRuns = 5

  /// The tests whose status is not the same in every run, each with the statuses seen in order
  /// (`"Suite/test(): passed, failed, passed, passed, passed"`).
  public static func flippingTests(_ runs: [[TestResult]]) -> [String] {
    guard let first = runs.first else { return [] }
    return first.indices.compactMap { index in
      let statuses = runs.map { $0[index].status }
      guard Set(statuses).count > 1 else { return nil }
      return "\(first[index].id): "
        + statuses.map(\.rawValue).joined(separator: ", ")
    }
  }

  /// The tests whose status is the same in every run but whose message is not, each with the
  /// first two different messages (their first lines).
  public static func changingWords(_ runs: [[TestResult]]) -> [String] {
    guard let first = runs.first else { return [] }
    return first.indices.compactMap { index in
      let statuses = Set(runs.map { $0[index].status })
      let messages = runs.map { $0[index].message ?? "" }
      guard statuses.count == 1, let other = messages.first(where: { $0 != messages[0] })
      else { return nil }
      func line(_ text: String) -> String {
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        return line.count > 120 ? String(line.prefix(117)) + "…" : line
      }
      return "\(first[index].id): \"\(line(messages[0]))\", then \"\(line(other))\""
    }
  }
}
