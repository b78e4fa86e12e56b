import ExerciseEngine
import ExerciseModel
import Foundation
import Mutation

extension Grader {
  /// Grades the tests a learner wrote for exercise `sources` (kind `tests`) by the mutants they
  /// catch (``Engine/gradeSuite(_:of:in:times:mutants:generatedMutants:incrementalTests:hiding:)``): one row per hand mutant, caught or missed, in the manifest's
  /// order, then one per step for the generated mutants (``SuiteFeedback/generatedRows``,
  /// scored by ``SuiteScore``); wrong tests and tests that wait for real time become notes. `found` holds the learner's
  /// test files (nil grades the reference suite).
  func gradeSuite(
    _ submission: Submission, found: HandIn.Found?, slot: Int, _ sources: ExerciseSources
  ) throws -> GradedExercise {
    var exercise = try gradeSuiteRows(submission, found: found, slot: slot, sources)
    exercise.writesTests = true
    return exercise
  }

  private func gradeSuiteRows(
    _ submission: Submission, found: HandIn.Found?, slot: Int, _ sources: ExerciseSources
  ) throws -> GradedExercise {
    let manifest = sources.manifest
    // A learner edition holds the lesson's mutants only: no record of the generated ones.
    let edition = layout.isLearnerEdition
    let generated =
      edition ? FeatureMutants(graded: [], files: []) : try engine.generatedMutants(of: sources)
    func rows(_ status: TestStatus, _ message: @escaping (ManifestMutant?) -> String)
      -> [TestResult]
    {
      Self.rows(manifest, status: status, message: message)
        + SuiteFeedback.generatedRows(
          generated.graded.map {
            SuiteReport.GeneratedVerdict(
              id: $0.id, step: $0.step, behaviour: $0.behaviour, isCaught: false)
          }, handMutants: manifest.mutants, notGraded: (status, message(nil)))
    }
    let suite: SuiteVariant
    var notes: [String] = []
    var review: [ReviewFlag] = []
    switch found {
    case nil:
      suite = .reference
    case let found?:
      notes = found.notes
      review = found.files.map { ReviewScan.scan($0, except: sources.referenceSuite) } ?? []
      guard let files = found.files else {
        return GradedExercise(
          id: manifest.id, title: manifest.title, status: .missing, notes: notes,
          tests: rows(.notRun) { _ in "Not graded: the exercise's tests are missing." })
      }
      suite = .learner(files)
    }
    var run = work.appendingPathComponent("runs/\(slot)-\(slug(submission.learner))/\(manifest.id)")
    // Beside the folder of the sources' grading, where the learner writes both.
    if manifest.gradesSources { run.appendPathComponent("suite") }
    let hidden = submission.hiddenPaths
    switch try suiteOutcomes.outcome(
      of: suite, in: manifest.id,
      grade: {
        try engine.gradeSuite(
          suite, of: sources, in: run, generatedMutants: !edition, hiding: hidden)[0]
      })
    {
    case .compileError(let message):
      return GradedExercise(
        id: manifest.id, title: manifest.title, status: .compileError, notes: notes,
        tests: rows(.error) { _ in
          "Your tests do not compile, so no mutant could be tried.\n" + message
        }, review: review)
    case .loadFailure(let message):
      return GradedExercise(
        id: manifest.id, title: manifest.title, status: .graded, notes: notes + [message],
        tests: rows(.error) { _ in "Not tried: your tests could not start (see the notes)." },
        review: review)
    case .graded(let report):
      var exercise = GradedExercise(
        id: manifest.id, title: manifest.title, status: .graded,
        notes: notes + SuiteFeedback.notes(report),
        tests: report.verdicts.map(SuiteFeedback.row)
          + SuiteFeedback.generatedRows(report.generated, handMutants: manifest.mutants),
        review: review)
      exercise.suite = report
      return exercise
    }
  }

  /// The tests a learner wrote, where they write sources too: their test folder without the
  /// visible solution tests it was given (those are the instructor's, and graded the learner's
  /// code).
  static func ownTests(_ found: HandIn.Found, _ manifest: ExerciseManifest)
    -> HandIn.Found
  {
    var found = found
    for name in manifest.visibleTestFiles { found.files?.files[name] = nil }
    return found
  }

  /// One row per mutant of `manifest`, none caught, with `status` and `message`.
  static func rows(
    _ manifest: ExerciseManifest, status: TestStatus, message: (ManifestMutant?) -> String
  ) -> [TestResult] {
    manifest.mutants.map { mutant in
      var row = TestResult(
        id: mutant.behaviour, isVisible: true, status: status, message: message(mutant),
        location: nil, points: 0, maximumPoints: mutant.points, hint: nil, steps: [mutant.step])
      row.mutant = mutant.name
      return row
    }
  }

  /// What a report in a learner edition says of its grading.
  static let learnerEditionNote =
    "Graded in the learner edition: the visible tests count, and where you write tests, the "
    + "lesson's mutants. The hidden tests, and the grading of your tests by every bug they "
    + "should catch, are your instructor's: your grade there may differ."

  /// A both-kind exercise's note in a learner edition.
  static let instructorGradesTestsNote =
    "Your own tests are not graded here: they are graded against the reference feature and "
    + "its mutants, which are your instructor's. The grade above counts the lesson's visible "
    + "tests of your feature."
}
