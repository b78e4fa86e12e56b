import ExerciseModel
import Foundation

extension TestListing {
  /// Asks a built test binary for its tests (it runs none), in `sandbox` when one is given: the
  /// binary holds a learner's code, so the grader lists it where it runs it. The declarations
  /// arrive through the event stream, as results do.
  ///
  /// Returns the tests of `testModule`, or what went wrong in plain words (the process crashed,
  /// hung or exited with a failure while loading).
  public static func list(
    binary: URL, testModule: String, sandbox: Sandbox?, work: URL, timeLimit: Double = 60
  ) throws -> Result<[ListedTest], WorkshopError> {
    let manager = FileManager.default
    let folder = work.appendingPathComponent("list")
    try? manager.removeItem(at: folder)
    let streamFolder = folder.appendingPathComponent("stream")
    let temporary = folder.appendingPathComponent("tmp")
    let mountPoint = folder.appendingPathComponent("root")
    for made in [streamFolder, temporary, mountPoint] {
      try manager.createDirectory(at: made, withIntermediateDirectories: true)
    }
    defer { try? manager.removeItem(at: folder) }
    let pipe = try EventStreamPipe(at: streamFolder.appendingPathComponent("events"))
    try sandbox?.grantAccess(to: pipe.url)
    let log = work.appendingPathComponent("list.log")
    func listing(binary: String, events: String) -> [String] {
      [
        binary, "--testing-library", "swift-testing", "--list-tests", "--event-stream-output-path",
        events,
      ]
    }
    let command: [String]
    let environment: [String: String]
    if let sandbox {
      command = sandbox.command(
        running: listing(
          binary: Sandbox.binPath + "/" + binary.lastPathComponent,
          events: Sandbox.streamPath + "/events"),
        products: binary.deletingLastPathComponent(), stream: streamFolder, mountPoint: mountPoint)
      environment = ProcessRunner.cleanEnvironment(
        temporaryPath: Sandbox.scratchPath, home: Sandbox.scratchPath)
    } else {
      command = listing(binary: binary.path, events: pipe.url.path)
      environment = ProcessRunner.cleanEnvironment(temporaryDirectory: temporary)
    }
    var outcome = try ProcessRunner.run(
      command, in: temporary, environment: environment, log: log, timeLimit: timeLimit)
    sandbox?.waitForTeardown(log: log)
    let data = pipe.finish()
    if sandbox != nil { outcome = Sandbox.decode(outcome) }
    guard outcome.status == 0, !outcome.wasSignalled, !outcome.timedOut else {
      let how =
        outcome.timedOut
        ? "did not list its tests within \(Int(timeLimit)) seconds"
        : outcome.wasSignalled
          ? "was killed by signal \(outcome.status)" : "exited with status \(outcome.status)"
      return .failure(
        WorkshopError(
          "The test process \(how) before any test ran, while it was loading: look for a "
            + "global or static value whose initializer crashes, exits or never ends."))
    }
    return .success(parse(data, testModule: testModule))
  }
}
