import Foundation

/// A lesson step as the tests name it: `Step 3: the message for an invalid value`, or
/// `Steps 1 and 2: capture, then restore` for a suite that tests two.
///
/// ```swift
/// let step = LessonStep("Steps 1 and 2: capture, then restore")
/// step?.numbers  // [1, 2]
/// LessonStep("The app: a separate process")  // nil: not a step
/// ```
public struct LessonStep: Sendable, Equatable, Hashable {
  /// The name as written, the whole of it (`Step 3: …`).
  public var title: String
  /// The step numbers the name gives, ascending and without repeats, never empty.
  public var numbers: [Int]

  /// The step `title` names, or nil when it names none: the part before its first colon must
  /// start with "Step" or "Steps" and give a number (``StepTitle`` reads them).
  public init?(_ title: String) {
    let numbers = StepTitle.parse(title)
    guard !numbers.isEmpty else { return nil }
    self.title = title
    self.numbers = numbers
  }
}
