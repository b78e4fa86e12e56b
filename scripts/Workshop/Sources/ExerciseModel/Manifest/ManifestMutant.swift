import Foundation

/// A hand-written mutant of a test-writing exercise's feature, kept under
/// `Tests/<id>/Mutants/<name>/<Module>/`: the feature with one plausible bug. A learner's tests
/// catch it when one of them fails, crashes or times out against it (`Engine.gradeSuite` in ExerciseEngine).
///
/// ```json
/// { "name": "welcome-after-nine-seconds", "step": 1, "points": 2, "inLesson": true,
///   "behaviour": "the welcome message appears only after the full 10 seconds" }
/// ```
public struct ManifestMutant: Codable, Sendable, Equatable {
  /// The folder's name; also the name `results.json` gives the mutant.
  public var name: String
  /// The behaviour the mutant breaks, phrased as what a test should check, in the learner's
  /// words: feedback shows it for a mutant the learner's tests miss. Never the mutant's code.
  public var behaviour: String
  /// The lesson step whose tests should catch it.
  public var step: Int
  /// What catching it is worth.
  public var points: Int
  /// Whether the lesson names it as a first target: `scripts/learn` runs the learner's tests
  /// against these mutants only (the others count in the grade).
  public var inLesson: Bool
  /// The lines its bug is on, in its own files: `File.swift:42` or `File.swift:42-45`. The
  /// checks refuse a mutant that changes any other line of the feature (comments aside): a
  /// mutant differs from the feature by its bug alone (``HandMutantChanges``).
  public var lines: [String]

  public init(
    name: String, behaviour: String, step: Int, points: Int, inLesson: Bool = false,
    lines: [String] = []
  ) {
    self.name = name
    self.behaviour = behaviour
    self.step = step
    self.points = points
    self.inLesson = inLesson
    self.lines = lines
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    behaviour = try container.decode(String.self, forKey: .behaviour)
    step = try container.decode(Int.self, forKey: .step)
    points = try container.decode(Int.self, forKey: .points)
    inLesson = try container.decodeIfPresent(Bool.self, forKey: .inLesson) ?? false
    lines = try container.decodeIfPresent([String].self, forKey: .lines) ?? []
  }
}

/// A weak test suite of a test-writing exercise, kept under `Tests/<id>/WeakSuites/<name>/`:
/// what a learner might write (asserts nothing, happy path only, waits for real time), with
/// the mutants it must catch. The checks grade it like a learner's suite and compare.
public struct ManifestWeakSuite: Codable, Sendable, Equatable {
  public var name: String
  /// What makes the suite weak, in a few words.
  public var about: String
  /// The hand mutants it catches, by name; it must catch exactly these.
  public var caught: [String]
  /// The score it must get, the generated mutants' share included (``SuiteScore``); always
  /// below the most an exercise gives.
  public var points: Int?

  public init(name: String, about: String, caught: [String], points: Int? = nil) {
    self.name = name
    self.about = about
    self.caught = caught
    self.points = points
  }
}
