import ExerciseModel
import Foundation

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
  /// For a grade with review flags: whether an instructor has released it (``ReviewHolds``);
  /// nil for a grade without flags.
  public var releasedFromReview: Bool? = nil
  /// For a hand-in from a git repository (``GitHandIns``): the commit graded; nil otherwise.
  public var commit: String? = nil
  /// Where a learner grades their own workspace one exercise at a time: the last grade of each
  /// exercise this run did not grade (``GradeHistory``), so their feedback keeps them. Nil
  /// otherwise.
  public var earlierGrades: [EarlierGrade]? = nil

  /// The last grade of an exercise a run did not grade.
  public struct EarlierGrade: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var points: Int
    public var maximumPoints: Int
    /// When it was graded (ISO 8601, as its `results.json` says).
    public var gradedAt: String
    /// Its kept `feedback.md`, relative to the workspace; nil when none was kept.
    public var feedback: String?

    public init(
      id: String, title: String, points: Int, maximumPoints: Int, gradedAt: String,
      feedback: String?
    ) {
      self.id = id
      self.title = title
      self.points = points
      self.maximumPoints = maximumPoints
      self.gradedAt = gradedAt
      self.feedback = feedback
    }
  }

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

  /// Every review flag of the submission, each prefixed with its exercise's id: what holds a
  /// grade for review (``isHeldForReview``).
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
  public var tests: [TestResult]
  /// Lines of the learner's sources for the instructor to read (see ``ReviewScan``), and
  /// event-stream records the grader refused; for the instructor's reports only, never a score.
  public var review: [ReviewFlag]
  /// The misunderstanding the failing tests most likely come from, when they match a decoy's
  /// (see ``Diagnoser``); nil otherwise, and always for a compile error or a missing exercise.
  public var diagnosis: Diagnosis?
  /// Where the learner stands on each lesson step (``StepProgress``), in order.
  public var steps: [StepProgress]
  /// The lesson's own words for ``nextStep`` (``LessonParagraphs``), set by the grader; nil
  /// when every step passes or the lesson has no paragraph for it.
  public var nextStepLesson: String? = nil
  /// For an exercise where the learner writes tests: what grading their suite found (its
  /// wrong tests, tests that wait for real time, each mutant caught or not); the mutants are
  /// also ``tests``, one row each. Nil otherwise.
  public var suite: SuiteReport? = nil
  /// Whether the learner wrote tests here (kind `tests`): then ``tests`` holds one row per
  /// mutant of the feature, passed when caught. Nil for the other exercises.
  public var writesTests: Bool? = nil

  /// Adds what grading the learner's tests found (`suite`, from ``Grader``) to this grading of
  /// their sources: its rows after the tests', its notes and review flags, its report.
  mutating func add(_ suite: GradedExercise) {
    tests += suite.tests
    notes += suite.notes.filter { !notes.contains($0) }
    review += suite.review
    self.suite = suite.suite
  }

  /// Whether ``tests`` are all mutants the learner's tests catch, not tests of the learner's
  /// code.
  public var rowsAreMutants: Bool {
    writesTests == true || (!tests.isEmpty && tests.allSatisfy { $0.mutant != nil })
  }

  public init(
    id: String, title: String, status: ExerciseStatus, notes: [String], tests: [TestResult],
    review: [ReviewFlag] = [], diagnosis: Diagnosis? = nil, steps: [StepProgress] = []
  ) {
    self.id = id
    self.title = title
    self.status = status
    self.notes = notes
    self.tests = tests
    self.review = review
    self.diagnosis = diagnosis
    self.steps = steps
  }

  /// The lowest step with a failing test (nil when every step's tests pass).
  public var nextStep: Int? { StepProgress.next(in: steps) }

  /// The failing tests of steps after ``nextStep``: the learner has not reached them yet. They
  /// count against the score, and the reports list them apart, by step, after the failures of
  /// the step the learner is on (and of tests in no step).
  public var notReached: [TestResult] {
    guard let next = nextStep else { return [] }
    return tests.filter { test in
      test.status != .passed && test.step.map { $0 > next } == true
    }
  }

  /// ``notReached``, as "Step 5: 3 tests; Step 6: 1 test", or, where the learner's tests are
  /// graded, "Step 2: 3 named mutants and 10 generated bugs" (a step's row of generated bugs
  /// counts the bugs it stands for).
  public var notReachedSummary: String? {
    let later = notReached
    guard !later.isEmpty else { return nil }
    let steps = Set(later.compactMap(\.step)).sorted()
    return steps.map { step in
      let here = later.filter { $0.step == step }
      let generatedRows = here.filter(SuiteFeedback.isGeneratedRow)
      let mutants = here.filter { $0.mutant != nil }.count - generatedRows.count
      let tests = here.count - mutants - generatedRows.count
      let bugs =
        generatedRows.isEmpty
        ? 0 : (suite?.generated.filter { $0.step == step && !$0.isCaught }.count ?? 0)
      let named = suite == nil ? "mutant" : "named mutant"
      let parts = [
        tests > 0 ? "\(tests) test\(tests == 1 ? "" : "s")" : nil,
        mutants > 0 ? "\(mutants) \(named)\(mutants == 1 ? "" : "s")" : nil,
        bugs > 0 ? "\(bugs) generated bug\(bugs == 1 ? "" : "s")" : nil,
      ].compactMap(\.self)
      return "Step \(step): " + parts.joined(separator: " and ")
    }.joined(separator: "; ")
  }

  public var points: Int { tests.points }
  public var maximumPoints: Int { tests.maximumPoints }
  public var passedCount: Int { tests.passedCount }
}
