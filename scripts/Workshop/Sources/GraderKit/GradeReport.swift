import Foundation
import WorkshopKit

/// Everything one grading run found about one learner's submission: the data every report
/// format (terminal table, Markdown, JSON, JUnit XML, CSV gradebook) is written from.
///
/// Reports are deterministic: grading the same submission twice gives equal values, apart from
/// `gradedAt`.
public struct GradeReport: Codable, Sendable, Equatable {
  /// Who the submission belongs to: the submission folder's name.
  public var learner: String
  /// The submission folder, as an absolute path.
  public var submission: String
  /// When grading finished (the one field that differs between two gradings).
  public var gradedAt: Date
  /// One entry per graded exercise, in learning order.
  public var exercises: [GradedExercise]
  /// Whether the learner's test processes ran in a ``Sandbox``.
  public var sandboxed: Bool
  /// Notes about the grading run itself, the same in every learner's reports: for example
  /// that tests ran without a sandbox, and why.
  public var gradingNotes: [String]

  public init(
    learner: String, submission: String, gradedAt: Date, exercises: [GradedExercise],
    sandboxed: Bool = true, gradingNotes: [String] = []
  ) {
    self.learner = learner
    self.submission = submission
    self.gradedAt = gradedAt
    self.exercises = exercises
    self.sandboxed = sandboxed
    self.gradingNotes = gradingNotes
  }

  /// Every review flag of the submission, each prefixed with its exercise's id.
  public var reviewSummary: [String] {
    exercises.flatMap { exercise in exercise.review.map { "\(exercise.id) \($0.summary)" } }
  }

  public var points: Int { exercises.reduce(0) { $0 + $1.points } }
  public var maximumPoints: Int { exercises.reduce(0) { $0 + $1.maximumPoints } }
}

/// How grading one exercise went as a whole.
public enum ExerciseStatus: String, Codable, Sendable, CaseIterable {
  /// The tests ran; each test has its own status.
  case graded
  /// The sources did not compile: every test has status `error` and the compiler's message.
  case compileError = "compile error"
  /// The submission has no `Exercises/<id>/Sources/<Module>/` folder: nothing to grade.
  case missing
}

/// The result of one exercise of a submission.
public struct GradedExercise: Codable, Sendable, Equatable {
  /// `NN-kebab-name`.
  public var id: String
  public var title: String
  public var status: ExerciseStatus
  /// Things the learner should know that are not test results, in plain words; for example
  /// "Sources/ContextForcing/Link.swift is a symbolic link; it was not used."
  public var notes: [String]
  /// Every graded test, in the manifest's order (the order a learner should fix them in).
  public var tests: [GradedTest]
  /// Lines of the learner's sources for the instructor to read (see ``SourceReview``), and
  /// event-stream records the grader refused; for the instructor's reports only, never a score.
  public var review: [ReviewFlag]
  /// The misunderstanding the failing tests most likely come from, when they match a decoy's
  /// (see ``Diagnoser``); nil otherwise, and always for a compile error or a missing exercise.
  public var diagnosis: Diagnosis?

  public init(
    id: String, title: String, status: ExerciseStatus, notes: [String], tests: [GradedTest],
    review: [ReviewFlag] = [], diagnosis: Diagnosis? = nil
  ) {
    self.id = id
    self.title = title
    self.status = status
    self.notes = notes
    self.tests = tests
    self.review = review
    self.diagnosis = diagnosis
  }

  public var points: Int { tests.reduce(0) { $0 + $1.points } }
  public var maximumPoints: Int { tests.reduce(0) { $0 + $1.maximumPoints } }
  public var passedCount: Int { tests.filter { $0.status == .passed }.count }
}

/// The result of one graded test.
public struct GradedTest: Codable, Sendable, Equatable {
  /// `Suite/function()`, as Swift Testing names it without the module and source location.
  public var id: String
  /// Whether the learner has this test's source (it is in one of the exercise's visible test
  /// files). Hidden tests are reported by name, points, status and hint only: their source
  /// code, and failure text quoting it, never appear in a report.
  public var isVisible: Bool
  public var status: TestStatus
  /// Why the test did not pass, in plain words, or nil when it passed. For a hidden test only
  /// the test author's explanations are kept, never the expression that failed.
  public var message: String?
  /// `File.swift:line` of the first failure, for visible tests only.
  public var location: String?
  public var points: Int
  public var maximumPoints: Int
  /// The manifest's hint for this test, shown when it did not pass.
  public var hint: String?

  public init(
    id: String, isVisible: Bool, status: TestStatus, message: String?, location: String?,
    points: Int, maximumPoints: Int, hint: String?
  ) {
    self.id = id
    self.isVisible = isVisible
    self.status = status
    self.message = message
    self.location = location
    self.points = points
    self.maximumPoints = maximumPoints
    self.hint = hint
  }
}
