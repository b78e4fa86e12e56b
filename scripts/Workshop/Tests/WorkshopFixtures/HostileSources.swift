import Foundation

/// What a determined learner wrote in a class run (issue 12): the sources of ``FixtureClass``'s
/// hostile submissions, each trying one way around the grader (tampering with files, forging or
/// rewriting results, reading the hidden tests, leaving processes behind, probing the limits).
package enum HostileSources {
  /// Where the assembled package, the grader's folder and the instructor's workspace are,
  /// found from the path the compiler gives the learner's own file.
  package static let hostilePaths = """
    import Foundation

    let sourceFile = URL(fileURLWithPath: #filePath)
    let packageFolder = sourceFile.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let graderFolder = packageFolder.deletingLastPathComponent().deletingLastPathComponent()
    let workspaceFolder = graderFolder.deletingLastPathComponent().appendingPathComponent("workspace")

    """

  /// Rewrites the assembled solution tests (so the next learner's build passes everything), the
  /// instructor's own `Tests/`, and plants a file in the grader's folder.
  package static let tampersWithFiles =
    hostilePaths + """
      public func double(_ value: Int) -> Int {
        let passing = "import Testing\\n@Suite struct VisibleTests {\\n"
          + "  @Test func doubles() {}\\n  @Test func greets() {}\\n}\\n"
        for target in [
          packageFolder.appendingPathComponent("Tests/FixtureTests/VisibleTests.swift"),
          workspaceFolder.appendingPathComponent("Tests/01-fixture/FixtureTests/VisibleTests.swift"),
        ] {
          try? passing.write(to: target, atomically: false, encoding: .utf8)
        }
        try? "planted".write(
          to: graderFolder.appendingPathComponent("planted-by-a-learner"), atomically: false,
          encoding: .utf8)
        return 0
      }
      public func greet(_ name: String) -> String { "" }

      """

  /// Fake "passed" records for every graded test, appended to the event stream found in the
  /// command line, then an exit before the real results are written.
  package static let forgedRecords = ##"""
    let forged = ["VisibleTests/doubles()", "VisibleTests/greets()",
      "HiddenTests/doublesNegatives()", "HiddenTests/doublesMany(value:)"]
      .flatMap { id in
        ["testStarted", "testEnded"].map { kind in
          #"{"kind":"event","payload":{"kind":"\#(kind)","testID":"FixtureTests.\#(id)","#
            + #""messages":[{"symbol":"pass","text":"passed"}]},"version":"6.3.0"}"#
        }
      } + [#"{"kind":"event","payload":{"kind":"runEnded","messages":[]},"version":"6.3.0"}"#]
    let forgedStream = forged.joined(separator: "\n") + "\n"

    func eventStreamPath() -> String? {
      let arguments = CommandLine.arguments
      guard let index = arguments.firstIndex(of: "--event-stream-output-path"),
        index + 1 < arguments.count
      else { return nil }
      return arguments[index + 1]
    }

    """##

  package static let forgesResults =
    "import Foundation\n\n" + forgedRecords + """
      public func double(_ value: Int) -> Int {
        if let path = eventStreamPath(), let handle = FileHandle(forWritingAtPath: path) {
          _ = try? handle.seekToEnd()
          try? handle.write(contentsOf: Data(forgedStream.utf8))
          try? handle.close()
          exit(0)
        }
        return 0
      }
      public func greet(_ name: String) -> String { "" }

      """

  /// Replaces the whole event stream file with a passing one, then exits.
  package static let rewritesResults =
    "import Foundation\n\n" + forgedRecords + ##"""
      let declarations = ["VisibleTests/doubles()", "VisibleTests/greets()",
        "HiddenTests/doublesNegatives()", "HiddenTests/doublesMany(value:)"].map {
          #"{"kind":"test","payload":{"id":"FixtureTests.\#($0)","kind":"function"},"version":"6.3.0"}"#
        }
      let started = #"{"kind":"event","payload":{"kind":"runStarted"},"version":"6.3.0"}"#

      public func double(_ value: Int) -> Int {
        if let path = eventStreamPath() {
          let whole = (declarations + [started]).joined(separator: "\n") + "\n" + forgedStream
          try? Data(whole.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
          exit(0)
        }
        return 0
      }
      public func greet(_ name: String) -> String { "" }

      """##

  /// Reads the hidden tests from disk and puts them in a failure message of a visible test.
  package static let readsHiddenTests =
    "import Testing\n" + hostilePaths + """
      public func double(_ value: Int) -> Int {
        for file in [
          packageFolder.appendingPathComponent("Tests/FixtureTests/HiddenTests.swift"),
          workspaceFolder.appendingPathComponent("Tests/01-fixture/FixtureTests/HiddenTests.swift"),
        ] {
          if let text = try? String(contentsOf: file, encoding: .utf8) {
            Issue.record(Comment(rawValue: text))
          }
        }
        return value * 2
      }
      public func greet(_ name: String) -> String { "Hello, \\(name)!" }

      """

  /// Prints a forged fatal line on standard error, then crashes with a fatal error whose words
  /// hold terminal escapes, a bidirectional override, a bell and 100,000 characters: the
  /// grader quotes the runtime's line, cleaned and cut, and scores the crash as any other.
  package static let forgesAFatalLine = #"""
    import Foundation

    public func double(_ value: Int) -> Int { value * 2 }
    public func greet(_ name: String) -> String {
      let forged = "Fixture/Fixture.swift:1: Fatal error: every test passed, full marks\n"
      FileHandle.standardError.write(Data(forged.utf8))
      fatalError(
        "\u{1B}[2J\u{1B}[31mcleared\u{1B}[0m \u{202E}reversed\u{7} "
          + String(repeating: "y", count: 100_000))
    }

    """#

  /// A command-line marker of the processes `leaves-processes` starts.
  package static let lingeringMarker = "4323.1717"

  /// Starts a process in a new session that keeps every descriptor the test process had (the
  /// grader's included, when unsandboxed), and one more in its own process group.
  package static let leavesProcesses = """
    import Foundation
    #if canImport(Glibc)
      import Glibc
    #endif

    func start(_ arguments: [String]) {
      var pid: pid_t = 0
      let argv = arguments.map { strdup($0) } + [nil]
      let environment: [UnsafeMutablePointer<CChar>?] = [nil]
      _ = posix_spawn(&pid, arguments[0], nil, nil, argv, environment)
    }

    public func double(_ value: Int) -> Int {
      start(["/usr/bin/setsid", "/bin/sleep", "\(lingeringMarker)"])
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sleep")
      process.arguments = ["\(lingeringMarker)"]
      try? process.run()
      return value * 2
    }
    public func greet(_ name: String) -> String { "Hello, \\(name)!" }

    """

  /// Scores only where the sandbox stops it: allocating 6 GB, running 400 threads, writing a
  /// 48 MB file, seeing a network interface other than the loopback, or reaching the grader's
  /// standard output through `/proc/<parent>/fd/1` (as a fake "37/37" line was written once).
  package static let probesLimits = """
    import Dispatch
    import Foundation
    #if canImport(Glibc)
      import Glibc
    #endif

    let gate = DispatchSemaphore(value: 0)

    func memoryIsLimited() -> Bool {
      let block = malloc(6 << 30)
      defer { free(block) }
      return block == nil
    }

    func threadsAreLimited() -> Bool {
      var threads: [pthread_t] = []
      var limited = false
      for _ in 0..<400 {
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, 64 << 10)
        let started = pthread_create(&thread, &attributes, { _ in
          gate.wait()
          return nil
        }, nil)
        if started != 0 {
          limited = true
          break
        }
        threads.append(thread)
      }
      for _ in threads { gate.signal() }
      for thread in threads { pthread_join(thread, nil) }
      return limited
    }

    func fileSizeIsLimited() -> Bool {
      signal(SIGXFSZ, SIG_IGN)
      let path = NSTemporaryDirectory() + "/big-\\(getpid())"
      guard let file = fopen(path, "w") else { return true }
      defer { remove(path) }
      let chunk = [UInt8](repeating: 1, count: 1 << 20)
      var written = 0
      for _ in 0..<48 {
        let count = fwrite(chunk, 1, chunk.count, file)
        written += count
        if count < chunk.count { break }
      }
      if fflush(file) != 0 { written = 0 }
      fclose(file)
      return written < 48 << 20
    }

    func onlyLoopback() -> Bool {
      var list: UnsafeMutablePointer<ifaddrs>?
      guard getifaddrs(&list) == 0 else { return true }
      defer { freeifaddrs(list) }
      var entry = list
      while let current = entry {
        if String(cString: current.pointee.ifa_name) != "lo" { return false }
        entry = current.pointee.ifa_next
      }
      return true
    }

    func graderOutputIsOutOfReach() -> Bool {
      let descriptor = open("/proc/\\(getppid())/fd/1", O_WRONLY)
      guard descriptor >= 0 else { return true }
      defer { close(descriptor) }
      var theirs = stat()
      var mine = stat()
      fstat(descriptor, &theirs)
      fstat(1, &mine)
      return theirs.st_ino == mine.st_ino && theirs.st_dev == mine.st_dev
    }

    public func double(_ value: Int) -> Int {
      switch value {
      case 2: return memoryIsLimited() ? 4 : -1
      case -3: return threadsAreLimited() ? -6 : -1
      case 1: return fileSizeIsLimited() ? 2 : -1
      default: return value * 2
      }
    }

    public func greet(_ name: String) -> String {
      onlyLoopback() && graderOutputIsOutOfReach() ? "Hello, \\(name)!" : "no"
    }

    """
}
