import Foundation

/// One lesson step of an exercise in ``ResultsDocument``: its tests passed out of its total,
/// and whether the learner has started it (see ``StepProgress``).
public struct ResultsStep: Codable, Sendable, Equatable {
  /// The step's number, from 1.
  public var number: Int
  /// The step's title, as the lesson names it (`Step 3: …`).
  public var title: String
  /// How many of the step's tests passed.
  public var passed: Int
  /// How many tests the step has.
  public var total: Int
  /// Whether the learner's code for the step differs from the starter, or some of its tests
  /// pass.
  public var started: Bool

  /// The keys, as written (``ResultsSchema`` documents each).
  public enum CodingKeys: String, CodingKey, CaseIterable {
    case number, title, passed, total, started
  }

  public init(number: Int, title: String, passed: Int, total: Int, started: Bool) {
    self.number = number
    self.title = title
    self.passed = passed
    self.total = total
    self.started = started
  }
}
