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
    let drained = DispatchSemaphore(value: 0)
    let readerThread = Thread {
      capture.drain(child.output)
      drained.signal()
    }
    readerThread.stackSize = 1 << 20
    readerThread.start()

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
    if drained.wait(timeout: .now() + 2) == .timedOut { capture.abandon() }
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

/// A child process started with `posix_spawn`: its own process group, standard input from
/// `/dev/null`, standard output and error into a pipe, and no other descriptor of ours.
private final class SpawnedProcess: @unchecked Sendable {
  let pid: pid_t
  /// The read end of the output pipe.
  let output: Int32
  private let exited = DispatchSemaphore(value: 0)
  private var hasExited = false
  private var reaped = false

  init(_ arguments: [String], environment: [String: String]) throws {
    var fds: [Int32] = [-1, -1]
    guard GNUExtensions.makePipe(&fds) else {
      throw WorkshopError("Cannot create a pipe: \(String(cString: strerror(errno))).")
    }
    output = fds[0]
    defer { close(fds[1]) }

    #if os(Linux)
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #else
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
    var flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    #if os(Linux)
      // Descriptors the grader opened without close-on-exec stay with the grader.
      GNUExtensions.closeFrom(3, in: &actions)
    #else
      flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))
    posix_spawnattr_setpgroup(&attributes, 0)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD, SIGXFSZ, SIGUSR1, SIGUSR2] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    let argv = arguments.map { strdup($0) } + [nil]
    let envp =
      environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard result == 0 else {
      close(fds[0])
      throw WorkshopError(
        "Cannot start \(arguments[0]): \(String(cString: strerror(result))).")
    }
    self.pid = pid
    let waiter = Thread { [self] in
      self.waitWithoutReaping()
      self.exited.signal()
    }
    waiter.stackSize = 256 << 10
    waiter.start()
  }

  /// Blocks until the process has ended, leaving it a zombie so its pid (and group id) cannot
  /// be reused before ``reap()``.
  private func waitWithoutReaping() {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
  }

  /// Whether the process ended within `timeout` seconds (or before).
  func waitForExit(timeout: Double) -> Bool {
    if hasExited { return true }
    if exited.wait(timeout: .now() + timeout) == .success {
      hasExited = true
      return true
    }
    return false
  }

  /// Kills the process's group, and the process itself. Safe until ``reap()``: the process
  /// is not reaped yet, so its group id belongs to it.
  func killGroup() {
    guard !reaped else { return }
    kill(-pid, SIGKILL)
    kill(pid, SIGKILL)
  }

  /// Collects the exit status of an ended process; nil if it has not ended.
  func reap() -> (code: Int32, signalled: Bool)? {
    guard waitForExit(timeout: 0), !reaped else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    reaped = true
    if status & 0x7f == 0 { return ((status >> 8) & 0xff, false) }
    return (status & 0x7f, true)
  }
}

/// glibc functions Swift's `Glibc` module does not import (they need `_GNU_SOURCE`), found at
/// run time; each has a fallback.
enum GNUExtensions {
  #if os(Linux)
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias AddCloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
      dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)
    }
    private static let pipe2 = symbol("pipe2").map {
      unsafeBitCast($0, to: Pipe2.self)
    }
    private static let addCloseFrom = symbol(
      "posix_spawn_file_actions_addclosefrom_np"
    ).map { unsafeBitCast($0, to: AddCloseFrom.self) }
  #endif

  /// A pipe whose two ends are closed on `exec`: `pipe2(O_CLOEXEC)` where there is one, so no
  /// process started by another thread at the same moment inherits it.
  static func makePipe(_ fds: inout [Int32]) -> Bool {
    #if os(Linux)
      if let pipe2 {
        return fds.withUnsafeMutableBufferPointer { pipe2($0.baseAddress!, Int32(O_CLOEXEC)) } == 0
      }
    #endif
    guard pipe(&fds) == 0 else { return false }
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    return true
  }

  #if os(Linux)
    /// Asks `posix_spawn` to close every descriptor from `first` on in the child (glibc 2.34+).
    static func closeFrom(_ first: Int32, in actions: inout posix_spawn_file_actions_t) {
      guard let addCloseFrom else { return }
      _ = addCloseFrom(&actions, first)
    }
  #endif
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

  /// Reads `descriptor` to its end, then closes it.
  func drain(_ descriptor: Int32) {
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return }
      let chunk = Data(buffer[0..<count])
      lock.lock()
      if closed {
        lock.unlock()
        continue
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

  /// Stops copying: a process outside our control still holds the pipe.
  func abandon() {
    lock.withLock { closed = true }
  }

  func finish() {
    lock.lock()
    defer { lock.unlock() }
    if dropped > 0 {
      handle.write(Data("\n[… \(dropped) more bytes of output were dropped]\n".utf8))
    }
    closed = true
    try? handle.close()
  }
}
