import ExerciseModel
import Foundation

/// What a mutation analysis changes, and which tests must notice.
///
/// - ``solution``: the learner's code of the solution (its `#if SOLUTION` sides), against the
///   solution tests: how well the solution tests grade a learner's code (`mutation.json`).
/// - ``feature``: every line of the feature a learner's tests run against (kind `tests` or
///   `both`), against the reference suite: the bugs a complete suite catches, which then grade
///   the suites learners write (`suite-mutation.json`).
///
/// ```swift
/// let files = try MutationSubject.feature.sources(of: sources)
/// let url = MutationSubject.feature.url(for: "13-testing-a-feature", in: layout)
/// ```
public enum MutationSubject: String, Sendable, Codable, CaseIterable {
  case solution
  case feature

  /// The report's file name inside `Tests/<id>/`.
  public var fileName: String {
    switch self {
    case .solution: "mutation.json"
    case .feature: "suite-mutation.json"
    }
  }

  /// The tests that must kill the mutants, in words.
  public var testsName: String {
    switch self {
    case .solution: "solution test"
    case .feature: "reference test"
    }
  }

  /// The manifest key that records this subject's equivalent mutants.
  public var equivalentKey: String {
    switch self {
    case .solution: "equivalentMutants"
    case .feature: "suiteEquivalentMutants"
    }
  }

  public func url(for id: String, in layout: WorkspaceLayout) -> URL {
    layout.instructor(id).appendingPathComponent(fileName)
  }

  /// The files whose lines the mutants change.
  public func sources(of sources: ExerciseSources) throws -> [MutationFile] {
    switch self {
    case .solution: try MutationFile.module(of: sources)
    case .feature: try MutationFile.feature(of: sources)
    }
  }

  /// The manifest's equivalent mutants of this subject.
  public func equivalentMutants(_ manifest: ExerciseManifest)
    -> [ExerciseManifest.EquivalentMutant]
  {
    switch self {
    case .solution: manifest.equivalentMutants
    case .feature: manifest.suiteEquivalentMutants
    }
  }

  /// The subjects an exercise has: the solution's for learners' code, the feature's for
  /// learners' tests.
  public static func of(_ manifest: ExerciseManifest) -> [MutationSubject] {
    (manifest.gradesSources ? [.solution] : []) + (manifest.gradesTests ? [.feature] : [])
  }
}
