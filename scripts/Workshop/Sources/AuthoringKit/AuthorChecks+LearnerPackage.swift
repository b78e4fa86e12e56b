import ExerciseEngine
import ExerciseModel
import Foundation

extension AuthorChecks {
  /// Builds `Exercises/<id>` as a learner would and runs its visible tests: they must fail
  /// (not crash, not hang, not fail to compile).
  func runLearnerPackage(_ id: String, manifest: ExerciseManifest) throws -> (Bool, String) {
    let directory = layout.exercise(id)
    let logs = work.appendingPathComponent("logs/\(id)/exercise")
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    let buildLog = logs.appendingPathComponent("build.log")
    let build = try SwiftPMBuild.run(
      package: directory, scratch: learnerScratch, log: buildLog, timeLimit: 900)
    guard build.status == 0, !build.timedOut else {
      return (
        false, CompilerOutput.errors(in: buildLog, module: manifest.module, package: directory)
      )
    }
    let events = logs.appendingPathComponent("events.jsonl")
    try? FileManager.default.removeItem(at: events)
    #if os(Linux)
      // The test binary itself, as `swift test` would start it, without SwiftPM planning the
      // package once more first.
      let command = [
        learnerScratch.appendingPathComponent("debug/\(id)PackageTests.xctest").path,
        "--testing-library", "swift-testing", "--event-stream-output-path", events.path,
      ]
    #else
      let command = [
        "swift", "test", "--skip-build", "--package-path", directory.path, "--scratch-path",
        learnerScratch.path, "--event-stream-output-path", events.path,
      ]
    #endif
    let test = try ProcessRunner.run(
      command, in: directory, log: logs.appendingPathComponent("test.log"),
      timeLimit: Double(manifest.budgetSeconds))
    let summary = EventStreamSummary.parse(
      (try? Data(contentsOf: events)) ?? Data(), testModule: manifest.testModule)
    let failed = summary.order.filter { !(summary.tests[$0]?.failures.isEmpty ?? true) }
    if test.timedOut {
      return (false, "its tests did not finish within \(manifest.budgetSeconds) s")
    }
    if !summary.runEnded || test.wasSignalled {
      return (false, "its tests crashed (\(summary.unfinished.joined(separator: ", ")))")
    }
    if !manifest.gradesSources {
      return failed.isEmpty
        ? (true, "its \(summary.order.count) starter tests run and pass against the feature")
        : (false, "starter tests fail against the feature: \(failed.joined(separator: ", "))")
    }
    if failed.isEmpty { return (false, "every visible test passes on the starter") }
    return (true, "\(failed.count) of \(summary.order.count) visible tests fail, as they should")
  }
}
