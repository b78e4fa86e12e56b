import Foundation
import Testing

@testable import ExerciseModel

@Suite struct StepIndexTests {
  @Test func suiteNamesAndMarksGiveTheSteps() {
    let text = #"""
      import Testing

      @Suite("Step 1: a valid value forces the context")
      struct ForcedTests {
        struct Helper {}
        @Test func a() {}
      }

      // MARK: - Step 2: one dependency, evaluated anew each time

      @Suite struct SingleOverrideTests {}

      @Suite(
        .serialized,
        .freshDependencies { $0.label = "not a step" })
      struct LayeringTests {}

      /// Every suite below is nested in this one; "struct Commented" is no declaration.
      @Suite(.serialized) struct OuterTests {}

      extension OuterTests {
        @Suite("Steps 3 and 4: capture, then restore", .dependencies)
        struct SyncYieldTests {}
      }

      @Suite("The app: a separate process") struct AppTests {}
      """#
    let steps = StepIndex.steps(in: text)
    #expect(steps["ForcedTests"] == "Step 1: a valid value forces the context")
    #expect(steps["SingleOverrideTests"] == "Step 2: one dependency, evaluated anew each time")
    #expect(steps["LayeringTests"] == "Step 2: one dependency, evaluated anew each time")
    #expect(steps["SyncYieldTests"] == "Steps 3 and 4: capture, then restore")
    // A suite named otherwise, below a MARK, keeps the MARK's step.
    #expect(steps["AppTests"] == "Step 2: one dependency, evaluated anew each time")
    #expect(steps["Commented"] == nil)
  }

  @Test func theInnermostSuiteWithAStepAnswers() {
    let steps = StepIndex(stepOfSuite: ["Outer": "Step 1: outer", "Inner": "Step 2: inner"])
    #expect(steps.step(of: "Outer/Inner/test()") == "Step 2: inner")
    #expect(steps.step(of: "Outer/Other/test()") == "Step 1: outer")
    #expect(steps.step(of: "Hidden/test()") == nil)
    #expect(steps.firstStep(of: ["Hidden/test()", "Outer/x()", "Inner/y()"]) == "Step 1: outer")
  }

  @Test func displayNamesFromAnEventStreamGiveTheStepsByPath() {
    let steps = StepIndex(suiteDisplayNames: [
      "Lesson": "Lesson", "Lesson/Capture": "Steps 1 and 2: capture",
      "Async": "Step 3: async", "AppTests": "The app: a process", "Other/Capture": "Capture",
    ])
    #expect(steps.stepOfSuitePath.keys.sorted() == ["Async", "Lesson/Capture"])
    #expect(steps.lessonStep(of: "Lesson/Capture/keeps()")?.numbers == [1, 2])
    #expect(steps.step(of: "Lesson/Capture/keeps()") == "Steps 1 and 2: capture")
    // Known by path: another suite with the same type name is not that step.
    #expect(steps.lessonStep(of: "Other/Capture/keeps()") == nil)
    #expect(steps.lessonStep(of: "AppTests/launches()") == nil)
    #expect(steps.lessonStep(of: "free()") == nil)
  }

  @Test func aLessonStepIsWhatStepNumbersReads() {
    #expect(LessonStep("Step 3: the message") == LessonStep("Step 3: the message"))
    #expect(LessonStep("Steps 2 to 4: a range")?.numbers == [2, 3, 4])
    #expect(LessonStep("Steps 2 to 4: a range")?.title == "Steps 2 to 4: a range")
    #expect(LessonStep("The app: a separate process") == nil)
    #expect(LessonStep("Step 0: no such step") == nil)
    // The source's MARKs are read the same way as display names.
    let text =
      "// MARK: - Step 0: not a step\nstruct A {}\n// MARK: - step 2: lower case\nstruct B {}"
    #expect(StepIndex.steps(in: text) == ["B": "step 2: lower case"])
  }
}
