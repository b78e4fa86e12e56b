import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a command with a time limit, its output going to a file.
public enum ProcessRunner {
  public struct Outcome: Sendable {
    /// The exit status, or the signal number when `wasSignalled`.
    public var status: Int32
    public var wasSignalled: Bool
    public var timedOut: Bool
  }

  /// Runs `arguments` (the first is looked up on `PATH`) in `directory`, writing standard output
  /// and error to `log`. After `timeLimit` seconds the whole process group is killed.
  public static func run(
    _ arguments: [String],
    in directory: URL,
    environment: [String: String]? = nil,
    log: URL,
    timeLimit: Double
  ) throws -> Outcome {
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    let process = Process()
    // `setsid` puts the command in its own process group, so a time-out can kill the test
    // binary that `swift test` started, not only `swift test` itself.
    if let setsid = ["/usr/bin/setsid", "/bin/setsid"].first(where: {
      FileManager.default.isExecutableFile(atPath: $0)
    }) {
      process.executableURL = URL(fileURLWithPath: setsid)
      process.arguments = ["/usr/bin/env"] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = arguments
    }
    process.currentDirectoryURL = directory
    if let environment { process.environment = environment }
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    let timedOut = finished.wait(timeout: .now() + timeLimit) == .timedOut
    if timedOut {
      kill(-process.processIdentifier, SIGKILL)
      process.terminate()
      finished.wait()
    }
    return Outcome(
      status: process.terminationStatus,
      wasSignalled: process.terminationReason == .uncaughtSignal,
      timedOut: timedOut)
  }
}
