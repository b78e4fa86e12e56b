import ExerciseModel
import GraderKit
import Testing

/// A misunderstanding is named only for a step the learner has reached.
@Suite struct DiagnosisGatingTests {
  func exercise(next: Int, started: Set<Int>) -> GradedExercise {
    let steps = (1...4).map { number in
      StepProgress(
        number: number, title: "Step \(number): part \(number)",
        passed: number < next ? 1 : 0, total: 1, started: started.contains(number))
    }
    return GradedExercise(
      id: "04-scoped-overrides", title: "t", status: .graded, notes: [], tests: [], steps: steps)
  }

  @Test func aStepAfterTheNextOneIsNeverNamed() {
    let done = exercise(next: 2, started: [1, 2, 3, 4])
    #expect(Diagnoser.hasReached("Step 2: part 2", in: done))
    #expect(!Diagnoser.hasReached("Step 4: part 4", in: done))
  }

  @Test func aStepStillAsTheStarterHasItIsNotNamed() {
    // Steps 1–3 pass; step 4 fails, but its code is still the starter's.
    let untouched = exercise(next: 4, started: [1, 2, 3])
    #expect(!Diagnoser.hasReached("Step 4: part 4", in: untouched))
    #expect(Diagnoser.hasReached("Step 4: part 4", in: exercise(next: 4, started: [1, 2, 3, 4])))
  }

  @Test func aMisunderstandingAboutNoKnownStepIsNamed() {
    #expect(Diagnoser.hasReached(nil, in: exercise(next: 1, started: [])))
    #expect(Diagnoser.hasReached("The app: a separate process", in: exercise(next: 1, started: [])))
  }
}
