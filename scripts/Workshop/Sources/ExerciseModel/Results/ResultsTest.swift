import Foundation

/// One test of an exercise in ``ResultsDocument``: how it ended, why, and its points.
public struct ResultsTest: Codable, Sendable, Equatable {
  /// The test's id, `Suite/function()`.
  public var name: String
  /// `pass`, `fail` or `error`.
  public var status: String
  /// `passed`, `failed`, `error`, `crashed`, `timed out` or `not run`.
  public var outcome: String
  /// Why the test did not pass; nil when it passed.
  public var message: String?
  /// `File.swift:line` of the first failure, for visible tests only.
  public var location: String?
  /// Whether the learner has the test's source.
  public var visible: Bool
  /// Points scored for this test.
  public var points: Int
  /// Points available for this test.
  public var maxPoints: Int
  /// The test author's hint.
  public var hint: String?
  /// The lesson step the test is in (the first, for a test in several); nil for a test in no
  /// step.
  public var step: Int?

  /// The keys, as written (``ResultsSchema`` documents each).
  public enum CodingKeys: String, CodingKey, CaseIterable {
    case name, status, outcome, message, location, visible, points, hint, step
    case maxPoints = "max_points"
  }

  public init(
    name: String, status: String, outcome: String, message: String?, location: String?,
    visible: Bool, points: Int, maxPoints: Int, hint: String?, step: Int? = nil
  ) {
    self.name = name
    self.status = status
    self.outcome = outcome
    self.message = message
    self.location = location
    self.visible = visible
    self.points = points
    self.maxPoints = maxPoints
    self.hint = hint
    self.step = step
  }

  /// Writes every key, `null` for an absent value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(status, forKey: .status)
    try container.encode(outcome, forKey: .outcome)
    try container.encode(message, forKey: .message)
    try container.encode(location, forKey: .location)
    try container.encode(visible, forKey: .visible)
    try container.encode(points, forKey: .points)
    try container.encode(maxPoints, forKey: .maxPoints)
    try container.encode(hint, forKey: .hint)
    try container.encode(step, forKey: .step)
  }
}
