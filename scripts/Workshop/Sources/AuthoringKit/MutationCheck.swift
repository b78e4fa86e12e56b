import Foundation
import GraderKit
import WorkshopCore

/// Checks an exercise's mutation analysis (`Tests/<id>/mutation.json`, a ``MutationReport``)
/// without running it: what `scripts/test` does on every run, in well under a second.
///
/// The report must be current — its fingerprint that of today's solution, tests and equivalent
/// mutants, and its mutants the ones the engine finds today — and at 100 %: every mutant killed
/// or recorded as equivalent in the manifest, with no more than a tenth recorded so. A mutant
/// whose killers are all gone from the solution tests is named as a survivor, so deleting a test
/// is caught before anything is rerun.
///
/// ```swift
/// let check = try MutationCheck(id: "09-test-clock", layout: layout)
/// for problem in check.problems { print(problem) }
/// ```
public struct MutationCheck: Sendable {
  public var id: String
  /// The recorded report (nil when there is none).
  public var report: MutationReport?
  /// Its score with the manifest's equivalent mutants (nil without a report).
  public var score: MutationReport.Score?
  /// What is wrong, survivors first; empty when all is well.
  public var problems: [String]

  /// The largest share of an exercise's mutants that may be recorded as equivalent.
  public static let equivalentShare = 0.1

  /// Checks the recorded report of exercise `id`.
  public init(id: String, layout: WorkspaceLayout) throws {
    let sources = try ExerciseSources(id: id, layout: layout)
    try self.init(sources: sources, report: MutationReport.load(for: id, in: layout))
  }

  /// Checks `report` (a recorded one, or one just made) against `sources` as they are now.
  public init(sources: ExerciseSources, report: MutationReport?) throws {
    let manifest = sources.manifest
    id = manifest.id
    self.report = report
    let command = MutationReport.command(for: id)
    guard let report else {
      score = nil
      problems = [
        "Tests/\(id)/\(MutationReport.fileName) is missing; write it with \(command)"
      ]
      return
    }
    let equivalent = Dictionary(
      manifest.equivalentMutants.map { ($0.id, $0.reason) }, uniquingKeysWith: { first, _ in first }
    )
    let visibility = TestVisibility(sources: sources)
    let score = report.score(
      equivalent: Set(equivalent.keys),
      visibleTests: Set(manifest.tests.map(\.id).filter(visibility.isVisible)))
    self.score = score
    var problems: [String] = []

    // Survivors: recorded ones, and killed ones whose every killer is gone.
    let existing = Self.existingTests(of: sources)
    for entry in report.mutants where entry.result == .survived && equivalent[entry.id] == nil {
      problems.append(
        "mutant \(entry.id) survives: no solution test fails with \(entry.described). Add a "
          + "test whose message says what behaviour it pins down, or, if no learner could "
          + "observe the change, record the mutant in equivalentMutants with a one-line reason")
    }
    for entry in report.mutants where entry.result == .killed {
      guard !entry.killedBy.contains(where: existing.contains) else { continue }
      problems.append(
        "mutant \(entry.id) survives now: \(entry.described) was caught only by "
          + entry.killedBy.joined(separator: ", ")
          + ", which the solution tests no longer have. Restore a test that catches it")
    }

    // Equivalent mutants: real, surviving, and few.
    let recorded = Dictionary(
      report.mutants.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for mutant in manifest.equivalentMutants {
      guard let entry = recorded[mutant.id] else {
        problems.append(
          "equivalentMutants names \(mutant.id), which the analysis does not make (any more); "
            + "remove it from Tests/\(id)/exercise.json")
        continue
      }
      if entry.result == .killed {
        problems.append(
          "equivalentMutants names \(mutant.id), but \(entry.killedBy.first ?? "a test") kills "
            + "it, so it is not equivalent; remove it from Tests/\(id)/exercise.json")
      }
    }
    let allowed = Int((Double(score.mutants) * Self.equivalentShare).rounded(.down))
    if manifest.equivalentMutants.count > allowed {
      problems.append(
        "\(manifest.equivalentMutants.count) of \(score.mutants) mutants are recorded as "
          + "equivalent, more than a tenth (\(allowed)); most survivors are gaps in the tests")
    }

    // Currency: the same inputs, the same mutants.
    if report.exercise != id {
      problems.append("the report is for \(report.exercise), not \(id); rewrite it with \(command)")
    }
    if report.fingerprint != MutationReport.fingerprint(of: sources) {
      problems.append(
        "Tests/\(id)/\(MutationReport.fileName) is out of date: the solution, its tests or the "
          + "equivalent mutants changed since it was written; rerun \(command)")
    } else {
      let files = try MutationSource.module(of: sources)
      let found = files.flatMap { MutantFinder.mutants(in: $0) }.map(\.id)
      if found != report.mutants.map(\.id) {
        problems.append(
          "Tests/\(id)/\(MutationReport.fileName) lists other mutants than the engine finds "
            + "today; rerun \(command)")
      }
    }
    self.problems = problems
  }

  /// The graded tests (`Suite/test()`) that the manifest lists and whose function the solution
  /// tests still declare.
  static func existingTests(of sources: ExerciseSources) -> Set<String> {
    let text = sources.solutionTests.files.values.map { String(decoding: $0, as: UTF8.self) }
      .joined(separator: "\n")
    return Set(
      sources.manifest.tests.map(\.id).filter { id in
        guard let function = id.split(separator: "/").last?.split(separator: "(").first else {
          return false
        }
        return text.contains("func \(function)(")
      })
  }

  /// One line for the score: `187 mutants: 185 killed, 2 equivalent; 100.0 % (visible tests
  /// alone 81.2 %)`, with the stillborn ones when there are any.
  public static func summary(_ score: MutationReport.Score) -> String {
    var parts = ["\(score.mutants) mutants: \(score.killed) killed"]
    if score.equivalent > 0 { parts.append("\(score.equivalent) equivalent") }
    if score.survived > 0 { parts.append("\(score.survived) survived") }
    let stillborn = score.stillborn > 0 ? " (\(score.stillborn) more did not compile)" : ""
    return parts.joined(separator: ", ") + stillborn + "; score "
      + MutationReport.percentText(score.percent) + " (visible tests alone "
      + MutationReport.percentText(score.visiblePercent) + ")"
  }
}
