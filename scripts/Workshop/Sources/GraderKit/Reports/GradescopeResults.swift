import ExerciseModel
import Foundation

/// One learner's grade as Gradescope's autograder reports it (`results.json` in
/// `/autograder/results/`): the score, the learner's feedback as the submission's text, and one
/// entry per graded test with its points, what happened and who may see it.
///
/// Gradescope's fields: `score` (the submission's points), `output` and `output_format` (the
/// feedback, Markdown), `visibility` and `stdout_visibility`, and `tests`, each with `name`,
/// `number` (the order to show them in), `score`, `max_score`, `status` (`passed` or `failed`),
/// `output` (how it ended when it did not pass — Gradescope knows only passed and failed — its
/// message and hint), `output_format` and `visibility`: `visible` for the tests a learner has,
/// the configured value for hidden ones. A grade held for review scores 0 until an instructor
/// releases it, as in the gradebook.
///
/// ```swift
/// let json = try GradescopeResults.render(report, hiddenTests: .afterPublished)
/// ```
public enum GradescopeResults {
  /// When Gradescope shows a test to the learner.
  public enum Visibility: String, CaseIterable, Sendable {
    case visible
    case hidden
    case afterDueDate = "after_due_date"
    case afterPublished = "after_published"
  }

  /// The document, in Gradescope's field names.
  struct Document: Encodable {
    var score: Int
    var output: String
    var outputFormat = "md"
    var visibility = Visibility.visible.rawValue
    var stdoutVisibility = Visibility.hidden.rawValue
    var tests: [Test]

    enum CodingKeys: String, CodingKey {
      case score, output, visibility, tests
      case outputFormat = "output_format"
      case stdoutVisibility = "stdout_visibility"
    }
  }

  /// One test, in Gradescope's field names.
  struct Test: Encodable {
    var name: String
    var number: String
    var score: Int
    var maxScore: Int
    var status: String
    var output: String
    var outputFormat = "md"
    var visibility: String

    enum CodingKeys: String, CodingKey {
      case name, number, score, status, output, visibility
      case maxScore = "max_score"
      case outputFormat = "output_format"
    }
  }

  /// Renders `report` as Gradescope's `results.json` (pretty-printed, sorted keys), hidden
  /// tests with visibility `hiddenTests`.
  ///
  /// - Throws: an `EncodingError` if the document cannot be encoded.
  public static func render(_ report: GradeReport, hiddenTests: Visibility) throws -> String {
    let held = report.isHeldForReview
    var tests: [Test] = []
    for (exerciseNumber, exercise) in report.exercises.enumerated() {
      for (testNumber, test) in exercise.tests.enumerated() {
        let passed = test.status == .passed
        // Gradescope knows passed and failed only: how a test did not pass comes first.
        var output = [
          passed ? nil : "Outcome: \(test.status.rawValue).", test.message,
          test.hint.map { "Hint: " + $0 },
        ].compactMap { $0 }
        if held {
          output.append("Held for review: this test counts once your instructor releases it.")
        }
        tests.append(
          Test(
            name: "\(exercise.id): \(test.id)",
            number: "\(exerciseNumber + 1).\(testNumber + 1)",
            score: held ? 0 : test.points, maxScore: test.maximumPoints,
            status: passed ? "passed" : "failed",
            output: output.joined(separator: "\n\n"),
            visibility: test.isVisible ? Visibility.visible.rawValue : hiddenTests.rawValue))
      }
    }
    let document = Document(
      score: held ? 0 : report.points, output: MarkdownFeedback.render(report), tests: tests)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(document), as: UTF8.self)
  }
}
