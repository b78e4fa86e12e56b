import Foundation
import WorkshopCore

/// One learner's results as JSON close to Exercism's `results.json`, version 3.
///
/// The output is pretty-printed with sorted keys, so equal reports give equal text. Absent
/// values are written as `null`, never left out. See ``schemaDescription`` for the fields.
public enum JSONResults {
  /// Renders `report` as pretty-printed JSON with sorted keys (no trailing newline).
  ///
  /// - Throws: an `EncodingError` if the report cannot be encoded.
  public static func render(_ report: GradeReport) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(Results(report))
    return String(decoding: data, as: UTF8.self)
  }

  /// The total points and maximum points of JSON written by ``render(_:)``.
  ///
  /// - Throws: a `DecodingError` if `json` is not such a document.
  public static func decodeSummary(_ json: String) throws -> (points: Int, maxPoints: Int) {
    let summary = try JSONDecoder().decode(Summary.self, from: Data(json.utf8))
    return (summary.points, summary.maxPoints)
  }

  /// A Markdown description of the JSON this type writes, for the documentation.
  public static let schemaDescription = """
    The JSON results file (close to Exercism's `results.json`, version 3) has these top-level \
    fields:

    | Field | Type | Meaning |
    | :-- | :-- | :-- |
    | `version` | number | Always `3`. |
    | `status` | string | `pass` if every exercise passes, `error` if every exercise is \
    `error` (or there are none), else `fail`. |
    | `message` | string or null | Why the status is `error`; `null` otherwise. |
    | `learner` | string | The submission folder's name. |
    | `submission` | string | The submission folder's absolute path. |
    | `graded_at` | string | When grading finished, ISO 8601 in UTC. |
    | `sandboxed` | boolean | Whether the learner's test processes ran in a sandbox. |
    | `grading_notes` | array of strings | Notes about the grading run itself, such as why \
    there was no sandbox. |
    | `points`, `max_points` | number | Points scored and available, over all exercises. |
    | `exercises` | array | One object per exercise, in learning order. |

    Each exercise:

    | Field | Type | Meaning |
    | :-- | :-- | :-- |
    | `id`, `title` | string | The exercise's id (`NN-kebab-name`) and title. |
    | `status` | string | `error` if it did not compile or is missing, `pass` if every test \
    passed, else `fail`. |
    | `grading_status` | string | `graded`, `compile error` or `missing`. |
    | `points`, `max_points` | number | Points scored and available in this exercise. |
    | `notes` | array of strings | Things to know that are not test results. |
    | `review` | array | For the instructor: lines of the learner's sources that use what \
    no solution needs (process exit, command-line arguments, file or socket I/O, starting \
    processes, `dlopen`/`dlsym`, `@_silgen_name`, signals), and event-stream records the \
    grader refused; each `file`, `line`, `reason`, `code`. Never a score change. |
    | `diagnosis` | object or null | The likely misunderstanding, when the failing tests match \
    a decoy's (see below); `null` otherwise, and always for `error`. |
    | `tests` | array | One object per test, in the order to fix them in. |

    A diagnosis:

    | Field | Type | Meaning |
    | :-- | :-- | :-- |
    | `decoy` | string | The name of the decoy whose failing tests match (instructor side). |
    | `match` | string | `exact` (the same failing tests, with the same ones crashed and timed \
    out) or `close` (by the documented rule; never when a test crashed or timed out). |
    | `misunderstanding` | string | The decoy's misunderstanding, in the learner's terms. |
    | `lesson_step` | string or null | The lesson step to reread, as the lesson names it. |
    | `lesson` | string | The lesson's path: `Exercises/<id>/README.md`. |
    | `message` | string | The whole message shown to the learner. |

    Each test:

    | Field | Type | Meaning |
    | :-- | :-- | :-- |
    | `name` | string | The test's id, `Suite/function()`. |
    | `status` | string | `pass` (passed), `fail` (failed) or `error` (anything else). |
    | `outcome` | string | `passed`, `failed`, `error`, `crashed`, `timed out` or `not run`. |
    | `message` | string or null | Why the test did not pass; `null` when it passed. |
    | `location` | string or null | `File.swift:line` of the first failure (visible tests). |
    | `visible` | boolean | Whether the learner has the test's source. |
    | `points`, `max_points` | number | Points scored and available for this test. |
    | `hint` | string or null | The test author's hint. |
    """

  // MARK: - Mapping

  /// Exercism's status of one test.
  static func status(of test: TestStatus) -> String {
    switch test {
    case .passed: "pass"
    case .failed: "fail"
    case .error, .crashed, .timedOut, .notRun: "error"
    }
  }

  /// Exercism's status of one exercise.
  static func status(of exercise: GradedExercise) -> String {
    guard exercise.status == .graded else { return "error" }
    return exercise.tests.allSatisfy { $0.status == .passed } ? "pass" : "fail"
  }

  /// Exercism's status of a whole submission.
  static func status(of exercises: [String]) -> String {
    if exercises.allSatisfy({ $0 == "error" }) { return "error" }
    return exercises.allSatisfy { $0 == "pass" } ? "pass" : "fail"
  }
}

// MARK: - Encoded shapes

private struct Results: Encodable {
  var version = 3
  var status: String
  var message: String?
  var learner: String
  var submission: String
  var gradedAt: String
  var sandboxed: Bool
  var gradingNotes: [String]
  var points: Int
  var maxPoints: Int
  var exercises: [Exercise]

  enum CodingKeys: String, CodingKey {
    case version, status, message, learner, submission, points, exercises, sandboxed
    case gradedAt = "graded_at"
    case gradingNotes = "grading_notes"
    case maxPoints = "max_points"
  }

  init(_ report: GradeReport) {
    exercises = report.exercises.map(Exercise.init)
    status = JSONResults.status(of: exercises.map(\.status))
    if report.exercises.isEmpty {
      message = "There were no exercises to grade."
    } else if status == "error" {
      message =
        "No exercise could be graded: "
        + report.exercises.map { "\($0.id) (\($0.status.rawValue))" }.joined(separator: ", ")
        + "."
    }
    learner = report.learner
    submission = report.submission
    gradedAt = ReportFormatting.timestamp(report.gradedAt)
    sandboxed = report.sandboxed
    gradingNotes = report.gradingNotes
    points = report.points
    maxPoints = report.maximumPoints
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(status, forKey: .status)
    try container.encode(message, forKey: .message)
    try container.encode(learner, forKey: .learner)
    try container.encode(submission, forKey: .submission)
    try container.encode(gradedAt, forKey: .gradedAt)
    try container.encode(sandboxed, forKey: .sandboxed)
    try container.encode(gradingNotes, forKey: .gradingNotes)
    try container.encode(points, forKey: .points)
    try container.encode(maxPoints, forKey: .maxPoints)
    try container.encode(exercises, forKey: .exercises)
  }
}

private struct Exercise: Encodable {
  var id: String
  var title: String
  var status: String
  var gradingStatus: String
  var points: Int
  var maxPoints: Int
  var notes: [String]
  var diagnosis: DiagnosisObject?
  var tests: [Test]
  var review: [ReviewFlag]

  enum CodingKeys: String, CodingKey {
    case id, title, status, points, notes, diagnosis, tests, review
    case gradingStatus = "grading_status"
    case maxPoints = "max_points"
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(status, forKey: .status)
    try container.encode(gradingStatus, forKey: .gradingStatus)
    try container.encode(points, forKey: .points)
    try container.encode(maxPoints, forKey: .maxPoints)
    try container.encode(notes, forKey: .notes)
    try container.encode(diagnosis, forKey: .diagnosis)
    try container.encode(tests, forKey: .tests)
    try container.encode(review, forKey: .review)
  }

  init(_ exercise: GradedExercise) {
    id = exercise.id
    title = exercise.title
    status = JSONResults.status(of: exercise)
    gradingStatus = exercise.status.rawValue
    points = exercise.points
    maxPoints = exercise.maximumPoints
    notes = exercise.notes
    diagnosis = exercise.diagnosis.map(DiagnosisObject.init)
    tests = exercise.tests.map(Test.init)
    review = exercise.review
  }
}

private struct DiagnosisObject: Encodable {
  var decoy: String
  var match: String
  var misunderstanding: String
  var lessonStep: String?
  var lesson: String
  var message: String

  enum CodingKeys: String, CodingKey {
    case decoy, match, misunderstanding, lesson, message
    case lessonStep = "lesson_step"
  }

  init(_ diagnosis: Diagnosis) {
    decoy = diagnosis.decoy
    match = diagnosis.match.rawValue
    misunderstanding = diagnosis.misunderstanding
    lessonStep = diagnosis.lessonStep
    lesson = diagnosis.lesson
    message = diagnosis.message
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(decoy, forKey: .decoy)
    try container.encode(match, forKey: .match)
    try container.encode(misunderstanding, forKey: .misunderstanding)
    try container.encode(lessonStep, forKey: .lessonStep)
    try container.encode(lesson, forKey: .lesson)
    try container.encode(message, forKey: .message)
  }
}

private struct Test: Encodable {
  var name: String
  var status: String
  var outcome: String
  var message: String?
  var location: String?
  var visible: Bool
  var points: Int
  var maxPoints: Int
  var hint: String?

  enum CodingKeys: String, CodingKey {
    case name, status, outcome, message, location, visible, points, hint
    case maxPoints = "max_points"
  }

  init(_ test: TestResult) {
    name = test.id
    status = JSONResults.status(of: test.status)
    outcome = test.status.rawValue
    message = test.message
    location = test.isVisible ? test.location : nil
    visible = test.isVisible
    points = test.points
    maxPoints = test.maximumPoints
    hint = test.hint
  }

  func encode(to encoder: any Encoder) throws {
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
  }
}

private struct Summary: Decodable {
  var points: Int
  var maxPoints: Int

  enum CodingKeys: String, CodingKey {
    case points
    case maxPoints = "max_points"
  }
}
