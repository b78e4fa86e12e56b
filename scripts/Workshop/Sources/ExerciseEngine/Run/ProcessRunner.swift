import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a command with a time limit, keeping a bounded copy of its output in a log file.
///
/// Built for running code nobody has reviewed (a learner's tests): the command gets its own
/// process group, so stopping it also stops whatever it started in that group; it inherits no
/// descriptor of the grader's but its output pipe; no core files are written; on Linux it is
/// killed when the thread that started it ends (the grader exits or is interrupted); and output
/// beyond `outputLimit` bytes is counted and dropped, so a test that prints 50 MB costs neither
/// memory nor disk.
///
/// The end of the command is learned from `waitpid` on the command itself, never from a pipe or
/// socket closing, so a process that escapes the group and keeps an inherited descriptor open
/// cannot make the runner miss the exit. (Run inside a ``Sandbox``, nothing escapes at all.)
public enum ProcessRunner {
  public struct Outcome: Sendable {
    /// The exit status, or the signal number when `wasSignalled`.
    public var status: Int32
    public var wasSignalled: Bool
    /// The time limit ran out and the process was killed.
    public var timedOut: Bool
    /// The monitor asked for the process to be stopped, and it was killed.
    public var stoppedByMonitor: Bool
  }

  /// How often the monitor is consulted.
  public static let pollInterval = 0.05

  /// Runs `arguments` (the first is looked up on `PATH`) in `directory`, with standard output and
  /// error going to `log` (at most `outputLimit` bytes of it).
  ///
  /// - Parameters:
  ///   - environment: the whole environment of the command; nil inherits this process's.
  ///   - timeLimit: after this many seconds the process group is killed.
  ///   - monitor: consulted every ``pollInterval`` seconds while the command runs; returning true
  ///     kills the process group.
  public static func run(
    _ arguments: [String],
    in directory: URL,
    environment: [String: String]? = nil,
    log: URL,
    outputLimit: Int = 4 << 20,
    timeLimit: Double,
    monitor: (() -> Bool)? = nil
  ) throws -> Outcome {
    // `ulimit -c 0` keeps crashes from leaving core files behind; `env` looks the command up.
    var command =
      [
        "/bin/sh", "-c", "cd -- \"$1\" || exit 126; shift; ulimit -c 0 2>/dev/null; exec \"$@\"",
        "sh", directory.path, "/usr/bin/env",
      ] + arguments
    if let setpriv = parentDeathSignalTool {
      // Killed when the grader's thread that started it ends, even by SIGKILL or Ctrl-C.
      command = [setpriv, "--pdeathsig", "KILL", "--"] + command
    }
    let capture = try OutputCapture(log: log, limit: outputLimit)
    let child = try SpawnedProcess(
      command, environment: environment ?? ProcessInfo.processInfo.environment)
    let output = child.output
    let reader = WorkerThread(stackSize: 1 << 20) { capture.drain(output) }

    let deadline = Date().addingTimeInterval(timeLimit)
    var timedOut = false
    var stoppedByMonitor = false
    while !child.waitForExit(timeout: pollInterval) {
      if Date() >= deadline || (monitor?() ?? false) {
        timedOut = Date() >= deadline
        stoppedByMonitor = !timedOut
        child.killGroup()
        _ = child.waitForExit(timeout: 10)
        break
      }
    }
    // Whatever the process group left running (a grandchild holding the pipe) is stopped too.
    child.killGroup()
    let status = child.reap()
    // A process that escaped the group may still hold the pipe: then the reader is left
    // blocked, and its later output is dropped.
    if !reader.wait(timeout: 2) { capture.abandon() }
    capture.finish()
    guard let status else {
      // The system never reported the end of the killed process: count it as killed.
      return Outcome(
        status: SIGKILL, wasSignalled: true, timedOut: timedOut,
        stoppedByMonitor: stoppedByMonitor)
    }
    return Outcome(
      status: status.code, wasSignalled: status.signalled, timedOut: timedOut,
      stoppedByMonitor: stoppedByMonitor)
  }

  /// util-linux `setpriv`, used to give children a parent-death signal (Linux only).
  static let parentDeathSignalTool: String? = {
    #if os(Linux)
      return ["/usr/bin/setpriv", "/bin/setpriv"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      }
    #else
      return nil
    #endif
  }()

  /// The environment a learner's tests run in: only what a Swift program needs to start, with
  /// no setting that changes the code under test (such as `SWIFT_DEPENDENCIES_CONTEXT`)
  /// inherited from whoever runs the grader.
  public static func cleanEnvironment(temporaryDirectory: URL) -> [String: String] {
    cleanEnvironment(temporaryPath: temporaryDirectory.path, home: nil)
  }

  /// ``cleanEnvironment(temporaryDirectory:)`` with paths as the process will see them (inside a
  /// sandbox, its scratch folder); `home` nil keeps the grader's `HOME`.
  public static func cleanEnvironment(temporaryPath: String, home: String?) -> [String: String] {
    let inherited = ProcessInfo.processInfo.environment
    var environment: [String: String] = [
      "PATH": inherited["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
      "HOME": home ?? inherited["HOME"] ?? temporaryPath,
      "TMPDIR": temporaryPath,
      "LANG": "C.UTF-8",
      "NO_COLOR": "1",
      // Dictionaries and sets print in the same order in every run, so failure messages that
      // show one read the same each time the same code is graded.
      "SWIFT_DETERMINISTIC_HASHING": "1",
    ]
    for name in ["LD_LIBRARY_PATH", "DEVELOPER_DIR", "SDKROOT", "TOOLCHAINS"] {
      if let value = inherited[name] { environment[name] = value }
    }
    return environment
  }
}
