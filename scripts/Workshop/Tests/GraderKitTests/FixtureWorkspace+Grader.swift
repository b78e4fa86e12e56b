import ExerciseEngine
import ExerciseModel
import Foundation
import GraderKit
import WorkshopFixtures

extension FixtureWorkspace {
  /// The grader the suites use: sandboxed whenever this machine allows it, like any run.
  static func grader(_ layout: WorkspaceLayout) throws -> Grader {
    let choice = try Sandbox.choose(.automatic, scratch: base.appendingPathComponent("check"))
    return Grader(
      layout: layout, work: work, jobs: 2, sandbox: choice.sandbox,
      notes: choice.note.map { [$0] } ?? [])
  }
}
