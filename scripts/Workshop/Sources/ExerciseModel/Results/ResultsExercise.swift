import Foundation

/// One exercise in ``ResultsDocument``: its status, points, notes, review flags, diagnosis and
/// tests.
public struct ResultsExercise: Codable, Sendable, Equatable {
  /// The exercise's id, `NN-kebab-name`.
  public var id: String
  /// The exercise's title.
  public var title: String
  /// `pass`, `fail` or `error`.
  public var status: String
  /// `graded`, `compile error` or `missing`.
  public var gradingStatus: String
  /// Points scored in this exercise.
  public var points: Int
  /// Points available in this exercise.
  public var maxPoints: Int
  /// Things to know that are not test results.
  public var notes: [String]
  /// The likely misunderstanding, when the failing tests match a decoy's.
  public var diagnosis: ResultsDiagnosis?
  /// The lowest lesson step with a failing test; nil when every step's tests pass.
  public var nextStep: Int?
  /// The lesson's own words for ``nextStep`` (its paragraph in the exercise's README), or nil.
  public var nextStepLesson: String?
  /// Each lesson step, in order: its tests passed out of its total, and whether it is started.
  public var steps: [StepProgress]
  /// One entry per test, in the order to fix them in.
  public var tests: [ResultsTest]
  /// Lines of the learner's sources, and refused event-stream records, for the instructor.
  public var review: [ReviewFlag]
  /// For an exercise where the learner writes tests: what grading them found.
  public var suite: ResultsSuite? = nil

  /// The keys, as written (``ResultsSchema`` documents each).
  public enum CodingKeys: String, CodingKey, CaseIterable {
    case id, title, status, points, notes, diagnosis, steps, tests, review, suite
    case gradingStatus = "grading_status"
    case maxPoints = "max_points"
    case nextStep = "next_step"
    case nextStepLesson = "next_step_lesson"
  }

  public init(
    id: String, title: String, status: String, gradingStatus: String, points: Int,
    maxPoints: Int, notes: [String], diagnosis: ResultsDiagnosis?, nextStep: Int? = nil,
    nextStepLesson: String? = nil, steps: [StepProgress] = [], tests: [ResultsTest],
    review: [ReviewFlag]
  ) {
    self.id = id
    self.title = title
    self.status = status
    self.gradingStatus = gradingStatus
    self.points = points
    self.maxPoints = maxPoints
    self.notes = notes
    self.diagnosis = diagnosis
    self.nextStep = nextStep
    self.nextStepLesson = nextStepLesson
    self.steps = steps
    self.tests = tests
    self.review = review
  }

  /// Reads an exercise; `next_step`, `next_step_lesson` and `steps`, which files written before steps were reported
  /// lack, read as none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    status = try container.decode(String.self, forKey: .status)
    gradingStatus = try container.decode(String.self, forKey: .gradingStatus)
    points = try container.decode(Int.self, forKey: .points)
    maxPoints = try container.decode(Int.self, forKey: .maxPoints)
    notes = try container.decode([String].self, forKey: .notes)
    diagnosis = try container.decodeIfPresent(ResultsDiagnosis.self, forKey: .diagnosis)
    nextStep = try container.decodeIfPresent(Int.self, forKey: .nextStep)
    nextStepLesson = try container.decodeIfPresent(String.self, forKey: .nextStepLesson)
    steps = try container.decodeIfPresent([StepProgress].self, forKey: .steps) ?? []
    tests = try container.decode([ResultsTest].self, forKey: .tests)
    review = try container.decode([ReviewFlag].self, forKey: .review)
    suite = try container.decodeIfPresent(ResultsSuite.self, forKey: .suite)
  }

  /// Writes every key, `null` for an absent diagnosis.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(status, forKey: .status)
    try container.encode(gradingStatus, forKey: .gradingStatus)
    try container.encode(points, forKey: .points)
    try container.encode(maxPoints, forKey: .maxPoints)
    try container.encode(notes, forKey: .notes)
    try container.encode(diagnosis, forKey: .diagnosis)
    try container.encode(nextStep, forKey: .nextStep)
    try container.encode(nextStepLesson, forKey: .nextStepLesson)
    try container.encode(steps, forKey: .steps)
    try container.encode(tests, forKey: .tests)
    try container.encode(review, forKey: .review)
    try container.encode(suite, forKey: .suite)
  }
}
