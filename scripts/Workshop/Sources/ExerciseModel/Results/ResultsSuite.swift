import Foundation

/// What grading the tests a learner wrote found, in `results.json` (`suite` of an exercise of
/// kind `tests`): see ``ResultsSchema`` for the meaning of each key.
public struct ResultsSuite: Codable, Sendable, Equatable {
  /// A test that does not pass against the correct feature.
  public struct WrongTest: Codable, Sendable, Equatable {
    public var name: String
    public var outcome: String
    public var message: String

    public enum CodingKeys: String, CodingKey, CaseIterable {
      case name, outcome, message
    }

    public init(name: String, outcome: String, message: String) {
      self.name = name
      self.outcome = outcome
      self.message = message
    }
  }

  /// One mutant of the feature, caught or not.
  public struct Mutant: Codable, Sendable, Equatable {
    public var name: String
    public var behaviour: String
    public var step: Int
    public var points: Int
    public var caught: Bool
    public var caughtBy: String?

    public enum CodingKeys: String, CodingKey, CaseIterable {
      case name, behaviour, step, points, caught
      case caughtBy = "caught_by"
    }

    public init(
      name: String, behaviour: String, step: Int, points: Int, caught: Bool, caughtBy: String?
    ) {
      self.name = name
      self.behaviour = behaviour
      self.step = step
      self.points = points
      self.caught = caught
      self.caughtBy = caughtBy
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(behaviour, forKey: .behaviour)
      try container.encode(step, forKey: .step)
      try container.encode(points, forKey: .points)
      try container.encode(caught, forKey: .caught)
      try container.encode(caughtBy, forKey: .caughtBy)
    }
  }

  /// The generated mutants one behaviour of the reference suite names (``FeatureMutants``).
  public struct Behaviour: Codable, Sendable, Equatable {
    public var behaviour: String
    public var step: Int
    public var bugs: Int
    public var caught: Int

    public enum CodingKeys: String, CodingKey, CaseIterable {
      case behaviour, step, bugs, caught
    }

    public init(behaviour: String, step: Int, bugs: Int, caught: Int) {
      self.behaviour = behaviour
      self.step = step
      self.bugs = bugs
      self.caught = caught
    }
  }

  public var tests: [String]
  public var wrongTests: [WrongTest]
  public var realTimeTests: [String]
  public var mutants: [Mutant]
  public var generated: [Behaviour]

  public enum CodingKeys: String, CodingKey, CaseIterable {
    case tests, mutants, generated
    case wrongTests = "wrong_tests"
    case realTimeTests = "real_time_tests"
  }

  public init(
    tests: [String], wrongTests: [WrongTest], realTimeTests: [String], mutants: [Mutant],
    generated: [Behaviour] = []
  ) {
    self.tests = tests
    self.wrongTests = wrongTests
    self.realTimeTests = realTimeTests
    self.mutants = mutants
    self.generated = generated
  }

  /// The `results.json` form of `report`.
  public init(_ report: SuiteReport) {
    self.init(
      tests: report.tests,
      wrongTests: report.wrongTests.map {
        WrongTest(name: $0.test, outcome: $0.status.rawValue, message: $0.message)
      },
      realTimeTests: report.realTime.map(\.test),
      mutants: report.verdicts.enumerated().map { index, verdict in
        // Named by its place, `step-1-mutant-2`: the manifest's names describe the mutant's
        // code, and a learner is never told a miss by its code.
        let rank = report.verdicts[...index].filter { $0.mutant.step == verdict.mutant.step }.count
        return Mutant(
          name: "step-\(verdict.mutant.step)-mutant-\(rank)", behaviour: verdict.mutant.behaviour,
          step: verdict.mutant.step, points: verdict.mutant.points, caught: verdict.isCaught,
          caughtBy: verdict.caughtBy)
      },
      generated: SuiteFeedback.behaviours(report.generated).map {
        Behaviour(behaviour: $0.words, step: $0.step, bugs: $0.bugs, caught: $0.caught)
      })
  }
}
