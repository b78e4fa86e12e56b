import ExerciseModel
import Foundation

/// What a class did in one exercise, computed from the learners' reports: the numbers behind
/// `report.html` (``HTMLReport``), kept apart from their presentation so they can be tested
/// directly.
///
/// - A learner *submitted* an exercise unless it is `missing`. Pass rates and the score
///   distribution count submitted learners; a compile error counts as passing nothing.
/// - Tests are listed hardest first: lowest pass rate first, ties in the manifest's order.
/// - Steps: for each lesson step, how many submitted learners pass its tests, and how many pass
///   every step up to it (the funnel: where the class is stuck).
/// - Misunderstandings are listed by lesson step (those of no step last), then most shared
///   first, then by decoy name.
/// - Learners to look at: a compile error, a crashed test, a timed-out test, or a note from the
///   grader about their files (a symbolic link, a file that is not Swift or not UTF-8, a file
///   over 1 MB): the *review flags*.
struct ExerciseStatistics: Equatable {
  /// How many learners' scores fall in one band of the exercise's points.
  struct ScoreBand: Equatable {
    var label: String
    var count: Int
  }

  /// One graded test across the class.
  struct TestRate: Equatable {
    var id: String
    var isVisible: Bool
    var points: Int
    var passed: Int
    var submitted: Int

    /// The pass rate as a whole percentage, rounded down; nil when nobody submitted.
    var percent: Int? { submitted == 0 ? nil : passed * 100 / submitted }
  }

  /// One misunderstanding and the learners diagnosed with it.
  struct SharedDiagnosis: Equatable {
    var decoy: String
    var misunderstanding: String
    var lessonStep: String?
    var learners: [String]
    /// The first step number ``lessonStep`` names, nil for none.
    var step: Int? { lessonStep.flatMap { StepTitle.parse($0).first } }
  }

  /// Why a learner's exercise needs an instructor's look.
  struct Attention: Equatable {
    enum Kind: String, Equatable {
      case compileError = "compile error"
      case crashed
      case timedOut = "timed out"
      case note = "review"
    }
    var learner: String
    var kind: Kind
    var detail: String
  }

  var id: String
  var title: String
  var maximumPoints: Int
  /// Learners whose reports include the exercise.
  var learners: Int
  /// Learners who handed the exercise in (it is not `missing`).
  var submitted: Int
  var compileErrors: Int
  /// Submitted learners by score: 0, under 25 %, 25–49 %, 50–74 %, 75–99 %, 100 %.
  var bands: [ScoreBand]
  var tests: [TestRate]
  var diagnoses: [SharedDiagnosis]
  var attention: [Attention]
  /// Learners who passed every test.
  var fullMarks: Int
  /// Whether the learners wrote tests here: then each "test" is a mutant of the feature, its
  /// pass rate the share of the class whose tests catch it.
  var gradesTests: Bool
  /// Each lesson step, in order (empty for an exercise without steps).
  var steps: [StepReach]

  /// How far the class got in one lesson step.
  struct StepReach: Equatable {
    var number: Int
    var title: String
    /// Submitted learners every one of whose tests in this step passes.
    var passed: Int
    /// Submitted learners who pass this step and every step before it.
    var passedSoFar: Int
  }

  /// The labels of ``bands``, lowest first.
  static let bandLabels = ["0", "under 25 %", "25–49 %", "50–74 %", "75–99 %", "100 %"]

  /// The statistics of exercise `id` over `reports` (learners without it are left out). A grade
  /// held for review (``GradeReport/isHeldForReview``) counts in no figure until released, but
  /// its learner is among those to look at.
  init(id: String, reports: [GradeReport]) {
    let everyEntry = ClassStatistics.sorted(reports).compactMap { report in
      report.exercises.first { $0.id == id }.map { (report.learner, $0, report.isHeldForReview) }
    }
    let entries = everyEntry.filter { !$0.2 }.map { ($0.0, $0.1) }
    let submittedEntries = entries.filter { $0.1.status != .missing }
    let first = entries.first?.1
    self.id = id
    title = first?.title ?? id
    maximumPoints = entries.map(\.1.maximumPoints).max() ?? 0
    learners = entries.count
    submitted = submittedEntries.count
    compileErrors = submittedEntries.filter { $0.1.status == .compileError }.count
    fullMarks = submittedEntries.filter { $0.1.passedCount == $0.1.tests.count }.count
    gradesTests = entries.contains { $0.1.suite != nil }

    var counts = Array(repeating: 0, count: Self.bandLabels.count)
    for (_, exercise) in submittedEntries {
      counts[Self.band(points: exercise.points, of: exercise.maximumPoints)] += 1
    }
    bands = zip(Self.bandLabels, counts).map { ScoreBand(label: $0, count: $1) }

    // Every test any learner was graded on, in the order first seen (the manifest's).
    var order: [TestResult] = []
    for (_, exercise) in entries {
      for test in exercise.tests where !order.contains(where: { $0.id == test.id }) {
        order.append(test)
      }
    }
    let rates = order.map { test in
      TestRate(
        id: test.id, isVisible: test.isVisible, points: test.maximumPoints,
        passed: submittedEntries.filter { entry in
          entry.1.tests.contains { $0.id == test.id && $0.status == .passed }
        }.count,
        submitted: submittedEntries.count)
    }
    tests = rates.enumerated().sorted { first, second in
      let (a, b) = (first.element, second.element)
      // Lower pass rate first (compared as fractions), then the manifest's order.
      let left = a.passed * max(b.submitted, 1)
      let right = b.passed * max(a.submitted, 1)
      return left != right ? left < right : first.offset < second.offset
    }.map(\.element)

    let titles = submittedEntries.first { !$0.1.steps.isEmpty }?.1.steps ?? []
    steps = titles.map { step in
      func passes(_ exercise: GradedExercise, _ number: Int) -> Bool {
        exercise.status == .graded
          && exercise.steps.first { $0.number == number }?.passes == true
      }
      return StepReach(
        number: step.number, title: step.title,
        passed: submittedEntries.filter { passes($0.1, step.number) }.count,
        passedSoFar: submittedEntries.filter { entry in
          (1...step.number).allSatisfy { passes(entry.1, $0) }
        }.count)
    }

    var shared: [String: SharedDiagnosis] = [:]
    for (learner, exercise) in submittedEntries {
      guard let diagnosis = exercise.diagnosis else { continue }
      shared[
        diagnosis.decoy,
        default: SharedDiagnosis(
          decoy: diagnosis.decoy, misunderstanding: diagnosis.misunderstanding,
          lessonStep: diagnosis.lessonStep, learners: [])
      ].learners.append(learner)
    }
    diagnoses = shared.values.sorted {
      let (left, right) = ($0.step ?? Int.max, $1.step ?? Int.max)
      if left != right { return left < right }
      return $0.learners.count != $1.learners.count
        ? $0.learners.count > $1.learners.count : $0.decoy < $1.decoy
    }

    var attention: [Attention] = []
    for (learner, exercise, _) in everyEntry where exercise.status != .missing {
      if exercise.status == .compileError {
        let message = exercise.tests.first { $0.message != nil }?.message
        attention.append(
          Attention(
            learner: learner, kind: .compileError,
            detail: ReportFormatting.firstCompilerError(in: message, limit: 160)))
      }
      let crashed = exercise.tests.filter { $0.status == .crashed }
      if !crashed.isEmpty {
        attention.append(
          Attention(learner: learner, kind: .crashed, detail: Self.crashDetail(crashed)))
      }
      let timedOut = exercise.tests.filter { $0.status == .timedOut }.map(\.id)
      if !timedOut.isEmpty {
        attention.append(
          Attention(learner: learner, kind: .timedOut, detail: timedOut.joined(separator: ", ")))
      }
      for note in exercise.notes {
        attention.append(Attention(learner: learner, kind: .note, detail: note))
      }
      // Lines flagged for review (ReviewScan) and refused event-stream records.
      for flag in exercise.review {
        attention.append(Attention(learner: learner, kind: .note, detail: flag.summary))
      }
    }
    self.attention = attention
  }

  /// The crashed tests by id, then what their processes printed about the crash (each distinct
  /// quote once, at most two): the runtime's fatal line, quoted first in a crashed test's
  /// message (``TestRunner/Outcome/message(hidingSource:)``).
  static func crashDetail(_ crashed: [TestResult]) -> String {
    var quotes: [String] = []
    for test in crashed {
      let line = ReportFormatting.firstLine(of: test.message, limit: 160)
      if line.hasPrefix("The test process printed: "), !quotes.contains(line) {
        quotes.append(line)
      }
    }
    return ([crashed.map(\.id).joined(separator: ", ")] + quotes.prefix(2))
      .joined(separator: " · ")
  }

  /// The index in ``bandLabels`` of a score.
  static func band(points: Int, of maximum: Int) -> Int {
    if points <= 0 || maximum <= 0 { return 0 }
    if points >= maximum { return 5 }
    let percent = ReportFormatting.percent(points, of: maximum)
    return percent < 25 ? 1 : percent < 50 ? 2 : percent < 75 ? 3 : 4
  }
}

/// Helpers shared by the class-wide reports.
enum ClassStatistics {
  /// The exercise ids of `reports`, in the order they first appear (learning order).
  static func exerciseIDs(_ reports: [GradeReport]) -> [String] {
    var ids: [String] = []
    for report in reports {
      for exercise in report.exercises where !ids.contains(exercise.id) {
        ids.append(exercise.id)
      }
    }
    return ids
  }

  /// `reports` sorted by learner name (case-insensitively first, then exactly, then by
  /// submission path), as in the gradebook, so the order of the input never shows.
  static func sorted(_ reports: [GradeReport]) -> [GradeReport] {
    reports.sorted { first, second in
      let keys = [first, second].map { ($0.learner.lowercased(), $0.learner, $0.submission) }
      return keys[0] < keys[1]
    }
  }
}
