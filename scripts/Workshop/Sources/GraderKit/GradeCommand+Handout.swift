import ExerciseModel
import Foundation

extension GradeCommand {
  /// `scripts/grade handout -o DIR`: writes the learner edition (``LearnerEdition``) and says
  /// what is in it and what to do next.
  func runHandout() throws -> Int32 {
    guard let output else {
      throw Self.commandLine.usageError(
        "handout writes the learner edition into a new folder: name it with -o, for example "
          + "`scripts/grade handout -o ~/course-edition`.")
    }
    let layout = WorkspaceLayout(root: root)
    let commit = try LearnerEdition(layout: layout).write(to: output)
    let count = try layout.exerciseIDs().count
    print(
      """
      Wrote the learner edition to \(output.path): a git repository of one commit \
      (\(commit.prefix(12))) with the library, \(count) exercises, the learner tool and the \
      hints; no solutions, hidden tests, decoys, hidden mutants or records (checked line by \
      line before it was written).
      Next: push it where learners clone from (the template repository of a GitHub Classroom \
      assignment: its workflow is in .github/workflows/classroom.yml), then grade what they \
      hand in from this workspace (Instructors.md).
      """)
    return 0
  }
}
