import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a command with a time limit, keeping a bounded copy of its output in a log file.
///
/// Built for running code nobody has reviewed (a learner's tests): the command gets its own
/// process group, so stopping it also stops whatever it started; no core files are written; and
/// output beyond `outputLimit` bytes is counted and dropped, so a test that prints 50 MB costs
/// neither memory nor disk.
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
    let process = Process()
    // Foundation starts the child as the leader of a new process group (on Linux), so killing
    // the group stops the test binary and everything it started. (`setsid` must not be used:
    // called by a group leader, it forks, and the command escapes the group.) `ulimit -c 0`
    // keeps crashes from leaving core files behind.
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      ["-c", "ulimit -c 0 2>/dev/null; exec \"$@\"", "sh", "/usr/bin/env"] + arguments
    process.currentDirectoryURL = directory
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice

    let capture = try OutputCapture(log: log, limit: outputLimit)
    let reader = pipe.fileHandleForReading
    let drained = DispatchSemaphore(value: 0)
    let readerThread = Thread {
      capture.drain(reader)
      drained.signal()
    }
    readerThread.stackSize = 1 << 20

    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    // Only the child holds the write end now, so the reader sees end-of-file when it exits.
    try? pipe.fileHandleForWriting.close()
    readerThread.start()

    let deadline = Date().addingTimeInterval(timeLimit)
    var timedOut = false
    var stoppedByMonitor = false
    var reported = false
    while !reported {
      if finished.wait(timeout: .now() + pollInterval) == .success {
        reported = true
      } else if Date() >= deadline || (monitor?() ?? false) {
        timedOut = Date() >= deadline
        stoppedByMonitor = !timedOut
        stop(process)
        reported = finished.wait(timeout: .now() + 10) == .success
        break
      }
    }
    // Whatever the process group left running (a grandchild holding the pipe) is stopped too.
    stop(process)
    // A process that escaped the group may still hold the pipe: then the reader is left
    // blocked (closing the pipe under it would crash), and its later output is dropped.
    _ = drained.wait(timeout: .now() + 5)
    capture.finish()
    guard reported else {
      // The system never reported the end of the killed process: count it as killed.
      return Outcome(
        status: SIGKILL, wasSignalled: true, timedOut: timedOut,
        stoppedByMonitor: stoppedByMonitor)
    }
    return Outcome(
      status: process.terminationStatus,
      wasSignalled: process.terminationReason == .uncaughtSignal,
      timedOut: timedOut,
      stoppedByMonitor: stoppedByMonitor)
  }

  /// Kills the process's group (and the process itself, should it not lead a group).
  private static func stop(_ process: Process) {
    let pid = process.processIdentifier
    guard pid > 0 else { return }
    kill(-pid, SIGKILL)
    kill(pid, SIGKILL)
  }

  /// The environment a learner's tests run in: only what a Swift program needs to start, with
  /// no setting that changes the code under test (such as `SWIFT_DEPENDENCIES_CONTEXT`)
  /// inherited from whoever runs the grader.
  public static func cleanEnvironment(temporaryDirectory: URL) -> [String: String] {
    let inherited = ProcessInfo.processInfo.environment
    var environment: [String: String] = [
      "PATH": inherited["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
      "HOME": inherited["HOME"] ?? temporaryDirectory.path,
      "TMPDIR": temporaryDirectory.path,
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

/// Copies a pipe into a log file, up to a limit; the rest is counted, and the count noted at
/// the end of the log.
private final class OutputCapture: @unchecked Sendable {
  private let handle: FileHandle
  private let limit: Int
  private let lock = NSLock()
  private var written = 0
  private var closed = false
  private var dropped = 0

  init(log: URL, limit: Int) throws {
    try FileManager.default.createDirectory(
      at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    handle = try FileHandle(forWritingTo: log)
    self.limit = limit
  }

  func drain(_ reader: FileHandle) {
    while true {
      let chunk = reader.availableData
      if chunk.isEmpty { return }
      lock.lock()
      if closed {
        lock.unlock()
        return
      }
      let room = max(0, limit - written)
      if room > 0 {
        handle.write(chunk.prefix(room))
        written += min(room, chunk.count)
      }
      dropped += max(0, chunk.count - room)
      lock.unlock()
    }
  }

  func finish() {
    lock.lock()
    defer { lock.unlock() }
    closed = true
    if dropped > 0 {
      handle.write(Data("\n[… \(dropped) more bytes of output were dropped]\n".utf8))
    }
    try? handle.close()
  }
}
