import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The two ways a ``Sandbox`` is built: the same view of the system, the same limits.

extension Sandbox {
  /// The start of the command that stages the folders a sandboxed run shows, when
  /// ``stagesFolders`` is set, and where the rest of the command finds them.
  ///
  /// The sandbox is entered as ``user``, who may be unable to reach `products`, `stream` or
  /// `mountPoint` on the host: they lie below the grader's build folder, which may be inside a
  /// folder only root may enter. So root first enters a mount namespace of its own, mounts a
  /// tmpfs on `/tmp` there (the host's `/tmp` is not touched), binds `products` and `stream`
  /// onto it (through descriptors opened before, as they may lie below `/tmp`) and makes an
  /// empty mount point beside them; then the command goes on as usual, with these paths.
  func staged(products: URL, stream: URL, mountPoint: URL) -> (
    prefix: [String], products: URL, stream: URL, mountPoint: URL
  ) {
    guard stagesFolders else { return ([], products, stream, mountPoint) }
    let mount = UnshareScript.quote(tools["mount"] ?? "mount")
    let script = [
      "set -u",
      "fail() { echo \"\(UnshareScript.failurePrefix)$*\" >&2; exit 125; }",
      // Opened first: the tmpfs on /tmp would hide them if they lie below /tmp.
      "exec 3<\"$1\" 4<\"$2\" || fail \"cannot open the products and the stream\"",
      "\(mount) -t tmpfs -o size=64k,mode=0755 stage /tmp || fail \"cannot stage on /tmp\"",
      "mkdir /tmp/products /tmp/stream /tmp/root || fail \"cannot make the staging folders\"",
      "\(mount) --bind /proc/self/fd/3 /tmp/products && \(mount) --bind /proc/self/fd/4 "
        + "/tmp/stream || fail \"cannot stage the products and the stream\"",
      "exec 3<&- 4<&-",
      "shift 2",
      "exec \"$@\"",
    ].joined(separator: "\n")
    let prefix = [
      tools["unshare"] ?? "unshare", "--mount", "--propagation", "private", "--",
      "/bin/sh", "-c", script, "stage", products.path, stream.path,
    ]
    return (
      prefix, URL(fileURLWithPath: "/tmp/products"), URL(fileURLWithPath: "/tmp/stream"),
      URL(fileURLWithPath: "/tmp/root")
    )
  }

  /// `bwrap` with every namespace unshared, no capabilities, a new session (so the process
  /// cannot push input into the grader's terminal), and death with the thread that started it.
  func bubblewrapCommand(running command: [String], products: URL, stream: URL) -> [String] {
    // `bwrap` closes its info descriptor for the command, so it gets a copy of standard
    // output (descriptor 3) to write the host pid of the namespace's first process to, before
    // the command starts (for ``waitForTeardown(log:)``).
    var arguments =
      asUser + [
        "/bin/sh", "-c", "exec \"$0\" \"$@\" 3>&1", tools["bwrap"] ?? "bwrap",
        "--info-fd", "3", "--unshare-all", "--die-with-parent", "--new-session",
        "--cap-drop", "ALL", "--hostname", "sandbox",
      ]
    for entry in system.topLevel {
      if let link = entry.link {
        arguments += ["--symlink", link, "/" + entry.name]
      } else {
        arguments += ["--ro-bind", "/" + entry.name, "/" + entry.name]
      }
    }
    for file in system.etcFiles { arguments += ["--ro-bind-try", file, file] }
    for folder in system.runtimeLibraries { arguments += ["--ro-bind", folder, folder] }
    arguments += [
      "--ro-bind", products.path, Self.binPath,
      "--ro-bind", stream.path, Self.streamPath,
      "--size", "\(limits.scratchBytes)", "--tmpfs", Self.scratchPath,
      "--proc", "/proc", "--dev", "/dev",
    ]
    for path in coveredHiddenPaths { arguments += ["--tmpfs", path] }
    arguments += ["--remount-ro", "/", "--chdir", Self.scratchPath, "--"]
    return arguments + command
  }

  /// util-linux `unshare` into new user, mount, PID, network, IPC and UTS namespaces; a shell
  /// script (``UnshareScript``) builds the root and runs the command as a child of the
  /// namespace's first process, so when the command ends everything it started is killed.
  /// `--kill-child` ends the namespace if `unshare` is killed, and `setpriv --pdeathsig` kills
  /// `unshare` if the grader's thread ends.
  func unshareCommand(
    running command: [String], products: URL, stream: URL, mountPoint: URL
  ) -> [String] {
    let script = UnshareScript.text(
      sandbox: self, products: products, stream: stream, mountPoint: mountPoint)
    return asUser + [
      tools["setpriv"] ?? "setpriv", "--pdeathsig", "KILL", "--",
      tools["unshare"] ?? "unshare", "--user", "--map-root-user", "--mount", "--pid", "--net",
      "--ipc", "--uts", "--fork", "--kill-child", "--propagation", "private",
      "/bin/sh", "-c", script, "sandbox",
    ] + command
  }

  /// Waits (at most two seconds) until the PID namespace of a finished sandboxed run is gone.
  ///
  /// `unshare` returns only once the namespace's first process has been reaped, and the kernel
  /// reaps that process only after every other process of the namespace has ended. `bwrap`
  /// learns its command's exit status through a pipe and may return a few milliseconds before
  /// that: so the grader waits for the namespace's first process (whose host pid `bwrap` wrote
  /// at the top of the run's log) to end, and nothing the test started outlives the run.
  public func waitForTeardown(log: URL) {
    guard tool == .bubblewrap,
      let handle = try? FileHandle(forReadingFrom: log),
      let head = try? handle.read(upToCount: 4096)
    else { return }
    try? handle.close()
    let text = String(decoding: head, as: UTF8.self)
    guard let range = text.range(of: #""child-pid": *[0-9]+"#, options: .regularExpression),
      let pid = Int32(text[range].split(separator: ":").last!.trimmingCharacters(in: .whitespaces))
    else { return }
    let deadline = Date().addingTimeInterval(2)
    while Date() < deadline, Self.isRunningBubblewrap(pid) {
      usleep(1000)
    }
  }

  /// Whether `pid` is a live (not zombie) process running `bwrap`.
  static func isRunningBubblewrap(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
    guard state != "Z", state != "X",
      let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
    else { return false }
    return String(decoding: command, as: UTF8.self).contains("bwrap")
  }

  /// Hidden host folders that would otherwise be seen through a folder the sandbox shows.
  var coveredHiddenPaths: [String] {
    let shown =
      system.topLevel.filter { $0.link == nil }.map { "/" + $0.name } + system.runtimeLibraries
    return hiddenPaths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
      .filter { path in shown.contains { path == $0 || path.hasPrefix($0 + "/") } }
      .filter { FileManager.default.fileExists(atPath: $0) }
  }
}

/// The shell script that builds the `unshare` sandbox's root, inside the new namespaces:
/// a tmpfs with the system folders bound read-only, the products and stream folders, a
/// size-limited scratch tmpfs, `/dev` and `/proc`; then `pivot_root` into it, the old root
/// detached, the loopback interface up, and the command started with no capabilities.
enum UnshareScript {
  /// How the script's own failures start, so they are not taken for the learner's.
  static let failurePrefix = "sandbox: "

  static func text(sandbox: Sandbox, products: URL, stream: URL, mountPoint: URL) -> String {
    let tools = sandbox.tools
    func tool(_ name: String) -> String { quote(tools[name] ?? name) }
    var lines = [
      "set -u",
      "fail() { echo \"\(failurePrefix)$*\" >&2; exit 125; }",
      "mount_ro() { mkdir -p \"$2\" && \(tool("mount")) --bind \"$1\" \"$2\" "
        + "&& \(tool("mount")) -o remount,bind,ro,nosuid,nodev \"$2\" "
        + "|| fail \"cannot show $1 read-only\"; }",
      "root=\(quote(mountPoint.path))",
      "\(tool("mount")) -t tmpfs -o size=4m,mode=0755 sandbox \"$root\" "
        + "|| fail \"cannot mount a tmpfs on $root\"",
      "cd \"$root\" || fail \"cannot enter $root\"",
    ]
    for entry in sandbox.system.topLevel {
      if let link = entry.link {
        lines.append("ln -s \(quote(link)) \(quote(entry.name))")
      } else {
        lines.append("mount_ro \(quote("/" + entry.name)) \(quote(entry.name))")
      }
    }
    for file in sandbox.system.etcFiles {
      let inside = "." + file
      lines.append(
        "mkdir -p \(quote((inside as NSString).deletingLastPathComponent)) && : > \(quote(inside))"
          + " && \(tool("mount")) --bind \(quote(file)) \(quote(inside))"
          + " && \(tool("mount")) -o remount,bind,ro \(quote(inside))"
          + " || fail \(quote("cannot show " + file))")
    }
    for folder in sandbox.system.runtimeLibraries {
      lines.append("mount_ro \(quote(folder)) \(quote("." + folder))")
    }
    lines += [
      "mount_ro \(quote(products.path)) \(quote("." + Sandbox.binPath))",
      "mount_ro \(quote(stream.path)) \(quote("." + Sandbox.streamPath))",
      "mkdir -p .\(Sandbox.scratchPath) && \(tool("mount")) -t tmpfs "
        + "-o size=\(sandbox.limits.scratchBytes),mode=1777,nosuid,nodev scratch "
        + ".\(Sandbox.scratchPath) || fail \"cannot mount the scratch folder\"",
      "mkdir -p dev && \(tool("mount")) -t tmpfs -o size=64k,mode=0755,nosuid dev dev "
        + "|| fail \"cannot mount /dev\"",
      "for device in null zero full random urandom; do",
      "  : > \"dev/$device\" && \(tool("mount")) --bind \"/dev/$device\" \"dev/$device\" "
        + "|| fail \"cannot show /dev/$device\"",
      "done",
      "ln -s /proc/self/fd dev/fd",
      "ln -s /proc/self/fd/0 dev/stdin",
      "ln -s /proc/self/fd/1 dev/stdout",
      "ln -s /proc/self/fd/2 dev/stderr",
      "mkdir -p proc && \(tool("mount")) -t proc -o nosuid,nodev,noexec proc proc "
        + "|| fail \"cannot mount /proc\"",
    ]
    for path in sandbox.coveredHiddenPaths {
      lines.append(
        "\(tool("mount")) -t tmpfs -o size=4k,mode=0 hidden \(quote("." + path)) "
          + "|| fail \(quote("cannot hide " + path))")
    }
    lines += [
      // Foundation's Process needs a working loopback interface (CFSocket's wake-up pair).
      "\(tool("ip")) link set lo up || fail \"cannot bring up the loopback interface\"",
      "mkdir .old && \(tool("pivot_root")) . .old || fail \"pivot_root failed\"",
      "cd / && \(tool("umount")) -l /.old && rmdir /.old || fail \"cannot detach the old root\"",
      "\(tool("mount")) -o remount,bind,ro / || fail \"cannot make the root read-only\"",
      "cd \(Sandbox.scratchPath) || fail \"cannot enter the scratch folder\"",
      // The command is a child, not this shell's replacement: when it ends, this first process
      // of the PID namespace ends, and the kernel kills whatever the command left behind.
      "\(tool("setpriv")) --no-new-privs --inh-caps=-all --ambient-caps=-all "
        + "--bounding-set=-all -- \"$@\" &",
      "wait $!",
      "exit $?",
    ]
    return lines.joined(separator: "\n")
  }

  /// `text` in single quotes for `sh`.
  static func quote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
