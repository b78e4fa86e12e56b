import Foundation

/// What grading a learner's test suite found (`Engine.gradeSuite` in ExerciseEngine): its tests, the wrong ones,
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

    package init(test: String, status: TestStatus, message: String, passedRuns: Int) {
      self.test = test
      self.status = status
      self.message = message
      self.passedRuns = passedRuns
    }
  }

  /// A test that ran long against the correct feature: it waits for real time.
  public struct TimedTest: Codable, Sendable, Equatable {
    public var test: String
    /// Its shortest run, in seconds.
    public var seconds: Double

    package init(test: String, seconds: Double) {
      self.test = test
      self.seconds = seconds
    }
  }

  /// One mutant and the test that caught it.
  public struct Verdict: Codable, Sendable, Equatable {
    public var mutant: ManifestMutant
    /// The first test that failed against it (twice); nil when none did.
    public var caughtBy: String?
    /// Every test that did not pass against it, in the suite's order: what the checks print for
    /// the reference suite, so one test that catches a whole step's mutants shows at once.
    public var caughtByAll: [String]? = nil

    public var isCaught: Bool { caughtBy != nil }

    public init(mutant: ManifestMutant, caughtBy: String?, caughtByAll: [String]? = nil) {
      self.mutant = mutant
      self.caughtBy = caughtBy
      self.caughtByAll = caughtByAll
    }
  }

  /// One generated mutant of the feature (``FeatureMutants``), caught or not.
  public struct GeneratedVerdict: Codable, Sendable, Equatable {
    /// Its id in `suite-mutation.json` (for authors; never shown to learners).
    public var id: String
    public var step: Int
    /// The behaviour of the reference test that names it.
    public var behaviour: String
    public var isCaught: Bool

    public init(id: String, step: Int, behaviour: String, isCaught: Bool) {
      self.id = id
      self.step = step
      self.behaviour = behaviour
      self.isCaught = isCaught
    }
  }

  /// Every test of the suite, in learning order.
  public var tests: [String]
  public var wrongTests: [WrongTest]
  public var realTime: [TimedTest]
  public var verdicts: [Verdict]
  /// The generated mutants, in learning order of the behaviours that name them.
  public var generated: [GeneratedVerdict]

  public init(
    tests: [String], wrongTests: [WrongTest], realTime: [TimedTest], verdicts: [Verdict],
    generated: [GeneratedVerdict] = []
  ) {
    self.tests = tests
    self.wrongTests = wrongTests
    self.realTime = realTime
    self.verdicts = verdicts
    self.generated = generated
  }

  /// The points of the hand mutants caught (``SuiteScore`` adds the generated mutants' share).
  public var points: Int { verdicts.filter(\.isCaught).reduce(0) { $0 + $1.mutant.points } }
  /// The score with the generated mutants' shares (``SuiteScore``), and the most it could be:
  /// what the exercise's rows add up to.
  public var score: (points: Int, maximum: Int) {
    let hand = verdicts.map(\.mutant)
    var points = self.points
    var maximum = hand.reduce(0) { $0 + $1.points }
    for step in Set(generated.map(\.step)).sorted() {
      let here = generated.filter { $0.step == step }
      let share = SuiteScore.share(step: step, handMutants: hand)
      maximum += share
      points += SuiteScore.earned(
        share: share, caught: here.filter(\.isCaught).count, of: here.count)
    }
    return (points, maximum)
  }

  /// The ids of the generated mutants caught.
  public var caughtGenerated: [String] { generated.filter(\.isCaught).map(\.id) }
  /// The names of the mutants caught, in the manifest's order.
  public var caught: [String] { verdicts.filter(\.isCaught).map(\.mutant.name) }
}
