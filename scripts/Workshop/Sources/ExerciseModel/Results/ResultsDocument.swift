import Foundation

/// One learner's results, the grader's `results.json`: close to Exercism's `results.json`,
/// version 3, and read back by the learner tool for the last grade of each exercise.
///
/// The grader builds it from its grade report; ``encoded()`` writes it pretty-printed with
/// sorted keys, so equal results give equal text, and absent values as `null`, never left out.
/// ``ResultsSchema`` documents every field.
///
/// ```swift
/// let results = try ResultsDocument.decode(Data(contentsOf: file))
/// print("\(results.learner): \(results.points)/\(results.maxPoints)")
/// ```
public struct ResultsDocument: Codable, Sendable, Equatable {
  /// Always 3.
  public var version = 3
  /// `pass`, `fail` or `error`, over all exercises.
  public var status: String
  /// Why the status is `error`; nil otherwise.
  public var message: String?
  /// The submission folder's name.
  public var learner: String
  /// The submission folder's absolute path.
  public var submission: String
  /// The commit graded, for a hand-in from the learner's git repository; nil otherwise.
  public var commit: String? = nil
  /// When grading finished, ISO 8601 in UTC.
  public var gradedAt: String
  /// Whether the learner's test processes ran in a sandbox.
  public var sandboxed: Bool
  /// Notes about the grading run itself.
  public var gradingNotes: [String]
  /// Points scored, over all exercises.
  public var points: Int
  /// Points available, over all exercises.
  public var maxPoints: Int
  /// One entry per exercise, in learning order.
  public var exercises: [ResultsExercise]

  /// The keys, as written (``ResultsSchema`` documents each).
  public enum CodingKeys: String, CodingKey, CaseIterable {
    case version, status, message, learner, submission, commit, points, exercises, sandboxed
    case gradedAt = "graded_at"
    case gradingNotes = "grading_notes"
    case maxPoints = "max_points"
  }

  public init(
    status: String, message: String?, learner: String, submission: String, gradedAt: String,
    sandboxed: Bool, gradingNotes: [String], points: Int, maxPoints: Int,
    exercises: [ResultsExercise]
  ) {
    self.status = status
    self.message = message
    self.learner = learner
    self.submission = submission
    self.gradedAt = gradedAt
    self.sandboxed = sandboxed
    self.gradingNotes = gradingNotes
    self.points = points
    self.maxPoints = maxPoints
    self.exercises = exercises
  }

  /// Writes every key, `null` for an absent value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(status, forKey: .status)
    try container.encode(message, forKey: .message)
    try container.encode(learner, forKey: .learner)
    try container.encode(submission, forKey: .submission)
    try container.encode(commit, forKey: .commit)
    try container.encode(gradedAt, forKey: .gradedAt)
    try container.encode(sandboxed, forKey: .sandboxed)
    try container.encode(gradingNotes, forKey: .gradingNotes)
    try container.encode(points, forKey: .points)
    try container.encode(maxPoints, forKey: .maxPoints)
    try container.encode(exercises, forKey: .exercises)
  }

  /// The text of `results.json`: pretty-printed JSON with sorted keys (no trailing newline).
  ///
  /// - Throws: an `EncodingError` if the results cannot be encoded.
  public func encoded() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  /// Reads the text of a `results.json`.
  ///
  /// - Throws: a `DecodingError` if `data` is not such a document.
  public static func decode(_ data: Data) throws -> ResultsDocument {
    try JSONDecoder().decode(ResultsDocument.self, from: data)
  }
}
