import AuthoringKit
import Foundation
import Testing

@Suite struct ExerciseReadinessTests {
  static let goodLesson = """
    # 07 · A new thing

    Read [Quick start](https://swiftpackageindex.com/pointfreeco/swift-dependencies/main/\
    documentation/dependencies/quickstart) and <https://example.com/more>.
    """

  func workspace(
    steps: Int = 3, decoys: Int = 3, lesson: String? = goodLesson,
    hints: String =
      #"[{ "step": 1, "text": "a" }, { "step": 1, "text": "a!" }, { "step": 2, "text": "b" }, "#
      + #"{ "step": 2, "text": "b!" }, { "step": 3, "text": "c" }, { "step": 3, "text": "c!" }]"#
  ) throws -> AuthoringWorkspace {
    let id = "07-new-thing"
    let workspace = try AuthoringWorkspace(
      entries: [AuthoringWorkspace.entry(id, steps: steps)], withManifests: [id], decoys: decoys,
      hints: hints)
    if let lesson { try workspace.write(lesson, "Exercises/\(id)/README.md") }
    return workspace
  }

  func refusal(_ workspace: AuthoringWorkspace) throws -> String? {
    try ExerciseReadiness(layout: workspace.layout).refusal("07-new-thing")
  }

  @Test func aCompleteExerciseIsReady() throws {
    #expect(try refusal(workspace()) == nil)
  }

  @Test func theRefusalNamesEverythingMissing() throws {
    let lesson = "# 07\n\nSee [the blog](https://example.com/blog).\n"
    let hints = #"["about all of it", { "step": 1, "text": "one" }]"#
    let refusal = try refusal(workspace(decoys: 1, lesson: lesson, hints: hints))
    #expect(
      refusal
        == "07-new-thing is not ready: the lesson has no link to the public documentation; "
        + "1 decoy (at least 3); no hint for steps 2, 3; one hint only for step 1 (a step's "
        + "hints are a ladder: a nudge about the idea first, the near-answer last)")
  }

  @Test func aMissingLessonAndNoDecoysAreNamed() throws {
    let refusal = try refusal(workspace(decoys: 0, lesson: nil))
    #expect(
      refusal
        == "07-new-thing is not ready: no lesson (Exercises/07-new-thing/README.md); "
        + "no decoys (at least 3)")
  }

  @Test func aLessonWithoutLinksOrWithPlaceholdersIsRefused() throws {
    let unlinked = try refusal(workspace(lesson: "# 07\n\nTODO: write this.\n"))
    #expect(
      unlinked
        == "07-new-thing is not ready: the lesson links no public page (an https:// URL); "
        + "the lesson still has placeholder text (TODO)")
  }

  @Test func aLessonThatSendsToTheGraderSaysWhatALearnerEditionDoes() throws {
    // The lessons of 13 to 16 once said the hidden mutants "are counted by scripts/grade -e …",
    // which a learner edition's grader cannot do: it holds none.
    let silent = Self.goodLesson + "\n\nThe other ten are counted by `scripts/grade -e 07`.\n"
    #expect(
      try refusal(workspace(lesson: silent))
        == "07-new-thing is not ready: the lesson names scripts/grade but not what happens in a "
        + "learner edition, which reads the same lesson and holds no hidden tests or mutants: "
        + "say who grades there")
    // The words may be wrapped across lines.
    let told = silent + "A learner\nedition holds only the lesson's: your instructor grades.\n"
    #expect(try refusal(workspace(lesson: told)) == nil)
  }

  @Test func plainStringHintsNameNoStep() throws {
    let refusal = try refusal(workspace(steps: 1, hints: #"["one", "two", "three"]"#))
    #expect(refusal == "07-new-thing is not ready: no hint for step 1")
  }

  @Test func placeholdersInTheHintsAndAnExerciseWithoutStepsAreNamed() throws {
    let refusal = try refusal(workspace(steps: 0, hints: #"["TODO: a hint"]"#))
    #expect(
      refusal
        == "07-new-thing is not ready: placeholder text (TODO) left in the manifest's hints; "
        + "the catalogue lists no steps for it (`steps`)")
  }
}
