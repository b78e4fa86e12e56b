import ExerciseModel
import Testing

@testable import LearnKit

@Suite struct LessonParagraphsTests {
  @Test func theListUnderAStepsHeadingWins() {
    let lesson = """
      # 05 · A lesson

      1. An introduction's list.
      2. Not the steps.

      ## Steps

      Each `// Step N:` comment marks where the step's code goes.

      1. **A valid value forces the context** (`resolveContext`). Read
         `environment[ContextVariables.forcing]`.
      2. **Detection**. Without the variable:
         previews, then tests.

         A second paragraph of step 2.
      3. **The message**.

      Then the app tests pass too.

      ## Running the tests

      1. Not a step.
      """
    let steps = LessonParagraphs.parse(lesson)
    #expect(steps.count == 3)
    #expect(
      steps.text(of: 1)
        == "**A valid value forces the context** (`resolveContext`). Read\n"
        + "`environment[ContextVariables.forcing]`.")
    #expect(
      steps.text(of: 2)
        == "**Detection**. Without the variable:\npreviews, then tests.\n\nA second paragraph of step 2."
    )
    #expect(steps.text(of: 3) == "**The message**.")
  }

  @Test func withoutAStepsHeadingTheLastListBeforeRunningTheTests() {
    let lesson = """
      ## The fix

      1. **Before** the closure, read the values.
      2. **Inside** it, put them back.

      ## What to build

      ```swift
      1. not a list: code
      ```

      Marked with `// Step N:` comments:

      1. **Step 1, capture.** Give it a stored property
         holding the values.
      2. **Step 2, the sync `yield`.** Run `operation`.
      3. **Step 3, the async `yield`.** The same for async work.

      Keep the signatures as they are.

      ## Running the tests

      1. Not a step.
      """
    let steps = LessonParagraphs.parse(lesson)
    #expect(steps.count == 3)
    #expect(
      steps.text(of: 1) == "**Step 1, capture.** Give it a stored property\nholding the values.")
    #expect(steps.text(of: 3) == "**Step 3, the async `yield`.** The same for async work.")
  }

  @Test func aLessonWithoutAListHasNoSteps() {
    #expect(LessonParagraphs.parse("# Title\n\nJust words.\n").count == 0)
  }
}
