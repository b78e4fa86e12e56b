import ExerciseModel
import Foundation

/// The texts `scripts/exercises new` starts an exercise with: a solution with one step region, a
/// visible `Step 1` suite that fails on the starter and passes on the solution, a format-2
/// manifest, and a placeholder lesson. Every `TODO` marks what the author still writes;
/// ``ExerciseReadiness`` refuses the exercise while one is left.
struct ExerciseScaffoldFiles: Sendable {
  var id: String
  var title: String
  var module: String

  private var todo: String { ExerciseReadiness.placeholder }
  private var testFile: String { "\(module)LessonTests.swift" }
  /// The first step's title, capitalized, as the lesson's list says it.
  private var stepTitle: String {
    let title = ExerciseScaffold.firstStep.replacingOccurrences(of: "Step 1: ", with: "")
    return title.prefix(1).uppercased() + title.dropFirst()
  }

  /// The instructor's files, path from the root → text.
  var instructorFiles: [(String, String)] {
    [
      ("Solutions/\(id)/Sources/\(module)/Greeting.swift", solution),
      ("Tests/\(id)/\(module)Tests/\(testFile)", visibleTests),
      ("Tests/\(id)/exercise.json", manifest),
    ]
  }

  var solution: String {
    """
    // \(todo): replace this example with the exercise's feature. Keep what the learner writes
    // inside `#if SOLUTION … #else … #endif`: the starter is generated from the #else side.

    /// A greeting for `name`.
    public func greeting(for name: String) -> String {
      #if SOLUTION
        return "Hello, \\(name)!"
      #else
        // Step 1: return "Hello, " followed by the name and "!".
        return ""
      #endif
    }

    """
  }

  var visibleTests: String {
    """
    import Testing
    import \(module)

    // The lesson's tests, one suite per step, named as the lesson names the step.

    @Suite("\(ExerciseScaffold.firstStep)") struct GreetingTests {
      @Test func greetsByName() {
        let text = greeting(for: "Ada")
        #expect(
          text == "Hello, Ada!",
          "greeting(for: \\"Ada\\") returned \\"\\(text)\\"; the lesson's step 1 expects \\"Hello, Ada!\\".")
      }
    }

    """
  }

  var manifest: String {
    """
    {
      "format": \(ExerciseManifest.format),
      "id": "\(id)",
      "timeLimitSeconds": 10,
      "executables": [],
      "visibleTestFiles": ["\(testFile)"],
      "tests": [
        {
          "id": "GreetingTests/greetsByName()",
          "points": 1,
          "hint": "\(todo): what to check when this test fails, in one sentence."
        }
      ],
      "hints": [
        { "step": 1, "text": "\(todo): a gentle hint for step 1; add a closer one after it." }
      ],
      "decoys": []
    }

    """
  }

  var lesson: String {
    """
    # \(id.prefix(2)) · \(title)

    \(todo): the problem this exercise solves, in the workspace's own words, and the public
    pages it teaches, each linked by its https URL (the swift-dependencies documentation
    among them).

    ## Steps

    1. **\(stepTitle).** \
    \(todo): what to write for this step.

    ## Running the tests

    Run `swift test` in this folder, or `scripts/learn` from the workspace root: the tests of
    the lowest step that fails come first.

    """
  }
}
