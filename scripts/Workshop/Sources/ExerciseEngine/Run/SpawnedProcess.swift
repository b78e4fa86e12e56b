import ExerciseModel
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process started with `posix_spawn`: its own process group, standard input from
/// `/dev/null`, standard output and error into a pipe, and no other descriptor of ours.
///
/// A thread of its own waits for the process to end (without reaping it); the process is used
/// from the thread that started it only.
final class SpawnedProcess {
  let pid: pid_t
  /// The read end of the output pipe.
  let output: Int32
  /// Waits for the process to end.
  private let waiter: WorkerThread
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
    let started = pid
    waiter = WorkerThread(stackSize: 256 << 10) { SpawnedProcess.waitWithoutReaping(started) }
  }

  /// Blocks until the process `pid` has ended, leaving it a zombie so its pid (and group id)
  /// cannot be reused before ``reap()``.
  private static func waitWithoutReaping(_ pid: pid_t) {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
  }

  /// Whether the process ended within `timeout` seconds (or before).
  func waitForExit(timeout: Double) -> Bool {
    waiter.wait(timeout: timeout)
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
