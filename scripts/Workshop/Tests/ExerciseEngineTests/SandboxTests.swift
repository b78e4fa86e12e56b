import Foundation
import Testing

@testable import ExerciseEngine
@testable import ExerciseModel

/// A test folder under the repository's `.build-sandbox-tests/` (ignored by git): inside the
/// workspace, so the sandbox must hide it.
func sandboxTestFolder(_ name: String) throws -> URL {
  let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  let folder = repository.appendingPathComponent(
    ".build-sandbox-tests/\(name)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// Processes alive now whose command line contains `marker`.
func processes(containing marker: String) -> [Int32] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap { Int32($0) }.filter { pid in
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
      return false
    }
    return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
      .contains(marker)
  }
}

/// Ends the processes a test left behind (only when the code under test failed to).
func endProcesses(containing marker: String) {
  for pid in processes(containing: marker) { kill(pid, SIGKILL) }
}

/// Whether the sandbox tool can be used here; the bwrap cases are skipped, saying so, on
/// machines without Bubblewrap (CI starts without it; the unshare cases cover the sandbox there).
enum SandboxAvailability {
  static let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("sandbox-tests-\(ProcessInfo.processInfo.processIdentifier)")

  static let sandboxes: [Sandbox.Tool: Result<Sandbox, WorkshopError>] = {
    var result: [Sandbox.Tool: Result<Sandbox, WorkshopError>] = [:]
    for tool in Sandbox.Tool.allCases {
      result[tool] = Sandbox.make(
        tool, scratch: scratch.appendingPathComponent(tool.rawValue),
        searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }
    return result
  }()

  static func sandbox(_ tool: Sandbox.Tool) -> Sandbox? {
    try? sandboxes[tool]?.get()
  }

  static func available(_ tool: Sandbox.Tool) -> Bool { sandbox(tool) != nil }

  /// bwrap is installed where the kernel allows sandboxes (so it must work).
  static let bubblewrapExpected =
    available(.unshare)
    && Sandbox.find("bwrap", searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "") != nil

  /// Why the bwrap sandbox could not be made, if it could not.
  static var bubblewrapProblem: String {
    if case .failure(let error) = sandboxes[.bubblewrap] { return error.description }
    return ""
  }
}

@Suite struct SandboxTests {
  /// Runs `script` with `/bin/sh` inside `sandbox`, from a products folder holding it; returns
  /// the outcome and the `key=value` lines it printed.
  ///
  /// With `insidePrivateFolder`, the folders the sandbox shows lie inside a folder only its
  /// owner may enter, as in a clone under `/root` or in a `mktemp -d` folder.
  func probe(
    _ tool: Sandbox.Tool, _ script: String, marker: String = "", insidePrivateFolder: Bool = false
  ) throws -> (ProcessRunner.Outcome, [String: String], URL) {
    var sandbox = try #require(
      SandboxAvailability.sandbox(tool),
      "\(tool.rawValue): \(tool == .bubblewrap ? SandboxAvailability.bubblewrapProblem : "")")
    let folder = try sandboxTestFolder("probe-\(tool.rawValue)")
    sandbox.hiddenPaths = [folder.deletingLastPathComponent().path]
    let shown = insidePrivateFolder ? folder.appendingPathComponent("private") : folder
    try FileManager.default.createDirectory(
      at: shown, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let products = shown.appendingPathComponent("products")
    let stream = shown.appendingPathComponent("stream")
    let root = shown.appendingPathComponent("root")
    for made in [products, stream, root] {
      try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
    }
    try Data(script.utf8).write(to: products.appendingPathComponent("probe.sh"))
    let log = folder.appendingPathComponent("probe.log")
    let outcome = try ProcessRunner.run(
      sandbox.command(
        running: ["/bin/sh", Sandbox.binPath + "/probe.sh", folder.path], products: products,
        stream: stream, mountPoint: root),
      in: folder,
      environment: ProcessRunner.cleanEnvironment(temporaryPath: "/tmp", home: "/tmp"),
      log: log, timeLimit: 120)
    sandbox.waitForTeardown(log: log)
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    var values: [String: String] = [:]
    for line in text.split(separator: "\n") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      values[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    return (Sandbox.decode(outcome), values, folder)
  }

  static let probeScript = """
    seen() { if [ -e "$1" ]; then echo yes; else echo no; fi; }
    echo "workspace=$(seen "$1")"
    echo "proc-entries=$(ls /proc | grep -c '^[0-9]')"
    if touch /usr/written 2>/dev/null; then echo usr=writable; else echo usr=read-only; fi
    if touch /written 2>/dev/null; then echo root=writable; else echo root=read-only; fi
    if touch /sandbox/bin/written 2>/dev/null; then echo bin=writable; else echo bin=read-only; fi
    if echo x > /tmp/written; then echo scratch=writable; else echo scratch=read-only; fi
    echo "interfaces=$(tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | sort | tr '\\n' ,)"
    echo "capabilities=$(grep CapEff /proc/self/status | tr -d '\\t' | cut -d: -f2)"
    echo "memory=$(ulimit -v)"
    echo "files=$(ulimit -f)"
    echo "toolchain=$(seen /opt/swift/usr/bin/swift)"
    """

  func checkIsolation(_ tool: Sandbox.Tool, insidePrivateFolder: Bool = false) throws {
    let (outcome, values, folder) = try probe(
      tool, Self.probeScript, insidePrivateFolder: insidePrivateFolder)
    let logURL = folder.appendingPathComponent("probe.log")
    let log = ((try? String(contentsOf: logURL, encoding: .utf8)) ?? "").prefix(600)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0 && !outcome.wasSignalled, "\(values), log: \(log)")
    #expect(values["workspace"] == "no", "the workspace is hidden")
    #expect(values["usr"] == "read-only")
    #expect(values["root"] == "read-only")
    #expect(values["bin"] == "read-only")
    #expect(values["scratch"] == "writable")
    #expect(values["interfaces"] == "lo,", "no network but the loopback interface")
    #expect(values["capabilities"] == "0000000000000000")
    #expect(values["memory"] == "\(Sandbox.Limits().memoryBytes / 1024)")
    #expect(values["files"] == "\(Sandbox.Limits().fileSizeBytes / 512)")
    #expect(Int(values["proc-entries"] ?? "") ?? 99 < 6, "its own PID namespace: \(values)")
  }

  @Test(.enabled(if: SandboxAvailability.available(.unshare), "unshare cannot make a sandbox here"))
  func unshareHidesTheWorkspaceAndLimitsTheProcess() throws {
    try checkIsolation(.unshare)
  }

  @Test(
    .enabled(
      if: SandboxAvailability.bubblewrapExpected,
      "bwrap is not installed (apt-get install bubblewrap); the unshare case covers the sandbox"
    ))
  func bubblewrapHidesTheWorkspaceAndLimitsTheProcess() throws {
    try checkIsolation(.bubblewrap)
  }

  /// A clone in a private folder (under `/root`, or in a `mktemp -d` folder) builds the test
  /// products where the sandbox's user cannot go: the sandbox still shows them, and a grader
  /// running as root still enters it as that unprivileged user, so the process limit holds.
  @Test(.enabled(if: SandboxAvailability.available(.unshare), "unshare cannot make a sandbox here"))
  func foldersInsideAPrivateFolderAreShown() throws {
    let tools = Sandbox.Tool.allCases.filter {
      $0 == .unshare || SandboxAvailability.bubblewrapExpected
    }
    for tool in tools {
      try checkIsolation(tool, insidePrivateFolder: true)
    }
    let folder = try sandboxTestFolder("private-check")
    defer { try? FileManager.default.removeItem(at: folder) }
    let scratch = folder.appendingPathComponent("private/check")
    try FileManager.default.createDirectory(
      at: scratch.deletingLastPathComponent(), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let choice = try Sandbox.choose(.automatic, scratch: scratch)
    let sandbox = try #require(choice.sandbox, "\(choice.note ?? "")")
    if geteuid() == 0 {
      #expect(sandbox.user == Sandbox.unprivilegedUser, "the sandbox is entered as nobody")
    }
  }

  /// A sandbox tool removed while a class is graded (seen: `apt-get remove bubblewrap` during a
  /// run made every later correct learner score 0, with exit status 0) stops the run with an
  /// error; a test binary that fails before its tests start is still the learner's result.
  @Test(.enabled(if: SandboxAvailability.available(.unshare), "unshare cannot make a sandbox here"))
  func aSandboxThatCannotStartStopsTheRunInsteadOfScoringZero() throws {
    var sandbox = try #require(SandboxAvailability.sandbox(.unshare))
    let folder = try sandboxTestFolder("cannot-start")
    defer { try? FileManager.default.removeItem(at: folder) }
    sandbox.hiddenPaths = [folder.deletingLastPathComponent().path]
    let products = folder.appendingPathComponent("products")
    try FileManager.default.createDirectory(at: products, withIntermediateDirectories: true)
    let binary = products.appendingPathComponent("01-samplePackageTests.xctest")
    let script = "#!/bin/sh\necho 'the learner code fails at once' >&2\nexit 1\n"
    try Data(script.utf8).write(to: binary)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
    let manifest = ExerciseManifest(
      entry: Catalogue.Entry(id: "01-sample", title: "Sample", module: "Sample"),
      timeLimitSeconds: 10, visibleTestFiles: ["A.swift"],
      tests: [ManifestTest(id: "A/a()", points: 1, hint: "h")], hints: [ManifestHint(text: "one")],
      decoys: [ExerciseManifest.Decoy(name: "d", misunderstanding: "m")])
    func runner(_ sandbox: Sandbox, _ name: String) -> TestRunner {
      TestRunner(
        testModule: manifest.testModule, testIDs: manifest.tests.map(\.id),
        timeLimitSeconds: manifest.timeLimitSeconds, budgetSeconds: manifest.budgetSeconds,
        products: .binary(binary),
        work: folder.appendingPathComponent(name), sandbox: sandbox)
    }

    let results = try runner(sandbox, "working").runAll()
    #expect(results.outcomes["A/a()"]?.status != .passed)

    sandbox.tools["unshare"] = folder.appendingPathComponent("removed/unshare").path
    #expect {
      _ = try runner(sandbox, "removed").runAll()
    } throws: { error in
      "\(error)".contains("the sandbox could not start the tests")
        && "\(error)".contains("removed/unshare")
    }
  }

  func checkNothingOutlives(_ tool: Sandbox.Tool) throws {
    let marker = "4321.\(Int.random(in: 100_000...999_999))"
    defer { endProcesses(containing: marker) }
    let script = """
      setsid sleep \(marker) >/dev/null 2>&1 < /dev/null &
      sleep \(marker) &
      echo started=yes
      """
    let (outcome, values, folder) = try probe(tool, script)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(values["started"] == "yes")
    #expect(!outcome.timedOut)
    #expect(processes(containing: marker).isEmpty, "a process outlived its sandbox")
  }

  @Test(.enabled(if: SandboxAvailability.available(.unshare), "unshare cannot make a sandbox here"))
  func nothingOutlivesAnUnshareSandbox() throws {
    try checkNothingOutlives(.unshare)
  }

  @Test(
    .enabled(
      if: SandboxAvailability.bubblewrapExpected,
      "bwrap is not installed (apt-get install bubblewrap); the unshare case covers the sandbox"
    ))
  func nothingOutlivesABubblewrapSandbox() throws {
    try checkNothingOutlives(.bubblewrap)
  }

  @Test(
    .enabled(
      if: SandboxAvailability.bubblewrapExpected,
      "bwrap is not installed (apt-get install bubblewrap); auto then picks unshare"))
  func automaticPrefersBubblewrap() throws {
    let scratch = try sandboxTestFolder("automatic")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let choice = try Sandbox.choose(.automatic, scratch: scratch)
    #expect(choice.sandbox?.tool == .bubblewrap, "\(choice.note ?? "")")
  }

  @Test func aRequiredSandboxThatCannotBeMadeIsAnError() throws {
    let scratch = try sandboxTestFolder("required")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let nowhere = scratch.appendingPathComponent("no-tools").path
    #expect {
      _ = try Sandbox.choose(.required, scratch: scratch, searchPath: nowhere)
    } throws: { error in
      let text = "\(error)"
      return text.contains("--sandbox required needs one") && text.contains("apt-get install")
    }
    let automatic = try Sandbox.choose(.automatic, scratch: scratch, searchPath: nowhere)
    #expect(automatic.sandbox == nil)
    #expect(automatic.note?.hasPrefix("Graded without a sandbox:") == true)
    let off = try Sandbox.choose(.off, scratch: scratch)
    #expect(off.sandbox == nil && off.note?.contains("--sandbox off") == true)
  }

  @Test func signalsReportedAsStatusesAreDecoded() {
    let killed = ProcessRunner.Outcome(
      status: 128 + 4, wasSignalled: false, timedOut: false, stoppedByMonitor: false)
    #expect(Sandbox.decode(killed).wasSignalled && Sandbox.decode(killed).status == 4)
    let failed = ProcessRunner.Outcome(
      status: 1, wasSignalled: false, timedOut: false, stoppedByMonitor: false)
    #expect(!Sandbox.decode(failed).wasSignalled)
  }
}

@Suite struct ProcessRunnerTests {
  /// A process that leaves a child in a new session holding the output pipe (and every other
  /// descriptor it had) must not make the runner miss the end of the process itself.
  @Test func anEscapedChildDoesNotHideTheExit() throws {
    let folder = try sandboxTestFolder("escape")
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = "4322.\(Int.random(in: 100_000...999_999))"
    defer { endProcesses(containing: marker) }
    let outcome = try ProcessRunner.run(
      ["/bin/sh", "-c", "setsid sleep \(marker) & exit 3"], in: folder,
      log: folder.appendingPathComponent("log"), timeLimit: 120)
    #expect(!outcome.timedOut, "the runner waited for the escaped child")
    #expect(outcome.status == 3 && !outcome.wasSignalled)
  }

  @Test func theCommandInheritsNoDescriptorOfTheCaller() throws {
    let folder = try sandboxTestFolder("descriptors")
    defer { try? FileManager.default.removeItem(at: folder) }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/null"))
    defer { try? handle.close() }
    let log = folder.appendingPathComponent("log")
    _ = try ProcessRunner.run(
      ["/bin/sh", "-c", "ls /proc/self/fd | sort -n | tr '\\n' ' '"], in: folder, log: log,
      timeLimit: 60)
    let text = try String(contentsOf: log, encoding: .utf8)
    // 0, 1, 2, and the descriptor `ls` itself opens to read the folder.
    #expect(text.split(separator: " ").count <= 4, "\(text)")
  }
}
