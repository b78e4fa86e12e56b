import ExerciseModel
import Foundation

/// One learner's results as JSON close to Exercism's `results.json`, version 3: a grade report
/// turned into a ``ResultsDocument``, the type `results.json` is written from and read back
/// through. ``ResultsSchema`` documents the fields.
public enum JSONResults {
  /// Renders `report` as pretty-printed JSON with sorted keys (no trailing newline).
  ///
  /// - Throws: an `EncodingError` if the report cannot be encoded.
  public static func render(_ report: GradeReport) throws -> String {
    try ResultsDocument(report).encoded()
  }

  /// The total points and maximum points of JSON written by ``render(_:)``.
  ///
  /// - Throws: a `DecodingError` if `json` is not such a document.
  public static func decodeSummary(_ json: String) throws -> (points: Int, maxPoints: Int) {
    let results = try ResultsDocument.decode(Data(json.utf8))
    return (results.points, results.maxPoints)
  }

  /// A Markdown description of the JSON this type writes, for the documentation: the same as
  /// ``ResultsSchema/markdown``.
  public static var schemaDescription: String { ResultsSchema.markdown }

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

// MARK: - From the grade report

extension ResultsDocument {
  init(_ report: GradeReport) {
    let exercises = report.exercises.map(ResultsExercise.init)
    var status = JSONResults.status(of: exercises.map(\.status))
    var message: String?
    if report.isHeldForReview {
      status = ReviewHolds.heldStatus
      message =
        "Held for review: lines of this submission are flagged for the instructor to read "
        + "(see each exercise's `review`). The grade counts once the instructor releases it."
    } else if report.exercises.isEmpty {
      message = "There were no exercises to grade."
    } else if status == "error" {
      message =
        "No exercise could be graded: "
        + report.exercises.map { "\($0.id) (\($0.status.rawValue))" }.joined(separator: ", ")
        + "."
    }
    self.init(
      status: status, message: message, learner: report.learner,
      submission: report.submission, gradedAt: ReportFormatting.timestamp(report.gradedAt),
      sandboxed: report.sandboxed, gradingNotes: report.gradingNotes, points: report.points,
      maxPoints: report.maximumPoints, exercises: exercises)
    commit = report.commit
  }
}

extension ResultsExercise {
  init(_ exercise: GradedExercise) {
    self.init(
      id: exercise.id, title: exercise.title, status: JSONResults.status(of: exercise),
      gradingStatus: exercise.status.rawValue, points: exercise.points,
      maxPoints: exercise.maximumPoints, notes: exercise.notes,
      diagnosis: exercise.diagnosis.map(ResultsDiagnosis.init), nextStep: exercise.nextStep,
      nextStepLesson: exercise.nextStepLesson,
      steps: exercise.steps,
      tests: exercise.tests.map(ResultsTest.init),
      review: exercise.review)
    suite = exercise.suite.map(ResultsSuite.init)
  }
}

extension ResultsDiagnosis {
  init(_ diagnosis: Diagnosis) {
    self.init(
      decoy: diagnosis.decoy, match: diagnosis.match.rawValue,
      misunderstanding: diagnosis.misunderstanding, lessonStep: diagnosis.lessonStep,
      lesson: diagnosis.lesson, message: diagnosis.message)
  }
}

extension ResultsTest {
  init(_ test: TestResult) {
    self.init(
      name: test.id, status: JSONResults.status(of: test.status), outcome: test.status.rawValue,
      message: test.message, location: test.isVisible ? test.location : nil,
      visible: test.isVisible, points: test.points, maxPoints: test.maximumPoints, hint: test.hint,
      step: test.step)
  }
}
