import ExerciseModel
import Foundation

/// The generated mutants that grade the suites learners write: every mutant of the feature
/// (``MutationSubject/feature``) that the reference suite kills, as `suite-mutation.json`
/// records them, each named by the behaviour of the reference test that kills it.
///
/// A mutant the reference suite kills is a bug a complete suite catches. It is named to the
/// learner by the display name of the first reference test, in learning order, that kills it (a
/// behaviour sentence, never code), and belongs to that test's lesson step. Only mutants built in
/// the analysis's schemata are kept, a grading builds them all in one schemata build
/// (ExerciseEngine builds their libraries), and none the manifest lists in `suiteUngradedMutants`.
///
/// ```swift
/// let generated = try FeatureMutants.load(sources)
/// for mutant in generated.graded { print(mutant.step, mutant.behaviour) }
/// ```
public struct FeatureMutants: Sendable {
  /// One mutant that grades learners' suites.
  public struct Graded: Sendable, Equatable {
    /// Its id in `suite-mutation.json`.
    public var id: String
    /// The lesson step of the reference test that names it.
    public var step: Int
    /// That test's display name: the behaviour a test must check to catch it.
    public var behaviour: String
    /// The mutant itself, to build.
    public var mutant: Mutant
  }

  /// In the report's order.
  public var graded: [Graded]
  /// The feature's files the mutants change.
  public var files: [MutationFile]

  public init(graded: [Graded], files: [MutationFile]) {
    self.graded = graded
    self.files = files
  }

  /// The graded mutants of `sources`' exercise. Throws, in words for its author, when
  /// `suite-mutation.json` is missing or out of date: grading with other mutants than the ones
  /// the reference suite was proved against would grade wrongly.
  public static func load(_ sources: ExerciseSources) throws -> FeatureMutants {
    let id = sources.manifest.id
    let subject = MutationSubject.feature
    let command = MutationReport.command(for: id)
    guard let report = try MutationReport.load(for: id, in: sources.layout, subject: subject)
    else {
      throw WorkshopError(
        "Tests/\(id)/\(subject.fileName) is missing, so learners' tests cannot be graded by the "
          + "feature's mutants; write it with \(command).")
    }
    guard report.fingerprint == MutationReport.fingerprint(of: sources, subject: subject) else {
      throw WorkshopError(
        "Tests/\(id)/\(subject.fileName) is out of date (the feature, the reference suite or "
          + "the equivalent mutants changed); rerun \(command) before grading.")
    }
    let files = try subject.sources(of: sources)
    let found = Dictionary(
      files.flatMap { MutantFinder.mutants(in: $0) }.map { ($0.id, $0) },
      uniquingKeysWith: { first, _ in first })
    let order = Dictionary(
      report.tests.enumerated().map { ($0.element.key, $0.offset) },
      uniquingKeysWith: { first, _ in first })
    let ungraded = Set(sources.manifest.suiteUngradedMutants.map(\.id))
    var graded: [Graded] = []
    for entry in report.mutants
    where entry.result == .killed && entry.built == .schemata && !ungraded.contains(entry.id) {
      guard let mutant = found[entry.id] else {
        throw WorkshopError(
          "Tests/\(id)/\(subject.fileName) lists mutant \(entry.id), which the engine does not "
            + "make today; rerun \(command).")
      }
      let namer = entry.killedBy.compactMap { key in order[key].map { report.tests[$0] } }
        .min { (order[$0.key] ?? 0) < (order[$1.key] ?? 0) }
      guard let namer else { continue }
      graded.append(Graded(id: entry.id, step: namer.step, behaviour: namer.name, mutant: mutant))
    }
    return FeatureMutants(graded: graded, files: files)
  }

  /// The steps with graded mutants, lowest first.
  public var steps: [Int] { Set(graded.map(\.step)).sorted() }

  /// The points the generated mutants add to an exercise whose hand mutants are `handMutants`:
  /// each step's share (``SuiteScore``).
  public func shares(handMutants: [ManifestMutant]) -> Int {
    steps.reduce(0) { $0 + SuiteScore.share(step: $1, handMutants: handMutants) }
  }
}
