import ExerciseModel
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A sandbox for one test process of a learner's code, made with the system's own tools:
/// Bubblewrap (`bwrap`, what Flatpak uses) when installed, else util-linux `unshare`.
///
/// Inside, the process sees:
/// - the system's `/usr` (and the `/bin`, `/lib`… links to it), a few files of `/etc` and the
///   toolchain's runtime libraries, all read-only;
/// - the test products (the test binary and the helper executables beside it) read-only at
///   ``binPath``, and the folder of the event stream's named pipe, read-only, at ``streamPath``;
/// - an empty, size-limited scratch folder at ``scratchPath`` (also `HOME` and `TMPDIR`);
/// - its own `/proc` and a minimal `/dev`;
///
/// and nothing else: not the workspace, the submissions, the reports or the grader's build
/// folders (``hiddenPaths`` are covered even if they lie inside a system folder). It has no
/// network (a loopback interface only), no capabilities, its own PID namespace, so everything it
/// starts ends with it, and limits on memory, processes and file size (``Limits``). It is killed
/// when the grader's thread that started it ends.
public struct Sandbox: Sendable, Equatable {
  /// The system tool that builds the sandbox.
  public enum Tool: String, Sendable, Equatable, CaseIterable {
    /// `bwrap`, from Debian's `bubblewrap` package.
    case bubblewrap = "bwrap"
    /// util-linux `unshare` with `mount`, `pivot_root`, `setpriv` and `prlimit`, plus iproute2's
    /// `ip` for the loopback interface.
    case unshare
  }

  /// The limits of one sandboxed test process.
  public struct Limits: Sendable, Equatable {
    /// Address space, in bytes (`RLIMIT_AS`).
    public var memoryBytes: Int = 4 << 30
    /// Processes and threads (`RLIMIT_NPROC`, counted inside the sandbox's user namespace).
    public var processes: Int = 256
    /// The largest file it may write, in bytes (`RLIMIT_FSIZE`).
    public var fileSizeBytes: Int = 32 << 20
    /// The size of the scratch folder, in bytes.
    public var scratchBytes: Int = 64 << 20

    public init() {}
  }

  /// Where the test products are inside the sandbox.
  public static let binPath = "/sandbox/bin"
  /// Where the event stream's folder is inside the sandbox.
  public static let streamPath = "/sandbox/stream"
  /// The empty, writable scratch folder inside the sandbox.
  public static let scratchPath = "/tmp"

  public var tool: Tool
  public var limits: Limits
  /// Absolute paths of the tools, by name.
  var tools: [String: String]
  /// What of the host the sandbox shows, read-only.
  var system: SystemView
  /// Host folders that must not be seen even when they lie inside a folder the sandbox shows:
  /// the workspace, the submissions, the reports, the grader's build folder.
  public var hiddenPaths: [String] = []
  /// When the grader runs as root, the unprivileged user (and group) the sandbox is entered
  /// as: the kernel applies no process limit to root, even inside a user namespace, and root
  /// could read files the sandbox does not mean to show.
  public var user: UInt32?
  /// Whether root first shows the folders the sandbox uses where ``user`` can reach them: they
  /// may lie inside a folder only root may enter (a clone under `/root`, a `mktemp -d` folder).
  /// See ``staged(products:stream:mountPoint:)``.
  var stagesFolders = false

  /// The user id an unprivileged sandbox runs as when the grader is root (`nobody`).
  public static let unprivilegedUser: UInt32 = 65534

  /// The parts of the host file system a test binary needs.
  struct SystemView: Sendable, Equatable {
    /// Top-level entries (`usr`, `bin`, `lib64`, …): a symbolic link's target, or nil for a
    /// folder shown as it is.
    var topLevel: [(name: String, link: String?)]
    /// Files of `/etc` the C library and Foundation read.
    var etcFiles: [String]
    /// The toolchain's runtime library folders (from `swift -print-target-info`).
    var runtimeLibraries: [String]

    static func == (left: SystemView, right: SystemView) -> Bool {
      left.topLevel.map { "\($0.name)\($0.link ?? "")" }
        == right.topLevel.map { "\($0.name)\($0.link ?? "")" }
        && left.etcFiles == right.etcFiles && left.runtimeLibraries == right.runtimeLibraries
    }
  }

  /// The command that runs `command` (paths as seen inside) in this sandbox.
  ///
  /// - Parameters:
  ///   - products: the host folder shown at ``binPath``.
  ///   - stream: the host folder shown at ``streamPath``.
  ///   - mountPoint: an empty host folder the `unshare` sandbox builds its root on.
  public func command(
    running command: [String], products: URL, stream: URL, mountPoint: URL
  ) -> [String] {
    let staged = staged(products: products, stream: stream, mountPoint: mountPoint)
    let inside = ["/bin/sh", "-c", "echo '\(Self.readyLine)' >&2 && exec \"$@\"", "sh"]
    switch tool {
    case .bubblewrap:
      return staged.prefix
        + bubblewrapCommand(
          running: inside + limited(command), products: staged.products, stream: staged.stream)
    case .unshare:
      return staged.prefix
        + unshareCommand(
          running: inside + limited(command), products: staged.products, stream: staged.stream,
          mountPoint: staged.mountPoint)
    }
  }

  /// Lets the sandboxed process open `url` (the event stream's named pipe), which the grader
  /// made: hands it to ``user`` when there is one.
  public func grantAccess(to url: URL) throws {
    guard let user else { return }
    guard chown(url.path, user, user) == 0 else {
      throw WorkshopError(
        "cannot hand \(url.path) to the sandbox's user \(user): \(String(cString: strerror(errno)))."
      )
    }
  }

  /// The start of a command that becomes ``user`` (when set) with no supplementary groups.
  var asUser: [String] {
    guard let user else { return [] }
    return [
      tools["setpriv"] ?? "setpriv", "--reuid=\(user)", "--regid=\(user)", "--clear-groups", "--",
    ]
  }

  /// `command` under `prlimit`, with no capabilities left.
  func limited(_ command: [String]) -> [String] {
    [
      tools["prlimit"] ?? "prlimit", "--as=\(limits.memoryBytes)", "--nproc=\(limits.processes)",
      "--fsize=\(limits.fileSizeBytes)", "--core=0", "--",
    ] + command
  }

  /// The exit status of the sandboxed command from the sandbox tool's: both report a command
  /// killed by signal N as 128 + N.
  public static func decode(_ outcome: ProcessRunner.Outcome) -> ProcessRunner.Outcome {
    var decoded = outcome
    if !outcome.wasSignalled, outcome.status > 128, outcome.status < 128 + 65 {
      decoded.status = outcome.status - 128
      decoded.wasSignalled = true
    }
    return decoded
  }

  /// The line every sandboxed command writes to standard error once the sandbox is set up,
  /// just before the command itself starts.
  public static let readyLine = "workshop: the sandbox is ready"

  /// Why the sandbox itself could not be set up, when a test run's log shows it did not (rather
  /// than the learner's code failing): the log lacks ``readyLine``, so no learner code ran.
  /// Gives the sandbox tools' own message when there is one, else the log's first line.
  ///
  /// A sandbox tool removed while a class is graded, or a kernel out of namespaces, would
  /// otherwise make every later learner's tests fail to start, and score 0.
  public static func setupFailure(inLog text: String) -> String? {
    guard !text.contains(readyLine) else { return nil }
    let lines = text.split(separator: "\n").map(String.init)
    // bwrap's first lines are its report of the namespace's pid: `{ "child-pid": 1234 }`.
    let said = lines.filter {
      let line = $0.trimmingCharacters(in: .whitespaces)
      return !line.isEmpty && !line.hasPrefix("{") && !line.hasPrefix("}") && !line.hasPrefix("\"")
    }
    return said.first { $0.hasPrefix("bwrap: ") || $0.hasPrefix(UnshareScript.failurePrefix) }
      ?? said.first ?? "the sandbox printed nothing"
  }
}

// MARK: - Choosing a sandbox

/// What the grader does about sandboxing (`scripts/grade --sandbox`).
public enum SandboxPolicy: String, Sendable, CaseIterable {
  /// Sandbox when the system allows it; otherwise say so and grade unsandboxed.
  case automatic = "auto"
  /// Sandbox, or stop with an error that says what is missing.
  case required
  /// Never sandbox (said in every report).
  case off
  /// Only with `bwrap`, or stop.
  case bubblewrap = "bwrap"
  /// Only with util-linux `unshare`, or stop.
  case unshare
}

/// The sandbox a grading run uses, or why it has none.
public struct SandboxChoice: Sendable {
  /// The sandbox, or nil when tests run unsandboxed.
  public var sandbox: Sandbox?
  /// When there is no sandbox, the note every report carries (nil with a sandbox).
  public var note: String?
}

extension Sandbox {
  /// Picks and checks a sandbox for `policy`: finds the tools, then starts a small command in
  /// a complete sandbox to prove the kernel allows it.
  ///
  /// - Parameters:
  ///   - scratch: a folder for the check's files.
  ///   - searchPath: where tools are looked for (the `PATH` of the grader by default).
  /// - Throws: a message saying what is missing when `policy` demands a sandbox that cannot be
  ///   made.
  public static func choose(
    _ policy: SandboxPolicy, scratch: URL,
    searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  ) throws -> SandboxChoice {
    let unsandboxed =
      "Learner code ran with the grader's rights: it could read the workspace and change "
      + "files, and no limits applied."
    if policy == .off {
      return SandboxChoice(
        sandbox: nil, note: "Graded without a sandbox (--sandbox off). " + unsandboxed)
    }
    let tools: [Tool]
    switch policy {
    case .bubblewrap: tools = [.bubblewrap]
    case .unshare: tools = [.unshare]
    default: tools = [.bubblewrap, .unshare]
    }
    var reasons: [String] = []
    defer { try? FileManager.default.removeItem(at: scratch) }
    for tool in tools {
      switch make(tool, scratch: scratch, searchPath: searchPath) {
      case .success(let sandbox): return SandboxChoice(sandbox: sandbox, note: nil)
      case .failure(let reason): reasons.append(reason.description)
      }
    }
    let reason = reasons.joined(separator: " ")
    if policy != .automatic {
      throw WorkshopError(
        "no sandbox could be set up, and --sandbox \(policy.rawValue) needs one. \(reason)")
    }
    return SandboxChoice(
      sandbox: nil, note: "Graded without a sandbox: \(reason) " + unsandboxed)
  }

  /// The sandbox made with `tool`, after a check that it works here.
  static func make(_ tool: Tool, scratch: URL, searchPath: String) -> Result<Sandbox, WorkshopError>
  {
    #if !os(Linux)
      return .failure(
        WorkshopError(
          "sandboxing uses Linux namespaces (bwrap or unshare), and this system is not Linux."))
    #else
      let needed: [(name: String, package: String)]
      switch tool {
      case .bubblewrap:
        needed = [("bwrap", "bubblewrap"), ("prlimit", "util-linux")]
      case .unshare:
        needed = [
          ("unshare", "util-linux"), ("mount", "util-linux"), ("umount", "util-linux"),
          ("pivot_root", "util-linux"), ("setpriv", "util-linux"), ("prlimit", "util-linux"),
          ("ip", "iproute2"),
        ]
      }
      var found: [String: String] = [:]
      for (name, package) in needed + [("setpriv", "util-linux")] {
        guard let path = find(name, searchPath: searchPath) else {
          let install =
            tool == .bubblewrap
            ? "install it (Debian: apt-get install bubblewrap)"
            : "install it (Debian: apt-get install \(package)), or install bubblewrap"
          return .failure(WorkshopError("\(tool.rawValue): `\(name)` was not found; \(install)."))
        }
        found[name] = path
      }
      let system = SystemView.current()
      var sandbox = Sandbox(tool: tool, limits: Limits(), tools: found, system: system)
      let check = scratch.appendingPathComponent(tool.rawValue)
      if geteuid() == 0 {
        // Entered as root, the sandbox would have no process limit: enter as nobody, with the
        // folders it shows staged where nobody can reach them. (Where neither works, the
        // sandbox is entered as root and only the process limit is lost.)
        sandbox.user = unprivilegedUser
        if let mount = find("mount", searchPath: searchPath),
          let unshare = find("unshare", searchPath: searchPath)
        {
          sandbox.tools["mount"] = mount
          sandbox.tools["unshare"] = unshare
          sandbox.stagesFolders = true
          if sandbox.selfCheck(scratch: check) == nil { return .success(sandbox) }
          // Staging needs a mount namespace of root's own, which a container may refuse.
          sandbox.stagesFolders = false
        }
        if sandbox.selfCheck(scratch: check) == nil { return .success(sandbox) }
        sandbox.user = nil
      }
      if let problem = sandbox.selfCheck(scratch: check) {
        return .failure(WorkshopError("\(tool.rawValue): \(problem)"))
      }
      return .success(sandbox)
    #endif
  }

  /// Starts `/bin/sh` in a complete sandbox; nil when it ran, else what went wrong.
  func selfCheck(scratch: URL) -> String? {
    let manager = FileManager.default
    try? manager.removeItem(at: scratch)
    let products = scratch.appendingPathComponent("products")
    let stream = scratch.appendingPathComponent("stream")
    let mountPoint = scratch.appendingPathComponent("root")
    do {
      for folder in [products, stream, mountPoint] {
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      defer { try? manager.removeItem(at: scratch) }
      let log = scratch.appendingPathComponent("check.log")
      let outcome = try ProcessRunner.run(
        command(
          running: ["/bin/sh", "-c", "echo sandbox-ready"], products: products, stream: stream,
          mountPoint: mountPoint),
        in: scratch,
        environment: ProcessRunner.cleanEnvironment(temporaryPath: "/tmp", home: "/tmp"),
        log: log, timeLimit: 60)
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      if outcome.status == 0, !outcome.wasSignalled, text.contains("sandbox-ready") {
        return nil
      }
      let detail = text.split(separator: "\n").prefix(3).joined(separator: " ")
      return "a test command could not start in the sandbox (the kernel may not allow user "
        + "namespaces here): \(detail.isEmpty ? "exit status \(outcome.status)" : detail)"
    } catch {
      return "the sandbox check could not run: \(error)"
    }
  }

  /// `name` on `searchPath` (and in the system folders, which a minimal `PATH` may lack).
  static func find(_ name: String, searchPath: String) -> String? {
    let folders = searchPath.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"]
    for folder in folders where !folder.isEmpty {
      let path = folder + "/" + name
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }
}

extension Sandbox.SystemView {
  /// What this machine needs shown: its top-level system folders, `/etc` files, and the
  /// toolchain's runtime libraries.
  static func current() -> Self {
    let manager = FileManager.default
    var topLevel: [(name: String, link: String?)] = []
    for name in ["usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32"] {
      let path = "/" + name
      if let link = try? manager.destinationOfSymbolicLink(atPath: path) {
        topLevel.append((name, link))
      } else if isDirectory(path) {
        topLevel.append((name, nil))
      }
    }
    let etcFiles = [
      "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime", "/etc/passwd", "/etc/group",
      "/etc/nsswitch.conf",
    ].filter { manager.fileExists(atPath: $0) }
    return Self(topLevel: topLevel, etcFiles: etcFiles, runtimeLibraries: runtimeLibraryFolders())
  }

  private static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// The toolchain's `runtimeLibraryPaths`, as `swift -print-target-info` gives them.
  static func runtimeLibraryFolders() -> [String] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("workshop-target-info-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("info.json")
    guard
      (try? ProcessRunner.run(
        ["swift", "-print-target-info"], in: FileManager.default.temporaryDirectory, log: log,
        timeLimit: 60))?.status == 0,
      let data = try? Data(contentsOf: log),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let paths = object["paths"] as? [String: Any],
      let libraries = paths["runtimeLibraryPaths"] as? [String]
    else { return [] }
    return libraries.filter { isDirectory($0) }
  }
}
