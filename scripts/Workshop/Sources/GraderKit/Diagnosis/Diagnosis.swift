import Foundation

/// The likely misunderstanding behind a learner's failures in one exercise.
///
/// Every exercise carries decoys: plausible wrong implementations, each modelling one
/// misunderstanding, whose failing tests are recorded in `Tests/<id>/signatures.json`. When a
/// learner's failing tests match a decoy's by ``DiagnosisRule``, the reports name that decoy's
/// misunderstanding, in the learner's terms, and the lesson step to reread. The lesson stays the
/// authority: the message points to it and never shows a hidden test's source.
///
/// ```swift
/// let diagnosis = Diagnosis(
///   exerciseID: "05-context-forcing", decoy: "previews-first", match: .exact,
///   misunderstanding: "Checks XCODE_RUNNING_FOR_PREVIEWS before SWIFT_DEPENDENCIES_CONTEXT.",
///   lessonStep: "Step 1: a valid SWIFT_DEPENDENCIES_CONTEXT forces the context")
/// print(diagnosis.message)
/// ```
public struct Diagnosis: Codable, Sendable, Equatable {
  /// How closely the learner's failing tests match the decoy's.
  public enum Match: String, Codable, Sendable {
    /// The learner fails exactly the tests the decoy fails.
    case exact
    /// Nearly the same tests, by ``DiagnosisRule``'s documented rule.
    case close
  }

  /// The decoy's name in the manifest (instructor side), such as `previews-first`.
  public var decoy: String
  public var match: Match
  /// The decoy's misunderstanding, from the manifest, in the learner's terms.
  public var misunderstanding: String
  /// The lesson step to reread, as the lesson's tests name it (`Step 4: …`), or nil when the
  /// manifest names none and none could be found.
  public var lessonStep: String?
  /// The lesson, relative to the workspace: `Exercises/<id>/README.md`.
  public var lesson: String

  public init(
    exerciseID: String, decoy: String, match: Match, misunderstanding: String,
    lessonStep: String?
  ) {
    self.decoy = decoy
    self.match = match
    self.misunderstanding = misunderstanding
    self.lessonStep = lessonStep
    self.lesson = "Exercises/\(exerciseID)/README.md"
  }

  /// What to reread, as a sentence.
  public var reread: String {
    guard let lessonStep else {
      return "Reread the steps of the lesson, \(lesson), and compare each with your code."
    }
    return "Reread \u{201C}\(lessonStep)\u{201D} in the lesson, \(lesson)."
  }

  /// The message for the learner, as plain text: which misunderstanding the failures point to,
  /// what to reread, and that it is a likely cause, not a verdict.
  public var message: String {
    let opening =
      match == .exact
      ? "Your code fails exactly the tests that catch this misunderstanding:"
      : "Your code fails nearly the same tests as code with this misunderstanding:"
    return opening + " " + misunderstanding + " " + reread + " " + Self.caveat
  }

  /// What every report says with a misunderstanding: the terminal, the Markdown feedback, the
  /// JSON results and the class page alike.
  public static let caveat =
    "If you have not written that part yet, finish it first: this is a likely cause, not a "
    + "verdict."
}
