import ExerciseModel
import Foundation
import Synchronization

/// `swift build --build-tests` of a package, checked: the one way the tools build an exercise
/// (the grader, the checks and `scripts/learn`).
///
/// Modules a direct rebuild compiled whole (``WholeModuleCompile``) are compiled from clean, so
/// SwiftPM never links their objects with its own. A build that leaves a source uncompiled (see
/// ``UncompiledSources``) is made again with that module's build files removed, and the log
/// says so; a source still uncompiled after that throws, so stale code is never tested.
///
/// ```swift
/// let log = logs.appendingPathComponent("build.log")
/// let outcome = try SwiftPMBuild.run(package: package, scratch: scratch, log: log)
/// if outcome.status != 0 { print(CompilerOutput.errors(in: log, module: "Fixture")) }
/// ```
public enum SwiftPMBuild {
  /// A SwiftPM build running now in this process: its package, its log and when it started.
  public struct Running: Sendable, Equatable {
    public var package: URL
    public var log: URL
    public var started: Date

    public init(package: URL, log: URL, started: Date) {
      self.package = package
      self.log = log
      self.started = started
    }
  }

  private static let running = Mutex<[Running]>([])

  /// The SwiftPM builds running now in this process, oldest first: what a progress line shows
  /// while a first build compiles the library (``ColdBuildProgress`` of the grader).
  public static func runningNow() -> [Running] { running.withLock { $0 } }

  /// Builds `package` and its tests in `scratch`, writing the output to `log`.
  ///
  /// - Parameter monitor: consulted while the build runs (see ``ProcessRunner``); returning
  ///   true stops it.
  public static func run(
    package: URL, scratch: URL, log: URL, timeLimit: Double = 900,
    monitor: (() -> Bool)? = nil
  ) throws -> ProcessRunner.Outcome {
    // System modules are left out of the index: in a fresh build folder SwiftPM indexes the ones
    // each module imports (Foundation, XCTest, Testing…) for editors, and no editor reads the
    // tools' build folders. A fresh build of the library and its tests took 43 s of CPU without
    // them, 54 s with. (The index itself stays: on Linux SwiftPM finds XCTest tests in it.)
    let command = [
      "swift", "build", "--build-tests", "-Xswiftc", "-index-ignore-system-modules",
      "--package-path", package.path, "--scratch-path", scratch.path,
    ]
    func succeeded(_ outcome: ProcessRunner.Outcome) -> Bool {
      outcome.status == 0 && !outcome.wasSignalled && !outcome.timedOut
        && !outcome.stoppedByMonitor
    }
    UncompiledSources.forgetWholeModuleCompiles(package: package, scratch: scratch)
    let build = Running(package: package, log: log, started: Date())
    running.withLock { $0.append(build) }
    defer { running.withLock { $0.removeAll { $0 == build } } }
    var outcome = try ProcessRunner.run(
      command, in: package, log: log, timeLimit: timeLimit, monitor: monitor)
    guard succeeded(outcome) else { return outcome }
    let uncompiled = UncompiledSources.find(package: package, scratch: scratch)
    guard !uncompiled.isEmpty else { return outcome }

    UncompiledSources.forget(uncompiled, scratch: scratch)
    let again = log.deletingLastPathComponent()
      .appendingPathComponent(".\(log.lastPathComponent).again")
    outcome = try ProcessRunner.run(
      command, in: package, log: again, timeLimit: timeLimit, monitor: monitor)
    try append(
      again,
      note: "\nworkshop: the build did not compile "
        + uncompiled.map(\.path).joined(separator: ", ")
        + " (SwiftPM took it for unchanged); building its module again from clean:\n",
      to: log)
    guard succeeded(outcome) else { return outcome }
    let still = UncompiledSources.find(package: package, scratch: scratch)
    guard still.isEmpty else {
      throw WorkshopError(
        "SwiftPM did not compile \(still.map(\.path).joined(separator: ", ")) of "
          + "\(package.path), even with its build files removed (see \(log.path)). Remove "
          + "the build folder (rm -r '\(scratch.path)') and run again.")
    }
    return outcome
  }

  /// Adds `note` and then the text of `file` to the end of `log`, and removes `file`.
  private static func append(_ file: URL, note: String, to log: URL) throws {
    let added = (try? Data(contentsOf: file)) ?? Data()
    try? FileManager.default.removeItem(at: file)
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(note.utf8) + added)
  }
}
