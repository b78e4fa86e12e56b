import ExerciseModel
import Foundation
import GraderKit
import Mutation

/// Checks an exercise's mutation analysis (`Tests/<id>/mutation.json`, a ``MutationReport``;
/// for the feature a learner's tests run against, `suite-mutation.json`) without running it:
/// what `scripts/test` does on every run, in well under a second.
///
/// The report must be current — its fingerprint that of today's solution, tests and equivalent
/// mutants, and its mutants the ones the engine finds today — and at 100 %: every mutant killed
/// or recorded as equivalent in the manifest, with no more than a tenth recorded so. A mutant
/// whose killers are all gone from the solution tests is named as a survivor, so deleting a test
/// is caught before anything is rerun. A reference test (``MutationSubject/feature``) must have a
/// display name that is a behaviour sentence: it is what names the mutants it kills to learners.
///
/// ```swift
/// let check = try MutationCheck(id: "09-test-clock", layout: layout)
/// for problem in check.problems { print(problem) }
/// ```
public struct MutationCheck: Sendable {
  public var id: String
  public var subject: MutationSubject
  /// The recorded report (nil when there is none).
  public var report: MutationReport?
  /// Its score with the manifest's equivalent mutants (nil without a report).
  public var score: MutationReport.Score?
  /// What is wrong, survivors first; empty when all is well.
  public var problems: [String]

  /// The largest share of an exercise's mutants that may be recorded as equivalent.
  public static let equivalentShare = 0.1

  /// Checks the recorded report of exercise `id` about `subject`.
  public init(id: String, layout: WorkspaceLayout, subject: MutationSubject = .solution) throws {
    let sources = try ExerciseSources(id: id, layout: layout)
    try self.init(
      sources: sources, report: MutationReport.load(for: id, in: layout, subject: subject),
      subject: subject)
  }

  /// Checks `report` (a recorded one, or one just made) against `sources` as they are now.
  public init(
    sources: ExerciseSources, report: MutationReport?, subject: MutationSubject = .solution
  ) throws {
    let manifest = sources.manifest
    id = manifest.id
    self.subject = subject
    self.report = report
    let command = MutationReport.command(for: id)
    let file = "Tests/\(id)/\(subject.fileName)"
    let key = subject.equivalentKey
    guard let report else {
      score = nil
      problems = ["\(file) is missing; write it with \(command)"]
      return
    }
    let equivalents = subject.equivalentMutants(manifest)
    let equivalent = Dictionary(
      equivalents.map { ($0.id, $0.reason) }, uniquingKeysWith: { first, _ in first })
    let visibility = TestVisibility(sources: sources)
    let score = report.score(
      equivalent: Set(equivalent.keys),
      visibleTests: subject == .solution
        ? Set(manifest.tests.map(\.id).filter(visibility.isVisible)) : [])
    self.score = score
    var problems: [String] = []

    // Survivors: recorded ones, and killed ones whose every killer is gone.
    let existing = Self.existingTests(of: sources, report: report)
    let tests = subject.testsName
    for entry in report.mutants where entry.result == .survived && equivalent[entry.id] == nil {
      problems.append(
        "mutant \(entry.id) survives: no \(tests) fails with \(entry.described). Add a "
          + "test whose message says what behaviour it pins down, or, if no learner could "
          + "observe the change, record the mutant in \(key) with a one-line reason")
    }
    for entry in report.mutants where entry.result == .killed {
      guard !entry.killedBy.contains(where: existing.contains) else { continue }
      problems.append(
        "mutant \(entry.id) survives now: \(entry.described) was caught only by "
          + entry.killedBy.joined(separator: ", ")
          + ", which the \(tests)s no longer have. Restore a test that catches it")
    }

    // Equivalent mutants: real, surviving, and few.
    let recorded = Dictionary(
      report.mutants.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for mutant in equivalents {
      guard let entry = recorded[mutant.id] else {
        problems.append(
          "\(key) names \(mutant.id), which the analysis does not make (any more); "
            + "remove it from Tests/\(id)/exercise.json")
        continue
      }
      if entry.result == .killed {
        problems.append(
          "\(key) names \(mutant.id), but \(entry.killedBy.first ?? "a test") kills "
            + "it, so it is not equivalent; remove it from Tests/\(id)/exercise.json")
      }
    }
    let allowed = Int((Double(score.mutants) * Self.equivalentShare).rounded(.down))
    if equivalents.count > allowed {
      problems.append(
        "\(equivalents.count) of \(score.mutants) mutants are recorded as "
          + "equivalent, more than a tenth (\(allowed)); most survivors are gaps in the tests")
    }

    // Ungraded mutants: killed ones the analysis makes.
    if subject == .feature {
      for mutant in manifest.suiteUngradedMutants where recorded[mutant.id]?.result != .killed {
        problems.append(
          "suiteUngradedMutants names \(mutant.id), which the analysis does not make or the "
            + "reference suite does not kill; remove it from Tests/\(id)/exercise.json")
      }
    }

    // The reference tests name the mutants they kill to learners: behaviours, not code.
    for test in report.tests {
      if let problem = Self.behaviourProblem(test.name) {
        problems.append(
          "reference test \(test.key) is named \"\(test.name)\": \(problem). Give it a "
            + "display name, @Test(\"…\"), that says the behaviour it checks, in the learner's "
            + "words: learners whose tests miss its mutants read that name")
      }
    }

    // Currency: the same inputs, the same mutants.
    if report.exercise != id {
      problems.append("the report is for \(report.exercise), not \(id); rewrite it with \(command)")
    }
    if report.subject != subject {
      problems.append("\(file) is not about the \(subject.rawValue); rewrite it with \(command)")
    }
    if report.fingerprint != MutationReport.fingerprint(of: sources, subject: subject) {
      problems.append(
        "\(file) is out of date: the module, its tests or the "
          + "equivalent mutants changed since it was written; rerun \(command)")
    } else {
      let files = try subject.sources(of: sources)
      let found = files.flatMap { MutantFinder.mutants(in: $0) }.map(\.id)
      if found != report.mutants.map(\.id) {
        problems.append(
          "\(file) lists other mutants than the engine finds today; rerun \(command)")
      }
    }
    self.problems = problems
  }

  /// Why `name` is not a behaviour sentence, or nil when it is one: at least four words, no
  /// code (`camelCase`, parentheses, backticks).
  public static func behaviourProblem(_ name: String) -> String? {
    let words = name.split(separator: " ")
    if words.count < 4 { return "a behaviour takes a sentence of at least four words" }
    if name.contains("(") && name.hasSuffix(")") && !name.contains(" ") {
      return "that is a function's name"
    }
    if name.contains("`") { return "a behaviour is said in words, not code" }
    let camel = words.first { word in
      let letters = word.filter(\.isLetter)
      return letters.first?.isLowercase == true
        && letters.dropFirst().contains(where: \.isUppercase)
    }
    if let camel { return "\"\(camel)\" is code, not words" }
    return nil
  }

  /// The tests that must kill mutants and whose function the tests still declare: the graded
  /// solution tests the manifest lists, or the reference suite's tests the report records.
  static func existingTests(of sources: ExerciseSources, report: MutationReport) -> Set<String> {
    let tree = report.subject == .solution ? sources.solutionTests : sources.referenceSuite
    let text = tree.files.values.map { String(decoding: $0, as: UTF8.self) }
      .joined(separator: "\n")
    let ids =
      report.subject == .solution ? sources.manifest.tests.map(\.id) : report.tests.map(\.key)
    return Set(
      ids.filter { id in
        guard let function = id.split(separator: "/").last?.split(separator: "(").first else {
          return false
        }
        return text.contains("func \(function)(")
      })
  }

  /// One line for the score: `187 mutants: 185 killed, 2 equivalent; 100.0 % (visible tests
  /// alone 81.2 %)`, with the stillborn ones when there are any.
  public static func summary(
    _ score: MutationReport.Score, subject: MutationSubject = .solution
  ) -> String {
    var parts = ["\(score.mutants) mutants: \(score.killed) killed"]
    if score.equivalent > 0 { parts.append("\(score.equivalent) equivalent") }
    if score.survived > 0 { parts.append("\(score.survived) survived") }
    let stillborn = score.stillborn > 0 ? " (\(score.stillborn) more did not compile)" : ""
    let text =
      parts.joined(separator: ", ") + stillborn + "; score "
      + MutationReport.percentText(score.percent)
    guard subject == .solution else { return "the feature's " + text + " by the reference suite" }
    return text + " (visible tests alone " + MutationReport.percentText(score.visiblePercent) + ")"
  }
}
