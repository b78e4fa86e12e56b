import ExerciseModel
import Foundation

/// Names the likely misunderstanding behind one exercise's results: the exercise's decoys, their
/// signatures (`Tests/<id>/signatures.json`) and the lesson's steps, put together by
/// ``DiagnosisRule``.
///
/// ```swift
/// let (diagnoser, warning) = Diagnoser.load(sources)
/// if let warning { print(warning) }  // e.g. the signatures file is missing
/// exercise.diagnosis = diagnoser?.diagnose(exercise)
/// ```
public struct Diagnoser: Sendable {
  public var manifest: ExerciseManifest
  /// Each decoy's signature, in the manifest's decoy order.
  public var signatures: [FailureSignature]
  public var steps: StepIndex

  /// A diagnoser from parts that agree with one another: `signatures` holds a set for every
  /// decoy of `manifest` (``DecoySignatures/problems(against:)`` is empty).
  public init(manifest: ExerciseManifest, signatures: DecoySignatures, steps: StepIndex) {
    self.manifest = manifest
    self.signatures = manifest.decoys.map { signatures.decoys[$0.name] ?? FailureSignature() }
    self.steps = steps
  }

  /// The diagnoser of an exercise, or nil with a warning for the instructor when its signatures
  /// are missing, unreadable or out of date with its manifest. Grading goes on without
  /// diagnoses for that exercise: no learner is ever told about a misunderstanding on stale
  /// evidence.
  public static func load(_ sources: ExerciseSources) -> (Diagnoser?, warning: String?) {
    let id = sources.manifest.id
    let file = "Tests/\(id)/\(DecoySignatures.fileName)"
    let command = DecoySignatures.command(for: id)
    let signatures: DecoySignatures
    do {
      guard let loaded = try DecoySignatures.load(for: id, in: sources.layout) else {
        return (
          nil,
          "\(file) is missing, so no misunderstanding is named for \(id); write it with "
            + "\(command)."
        )
      }
      signatures = loaded
    } catch {
      return (nil, "\(error) Until then no misunderstanding is named for \(id).")
    }
    let problems = signatures.problems(against: sources.manifest)
    guard problems.isEmpty else {
      return (
        nil,
        "\(file) is out of date with the manifest (\(problems.joined(separator: "; "))), so no "
          + "misunderstanding is named for \(id); rewrite it with \(command)."
      )
    }
    return (
      Diagnoser(
        manifest: sources.manifest, signatures: signatures, steps: StepIndex(sources: sources)),
      nil
    )
  }

  /// The likely misunderstanding behind `exercise`'s results, or nil when ``DiagnosisRule``
  /// finds none (always nil for an exercise that did not compile or is missing; only an exact
  /// match, crashes and time-outs included, for one with a test that crashed or timed out).
  public func diagnose(_ exercise: GradedExercise) -> Diagnosis? {
    guard DiagnosisRule.isDiagnosable(exercise) else { return nil }
    let run = FailureSignature(exercise.tests.map { (id: $0.id, status: $0.status) })
    guard
      let best = DiagnosisRule.bestMatch(
        run, testCount: manifest.tests.count, signatures: signatures)
    else { return nil }
    let decoy = manifest.decoys[best.index]
    // The step of the first visible test, in the manifest's (learning) order, the decoy fails.
    let failedInOrder = manifest.tests.map(\.id).filter {
      signatures[best.index].failing.contains($0)
    }
    let lessonStep = decoy.lessonStep ?? steps.firstStep(of: failedInOrder)
    guard Self.hasReached(lessonStep, in: exercise) else { return nil }
    return Diagnosis(
      exerciseID: manifest.id, decoy: decoy.name, match: best.match,
      misunderstanding: decoy.misunderstanding, lessonStep: lessonStep)
  }

  /// Whether the learner has reached the step a misunderstanding is about: it is not after the
  /// lowest failing step, and the learner has started it (``StepProgress/started``: its code
  /// differs from the starter; for a step with no code of its own, some of its tests pass). Code that is still the starter's shows no misunderstanding, only
  /// work not done yet. A misunderstanding about no known step is always named.
  public static func hasReached(_ lessonStep: String?, in exercise: GradedExercise) -> Bool {
    guard let number = lessonStep.flatMap(LessonStep.init)?.numbers.first else { return true }
    if let next = exercise.nextStep, number > next { return false }
    return exercise.steps.first { $0.number == number }?.started ?? true
  }
}
