import Foundation
import WorkshopCore

extension ExerciseChecks {
  /// How many times the checks grade the reference suite and each weak suite: every time must
  /// catch the same mutants.
  static let suiteRuns = 5
  /// The fewest mutants and weak suites a test-writing exercise has.
  static let minimumMutants = 8
  static let minimumWeakSuites = 3

  /// The checks of an exercise where the learner writes tests: the starter suite scores 0; the
  /// reference suite has no wrong test and catches every mutant; each weak suite catches
  /// exactly the mutants its manifest entry records; each the same way in ``suiteRuns`` runs.
  func checkSuites(_ sources: ExerciseSources, record: (String, Bool, String) -> Void) throws {
    let manifest = sources.manifest
    let id = manifest.id
    record(
      "enough mutants and weak suites",
      manifest.mutants.count >= Self.minimumMutants
        && manifest.weakSuites.count >= Self.minimumWeakSuites,
      "\(manifest.mutants.count) mutants (at least \(Self.minimumMutants)), "
        + "\(manifest.weakSuites.count) weak suites (at least \(Self.minimumWeakSuites))")
    let libraries = MutantLibraries(
      sources: sources, package: SuiteGrading.package(in: work, for: id),
      scratch: SuiteGrading.scratch(in: work),
      logs: work.appendingPathComponent("logs/\(id)/mutants"), buildTurns: buildTurns)

    // Built, linked and listed once; its runs made `runs` times (``SuiteGrading/grade(_:times:)``).
    func grade(_ suite: SuiteVariant, _ label: String, runs: Int) throws -> [SuiteGrading.Outcome] {
      try SuiteGrading(
        sources: sources, package: SuiteGrading.package(in: work, for: id),
        scratch: SuiteGrading.scratch(in: work),
        work: work.appendingPathComponent("logs/\(id)/\(label)"),
        buildTurns: buildTurns, mutantLibraries: libraries
      ).grade(suite, times: runs)
    }

    let starter = try grade(.starter, "starter-suite", runs: 1)[0]
    switch starter {
    case .graded(let report):
      record(
        "starter suite scores 0", report.points == 0,
        report.points == 0
          ? "0/\(manifest.maximumPoints) points: it catches no mutant"
          : "it catches \(report.caught.joined(separator: ", ")) without the learner's work")
    default:
      record("starter suite scores 0", false, Self.describe(starter))
    }

    let reference = try grade(.reference, "reference-suite", runs: Self.suiteRuns)
    let everything = manifest.mutants.map(\.name)
    record(
      "reference suite catches every mutant",
      reference.allSatisfy { Self.caught($0) == everything && Self.isSound($0) },
      Self.summary(reference, expected: everything))

    for weak in manifest.weakSuites {
      let runs = try grade(.weak(weak.name), "weak-\(weak.name)", runs: Self.suiteRuns)
      let expected = manifest.mutants.map(\.name).filter(weak.caught.contains)
      record(
        "weak suite \(weak.name) scores as recorded",
        runs.allSatisfy { Self.caught($0) == expected && Self.isSound($0) },
        Self.summary(runs, expected: expected))
    }
  }

  /// The mutants a grading caught, in the manifest's order; nil when it did not grade.
  static func caught(_ outcome: SuiteGrading.Outcome) -> [String]? {
    guard case .graded(let report) = outcome else { return nil }
    return report.caught
  }

  /// Whether a grading has no wrong test.
  static func isSound(_ outcome: SuiteGrading.Outcome) -> Bool {
    guard case .graded(let report) = outcome else { return false }
    return report.wrongTests.isEmpty
  }

  /// What the runs of a suite caught, against what they should have.
  static func summary(_ runs: [SuiteGrading.Outcome], expected: [String]) -> String {
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
    }
    return "catches \(expected.count) mutants (\(expected.joined(separator: ", "))) in each of "
      + "\(runs.count) runs"
  }

  static func describe(_ outcome: SuiteGrading.Outcome) -> String {
    switch outcome {
    case .compileError(let message): "it does not compile: \(message)"
    case .loadFailure(let message): message
    case .graded(let report): "\(report.points) points"
    }
  }
}
