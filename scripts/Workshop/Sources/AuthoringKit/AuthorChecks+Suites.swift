import ExerciseEngine
import ExerciseModel
import Foundation

extension AuthorChecks {
  /// How many times the checks grade the reference suite: every time must catch every mutant.
  static let referenceSuiteRuns = 5
  /// How many times the checks grade each weak suite: every time must catch the same mutants
  /// and get the recorded score. Fewer than the reference suite's: a weak suite is a fixture that
  /// shows the grade tells it apart, and most of a test-writing exercise's check is spent grading
  /// them (each time runs the suite against every mutant; `scripts/Bench/HISTORY.md` has the
  /// figures).
  static let weakSuiteRuns = 3
  /// The fewest mutants and weak suites a test-writing exercise has.
  static let minimumMutants = 8
  static let minimumWeakSuites = 3

  /// The checks of an exercise where the learner writes tests: the starter suite scores 0; the
  /// reference suite has no wrong test and catches every mutant, hand-written and generated;
  /// each weak suite catches exactly the hand mutants its manifest entry records and gets the
  /// score it records, below full marks; each the same way in every run (``referenceSuiteRuns``,
  /// ``weakSuiteRuns``).
  func checkSuites(_ sources: ExerciseSources, record: (String, Bool, String) -> Void) throws {
    let manifest = sources.manifest
    let id = manifest.id
    record(
      "enough mutants and weak suites",
      manifest.mutants.count >= Self.minimumMutants
        && manifest.weakSuites.count >= Self.minimumWeakSuites,
      "\(manifest.mutants.count) mutants (at least \(Self.minimumMutants)), "
        + "\(manifest.weakSuites.count) weak suites (at least \(Self.minimumWeakSuites))")
    // Each hand mutant differs from the feature by its bug alone, on the lines it names.
    let strays = try manifest.mutants.compactMap { mutant -> String? in
      let changes = try HandMutantChanges(sources: sources, mutant: mutant)
      if mutant.lines.isEmpty {
        return "\(mutant.name) names no lines; it changes \(changes.lines.joined(separator: ", "))"
      }
      guard !changes.outside.isEmpty else { return nil }
      return "\(mutant.name) also changes \(changes.outside.joined(separator: ", ")), which its "
        + "entry does not name: a mutant differs from the feature by its bug alone"
    }
    record(
      "hand mutants change only their bug's lines", strays.isEmpty,
      strays.isEmpty
        ? "each of the \(manifest.mutants.count) mutants changes only the lines its entry names"
        : strays.joined(separator: "; "))
    // The feature's mutants: every one the reference suite kills grades learners' suites.
    let (passed, detail) = try mutationVerdict(sources, subject: .feature)
    record("the reference suite kills the feature's mutants", passed, detail)
    guard passed else { return }
    let engine = self.engine
    // Built, linked and listed once; its runs made `runs` times.
    func grade(_ suite: SuiteVariant, _ label: String, runs: Int) throws -> [SuiteOutcome] {
      try engine.gradeSuite(
        suite, of: sources, in: work.appendingPathComponent("logs/\(id)/\(label)"), times: runs)
    }

    let starter = try grade(.starter, "starter-suite", runs: 1)[0]
    switch starter {
    case .graded(let report):
      let score = report.score
      record(
        "starter suite scores 0", score.points == 0,
        score.points == 0
          ? "0/\(score.maximum) points: it catches no mutant"
          : "it catches \((report.caught + report.caughtGenerated).joined(separator: ", ")) "
            + "without the learner's work")
    default:
      record("starter suite scores 0", false, Self.describe(starter))
    }

    let reference = try grade(.reference, "reference-suite", runs: Self.referenceSuiteRuns)
    let everything = manifest.mutants.map(\.name)
    let full = reference.allSatisfy { outcome in
      guard case .graded(let report) = outcome else { return false }
      return report.score.points == report.score.maximum
    }
    record(
      "reference suite catches every mutant",
      reference.allSatisfy { Self.caught($0) == everything && Self.isSound($0) } && full,
      Self.summary(reference, expected: everything, score: .full))
    // Which reference tests catch each hand mutant: one test that catches a whole step's
    // mutants shows at once.
    if case .graded(let report)? = reference.first {
      for verdict in report.verdicts {
        print(
          "        \(id): step \(verdict.mutant.step) mutant \(verdict.mutant.name) is caught by "
            + ((verdict.caughtByAll ?? []).isEmpty
              ? "no test" : (verdict.caughtByAll ?? []).joined(separator: ", ")))
      }
    }

    for weak in manifest.weakSuites {
      let runs = try grade(.weak(weak.name), "weak-\(weak.name)", runs: Self.weakSuiteRuns)
      let expected = manifest.mutants.map(\.name).filter(weak.caught.contains)
      let scores = runs.compactMap { outcome -> (points: Int, maximum: Int)? in
        guard case .graded(let report) = outcome else { return nil }
        return report.score
      }
      let scored =
        weak.points != nil && scores.count == runs.count
        && scores.allSatisfy { $0.points == weak.points && $0.points < $0.maximum }
      record(
        "weak suite \(weak.name) scores as recorded",
        runs.allSatisfy { Self.caught($0) == expected && Self.isSound($0) } && scored,
        Self.summary(runs, expected: expected, score: .recorded(weak.points)))
    }
  }

  /// The mutants a grading caught, in the manifest's order; nil when it did not grade.
  static func caught(_ outcome: SuiteOutcome) -> [String]? {
    guard case .graded(let report) = outcome else { return nil }
    return report.caught
  }

  /// Whether a grading has no wrong test.
  static func isSound(_ outcome: SuiteOutcome) -> Bool {
    guard case .graded(let report) = outcome else { return false }
    return report.wrongTests.isEmpty
  }

  /// The score a suite must get: full marks (the reference suite), or the one its manifest
  /// entry records (a weak suite; nil when none is recorded yet), below full marks.
  enum ExpectedScore {
    case full
    case recorded(Int?)
  }

  /// What the runs of a suite caught and scored, against what they should have.
  static func summary(
    _ runs: [SuiteOutcome], expected: [String], score expectedScore: ExpectedScore
  ) -> String {
    for (index, run) in runs.enumerated() {
      guard case .graded(let report) = run else {
        return "run \(index + 1): \(describe(run))"
      }
      if let wrong = report.wrongTests.first {
        return "run \(index + 1): the test \(wrong.test) is wrong against the correct feature "
          + "(\(wrong.status.rawValue)): \(wrong.message)"
      }
      if report.caught != expected {
        let missed = expected.filter { !report.caught.contains($0) }
        let extra = report.caught.filter { !expected.contains($0) }
        return "run \(index + 1): "
          + (missed.isEmpty ? "" : "misses \(missed.joined(separator: ", ")) ")
          + (extra.isEmpty ? "" : "also catches \(extra.joined(separator: ", "))")
      }
      let score = report.score
      switch expectedScore {
      case .full:
        let missed = report.generated.filter { !$0.isCaught }
        if !missed.isEmpty {
          return "run \(index + 1): misses \(missed.count) generated mutants "
            + "(\(missed.prefix(5).map(\.id).joined(separator: ", ")))"
        }
      case .recorded(nil):
        return "run \(index + 1): scores \(score.points)/\(score.maximum), and no score is "
          + "recorded; record \"points\": \(score.points) in its weakSuites entry if that is right"
      case .recorded(let points?):
        if score.points != points {
          return "run \(index + 1): scores \(score.points)/\(score.maximum), not the \(points) "
            + "recorded; record \"points\": \(score.points) if that is right"
        }
        if points >= score.maximum {
          return "run \(index + 1): a weak suite must score below full marks, and this one "
            + "scores \(points)/\(score.maximum)"
        }
      }
    }
    guard case .graded(let report)? = runs.first else { return "no run" }
    let score = report.score
    return "catches \(expected.count) hand mutants"
      + (expected.isEmpty ? "" : " (\(expected.joined(separator: ", ")))")
      + " and \(report.caughtGenerated.count) of \(report.generated.count) generated ones: "
      + "\(score.points)/\(score.maximum) in each of \(runs.count) runs"
  }

  static func describe(_ outcome: SuiteOutcome) -> String {
    switch outcome {
    case .compileError(let message): "it does not compile: \(message)"
    case .loadFailure(let message): message
    case .graded(let report): "\(report.points) points"
    }
  }
}
