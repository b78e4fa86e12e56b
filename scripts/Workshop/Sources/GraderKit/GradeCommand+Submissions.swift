import ExerciseModel
import Foundation

extension GradeCommand {
  /// The submissions this run grades, and what the class should be told about the rest: the
  /// solutions (`--solutions`), a learner's copy or a class folder, git repositories at a
  /// deadline (`--before`, written out into `handInsFolder`), a learning system's archive
  /// (unpacked there), or this workspace's own `Exercises/`. A submission that cannot be read
  /// is a usage error that says why.
  func findSubmissions(layout: WorkspaceLayout, exerciseIDs ids: [String], handInsFolder: URL)
    throws -> (submissions: [Submission], notes: [String])
  {
    do {
      if solutions {
        return (
          [Submission(learner: "solutions", folder: layout.solutions, source: .solutions)], []
        )
      } else if let submission, let before {
        let found = try GitHandIns(deadline: before, folder: handInsFolder)
          .resolve(submission, exerciseIDs: ids)
        return (found.submissions, found.notes)
      } else if let submission, LMSArchive.isArchive(submission) {
        let found = try LMSArchive(file: submission, folder: handInsFolder)
          .resolve(exerciseIDs: ids)
        return (found.submissions, found.notes)
      } else if let submission {
        let found = try Submission.scan(at: submission, exerciseIDs: ids)
        return (found.learners, found.note.map { [$0] } ?? [])
      }
    } catch {
      throw Self.commandLine.usageError("\(error)")
    }
    return (
      [
        Submission(
          learner: layout.root.lastPathComponent, folder: layout.exercises,
          source: .exercises(layout.exercises))
      ], []
    )
  }
}
