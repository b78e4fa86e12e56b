import Foundation

/// What grading a learner's test suite found (``SuiteGrading``): its tests, the wrong ones,
/// the ones that wait for real time, and each mutant caught or missed.
public struct SuiteReport: Codable, Sendable, Equatable {
  /// A test that does not pass against the correct feature: it catches nothing.
  public struct WrongTest: Codable, Sendable, Equatable {
    /// `Suite/function()`.
    public var test: String
    /// How it ended in the first run that did not pass.
    public var status: TestStatus
    /// That run's message.
    public var message: String
    /// How many runs before that one it passed (more than 0: it flickers).
    public var passedRuns: Int
  }

  /// A test that ran long against the correct feature: it waits for real time.
  public struct TimedTest: Codable, Sendable, Equatable {
    public var test: String
    /// Its shortest run, in seconds.
    public var seconds: Double
  }

  /// One mutant and the test that caught it.
  public struct Verdict: Codable, Sendable, Equatable {
    public var mutant: ManifestMutant
    /// The first test that failed against it (twice); nil when none did.
    public var caughtBy: String?

    public var isCaught: Bool { caughtBy != nil }
  }

  /// Every test of the suite, in learning order.
  public var tests: [String]
  public var wrongTests: [WrongTest]
  public var realTime: [TimedTest]
  public var verdicts: [Verdict]

  /// The points of the mutants caught.
  public var points: Int { verdicts.filter(\.isCaught).reduce(0) { $0 + $1.mutant.points } }
  /// The names of the mutants caught, in the manifest's order.
  public var caught: [String] { verdicts.filter(\.isCaught).map(\.mutant.name) }
}
