import Foundation

/// The likely misunderstanding of one exercise in ``ResultsDocument``: the decoy whose failing
/// tests match the learner's, and the message the learner is shown.
public struct ResultsDiagnosis: Codable, Sendable, Equatable {
  /// The name of the decoy whose failing tests match (instructor side).
  public var decoy: String
  /// `exact` or `close`.
  public var match: String
  /// The decoy's misunderstanding, in the learner's terms.
  public var misunderstanding: String
  /// The lesson step to reread, as the lesson names it.
  public var lessonStep: String?
  /// The lesson's path: `Exercises/<id>/README.md`.
  public var lesson: String
  /// The whole message shown to the learner.
  public var message: String

  /// The keys, as written (``ResultsSchema`` documents each).
  public enum CodingKeys: String, CodingKey, CaseIterable {
    case decoy, match, misunderstanding, lesson, message
    case lessonStep = "lesson_step"
  }

  public init(
    decoy: String, match: String, misunderstanding: String, lessonStep: String?, lesson: String,
    message: String
  ) {
    self.decoy = decoy
    self.match = match
    self.misunderstanding = misunderstanding
    self.lessonStep = lessonStep
    self.lesson = lesson
    self.message = message
  }

  /// Writes every key, `null` for an absent lesson step.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(decoy, forKey: .decoy)
    try container.encode(match, forKey: .match)
    try container.encode(misunderstanding, forKey: .misunderstanding)
    try container.encode(lessonStep, forKey: .lessonStep)
    try container.encode(lesson, forKey: .lesson)
    try container.encode(message, forKey: .message)
  }
}
