import ExerciseModel
import Foundation

/// Rebuilds a package after an edit without SwiftPM: replays the compiler and linker commands of
/// SwiftPM's own plan for it (``BuildPlan``), only those an edit reaches, and decides what an
/// edit reached by content, never by date.
///
/// Why: after a one-line edit SwiftPM spends most of a rebuild starting up (loading the manifest,
/// planning, checking every file's date), not compiling; a learner waits on every save. This is
/// a speed measure, so it is narrow on purpose: it runs only when the package is
/// the one SwiftPM built, with the same `Package.swift` and the same file names, and every file
/// the plan made is still there; anything else, and any command of a tool it does not run,
/// answers ``Attempt/needsSwiftPM(_:)`` and the caller builds with SwiftPM, then calls
/// ``record()``.
///
/// How an edit is followed: the files whose bytes differ from the copy kept at the last build
/// are dirty; a command with a dirty input runs, and each of its outputs whose bytes changed
/// becomes dirty in turn (so an edit inside a function body recompiles the module and relinks
/// the tests, while the test module is recompiled only when the module's interface changed).
/// A module compiled with library evolution whose binary changed while its interface kept the
/// same text reaches no compile that imports it without `@testable` (``ResilientModule``): only
/// the links. The compiler's own incremental mode, inside one module's command, goes by dates:
/// every changed file gets its build files removed first, so the compiler cannot take it for
/// unchanged; and every rebuild is checked for sources left uncompiled (``UncompiledSources``).
/// The checks and the grader compile each module whole instead (``wholeModules``).
/// After an attempt that did not finish, every command an edit reaches runs, changed outputs
/// or not.
///
/// ```swift
/// let rebuild = DirectRebuild(package: package, scratch: scratch,
///   recordFolder: work.appendingPathComponent("direct/01"))
/// switch try rebuild.attempt(log: log) {
/// case .built(let outcome): print(outcome.status == 0 ? "built" : "compile error")
/// case .needsSwiftPM(let reason):
///   print(reason)
///   if try SwiftPMBuild.run(package: package, scratch: scratch, log: log).status == 0 {
///     try rebuild.record()
///   }
/// }
/// ```
struct DirectRebuild: Sendable {
  /// The package folder.
  var package: URL
  /// Its SwiftPM build folder.
  var scratch: URL
  /// Where this package's plan and the copy of its files as last built are kept.
  var recordFolder: URL
  /// Whether the compiles of the package's own modules are kept by their inputs too, not only
  /// its test modules' (``CompileSnapshots/includesSources``): for builds that come back to
  /// the same sources, as the checks and the grader do.
  var keepsModuleCompiles: Bool
  /// Which Swift modules are compiled whole, in one compiler process, instead of in SwiftPM's
  /// incremental batches (``WholeModuleCompile``).
  var wholeModules: WholeModules
  /// A module of the package that direct rebuilds compile with library evolution
  /// (``ResilientModule/compilerFlags``), though the package does not ask for it: the learner
  /// tool's build of a module whose tests it links against other builds of that module
  /// (``MutantLinker``), as the grader compiles it. SwiftPM's own build compiles it as the
  /// package says; the direct rebuild that follows it compiles it again with the flags.
  var resilientModule: String?
  /// Whether a test module's compile leaves its binary module (`Modules/NameTests.swiftmodule`)
  /// as it was, writing only objects: for the learner tool, whose test binaries nothing imports
  /// but SwiftPM's list of XCTest tests, and a changed file that mentions XCTest is built by
  /// SwiftPM. Speed measure (`scripts/bench --learn`): the module's own job and the job that
  /// wraps it for the debugger ran beside and after each compile of a saved test file. Such
  /// compiles are never kept (``CompileSnapshots`` keeps compiles that write a module).
  var skipsTestModuleInterfaces = false
  /// Called once, as an attempt is about to run its first link whose jobs it knows (every
  /// compile has run by then): the learner tool links its own test binary from the same objects
  /// meanwhile (``MutantLinker``, whose links through known jobs write into folders of their
  /// own).
  var beforeFirstLink: (@Sendable () -> Void)?

  /// Which Swift modules of a package a direct rebuild compiles whole.
  enum WholeModules: Sendable, Equatable {
    /// None: SwiftPM's incremental batches, for a learner's own loop.
    case none
    /// Every one: for the checks and the grader, whose every build brings a module's files
    /// anew.
    case all
    /// The package's own modules, but not its test modules (those with a file in `Tests/`):
    /// for the learner tool's grading of a suite after every save, where the module is the
    /// same each time and one test file changed.
    case allButTests
  }

  init(
    package: URL, scratch: URL, recordFolder: URL, keepsModuleCompiles: Bool = false,
    wholeModules: WholeModules = .none, resilientModule: String? = nil
  ) {
    self.package = package.standardizedFileURL
    self.scratch = scratch.standardizedFileURL
    self.recordFolder = recordFolder.standardizedFileURL
    self.keepsModuleCompiles = keepsModuleCompiles
    self.wholeModules = wholeModules
    self.resilientModule = resilientModule
  }

  /// What an attempt did.
  enum Attempt: Sendable {
    /// The rebuild ran (or nothing had changed): the outcome of the last command run, a failed
    /// one when a command failed (its output is in the log).
    case built(ProcessRunner.Outcome)
    /// It cannot rebuild this package without SwiftPM; why, in a few words.
    case needsSwiftPM(String)
  }

  /// Whether direct rebuilds work here: they replay SwiftPM's Linux plans; elsewhere every
  /// build is SwiftPM's.
  static var isAvailable: Bool {
    #if os(Linux)
      true
    #else
      false
    #endif
  }

  /// Builds the package: a direct rebuild when `direct`, available and possible, else SwiftPM's
  /// build (``SwiftPMBuild``), after which this package's record is made anew from SwiftPM's plan
  /// (and forgotten before it starts: a SwiftPM build, finished or not, makes the old record
  /// untrue).
  ///
  /// - Parameter progress: told each command's description as a direct rebuild starts it.
  func build(
    log: URL, timeLimit: Double = 900, monitor: (() -> Bool)? = nil,
    progress: (String) -> Void = { _ in }, direct: Bool = true,
    alone: (() throws -> ProcessRunner.Outcome) throws -> ProcessRunner.Outcome = { try $0() }
  ) throws -> ProcessRunner.Outcome {
    let direct = direct && Self.isAvailable
    var reason = direct ? "" : "direct rebuilds are not asked for, or not available here"
    if direct {
      switch try attempt(log: log, timeLimit: timeLimit, monitor: monitor, progress: progress) {
      case .built(let outcome): return outcome
      case .needsSwiftPM(let why): reason = why
      }
    }
    // SwiftPM plans and writes the whole build folder: no other build may run meanwhile.
    let outcome = try alone {
      try? FileManager.default.removeItem(at: recordFolder)
      let outcome = try SwiftPMBuild.run(
        package: package, scratch: scratch, log: log, timeLimit: timeLimit, monitor: monitor)
      // Why SwiftPM built it, for whoever reads the log to see where a build's time went.
      try? append("(Built by SwiftPM, not directly: \(reason).)\n", to: log)
      if direct, outcome.status == 0, !outcome.wasSignalled, !outcome.timedOut,
        !outcome.stoppedByMonitor
      {
        try record()
      }
      return outcome
    }
    // SwiftPM compiled ``resilientModule`` as the package says: it is compiled again at once,
    // with library evolution, so that no link ever mixes the two.
    if direct, resilientModule != nil, outcome.status == 0, !outcome.wasSignalled,
      !outcome.timedOut, !outcome.stoppedByMonitor,
      case .built(let rebuilt) = try attempt(
        log: log, timeLimit: timeLimit, monitor: monitor, progress: progress)
    {
      return rebuilt
    }
    return outcome
  }

  /// The parts of a package that decide its build.
  static let buildInputs = ["Package.swift", "Sources", "Tests"]

  /// Keeps the plan of the build SwiftPM just finished for this package, and a copy of the files
  /// it built. Call it after every successful SwiftPM build; it forgets the record when the
  /// build folder's plan is not this package's.
  func record() throws {
    let manager = FileManager.default
    try? manager.removeItem(at: recordFolder)
    guard var plan = BuildPlan.read(scratch.appendingPathComponent("debug.yaml")),
      plan.commands.contains(where: { $0.inputs.contains(where: isInPackage) })
    else { return }
    for index in plan.commands.indices where plan.commands[index].tool == "shell" {
      plan.commands[index].jobs = LinkJobs.jobs(for: plan.commands[index].arguments)
    }
    try manager.createDirectory(at: recordFolder, withIntermediateDirectories: true)
    let built = try readPackage()
    try built.write(to: recordFolder.appendingPathComponent("built"))
    try JSONEncoder().encode(plan).write(to: planFile)
    try stampOutputs(of: plan.commands)
  }

  /// Rebuilds what changed since the last build, writing the commands' output to `log`.
  ///
  /// - Parameter progress: told each command's description as it starts.
  func attempt(
    log: URL, timeLimit: Double = 900, monitor: (() -> Bool)? = nil,
    progress: (String) -> Void = { _ in }
  ) throws -> Attempt {
    guard let planData = try? Data(contentsOf: planFile),
      let recorded = try? JSONDecoder().decode(BuildPlan.self, from: planData),
      let plan = try? compilingResilientModule(recorded),
      let ordered = plan.inOrder,
      let built = try? SourceTree.read(recordFolder.appendingPathComponent("built"))
    else { return .needsSwiftPM("no earlier build of this package to start from") }
    guard outputsAreAsStamped(plan.commands) else {
      // Another build wrote into the build folder (a package with the same targets, built by
      // SwiftPM there): the outputs may not be this package's any more.
      return .needsSwiftPM("another build changed the build folder since this package's")
    }
    let now = try readPackage()
    guard now.files["Package.swift"] == built.files["Package.swift"] else {
      return .needsSwiftPM("Package.swift changed")
    }
    guard Set(now.files.keys) == Set(built.files.keys) else {
      return .needsSwiftPM("files were added, removed or renamed")
    }
    // The files an attempt that did not finish had changed: their build files were forgotten
    // (``forgetBuildFiles(of:)``), so they are compiled again even when their bytes are back
    // to the last build's (a learner who undoes the edit that did not compile).
    let unfinished = recordFolder.appendingPathComponent("unfinished")
    let forgotten = ((try? String(contentsOf: unfinished, encoding: .utf8)) ?? "")
      .split(separator: "\n").map(String.init).filter { now.files[$0] != nil }
    let edited = now.files.keys.filter { now.files[$0] != built.files[$0] }
    let changed = Set(edited + forgotten).sorted()
    let succeeded = ProcessRunner.Outcome(
      status: 0, wasSignalled: false, timedOut: false, stoppedByMonitor: false)
    try FileManager.default.createDirectory(
      at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data().write(to: log)
    guard !changed.isEmpty else { return .built(succeeded) }
    if edited.contains(where: { now.files[$0].map(mentionsXCTest) ?? false }) {
      // SwiftPM finds XCTest tests by reading the test objects: only it can. (A file compiled
      // again with the bytes SwiftPM last read, ``unfinished``, holds the tests it found.)
      return .needsSwiftPM("a changed file mentions XCTest")
    }
    let planInputs = Set(ordered.flatMap(\.inputs))
    let unplanned = changed.first {
      $0.hasSuffix(".swift") && !planInputs.contains(package.appendingPathComponent($0).path)
    }
    if let unplanned { return .needsSwiftPM("\(unplanned) is in no command of the plan") }
    forgetBuildFiles(of: changed)
    // After an attempt that did not finish (a compile error, a stop), the outputs on disk may
    // be a mix of the last build's and newer ones: every command an edit reaches runs then,
    // however little its inputs changed.
    let pruning = !FileManager.default.fileExists(atPath: unfinished.path)
    try Data(changed.joined(separator: "\n").utf8).write(to: unfinished)

    let snapshots = CompileSnapshots(
      scratch: scratch, package: package, includesSources: keepsModuleCompiles,
      plan: ordered)
    var dirty = Set(changed.map { package.appendingPathComponent($0).path })
    // The dirty modules compiled with library evolution whose interface is the same text as
    // before: only their bodies or private parts changed, which a client that does not import
    // them `@testable` never depends on (``ResilientModule``), so its compile need not run.
    var sameInterface: Set<String> = []
    var outcome = succeeded
    var linking = false
    for command in ordered {
      let dirtyInputs = command.inputs.filter(dirty.contains)
      let onlyBodiesChanged = pruning && dirtyInputs.allSatisfy(sameInterface.contains)
      guard
        !dirtyInputs.isEmpty,
        !pruning || command.tool != "shell"
          || readsAny(of: dirtyInputs, command, sameInterface: sameInterface, snapshots: snapshots)
      else {
        // Not run: what it made last time must still be there.
        let missing = command.outputs.first {
          !$0.hasPrefix("<") && !FileManager.default.fileExists(atPath: $0)
        }
        if let missing { return .needsSwiftPM("\(missing) is missing from the build folder") }
        continue
      }
      switch command.tool {
      case "phony":
        dirty.formUnion(command.outputs)
        if onlyBodiesChanged { sameInterface.formUnion(command.outputs) }
      case "write-auxiliary-file", "test-entry-point-tool":
        // Lists of file names, and the test runner's entry point: they depend on which files
        // there are, which has not changed.
        continue
      case "test-discovery-tool":
        // Lists the XCTest tests; no changed file mentions XCTest, so the list stays as it was.
        continue
      case "shell":
        // Compiled whole when asked: the compile kept by its inputs is then that one too.
        var command = command
        let testModule = command.inputs.contains { $0.hasPrefix(package.path + "/Tests/") }
        if wholeModules == .all || (wholeModules == .allButTests && !testModule),
          let whole = WholeModuleCompile.arguments(replacing: command.arguments)
        {
          command.arguments = whole
        }
        if skipsTestModuleInterfaces, testModule, !LinkJobs.isLink(command.arguments) {
          command.arguments = Self.withoutModule(command.arguments)
        }
        let watched = command.outputs.filter(planInputs.contains)
        let before = watched.map { try? Data(contentsOf: URL(fileURLWithPath: $0)) }
        let interfacesBefore = watched.map { interface(of: $0, in: snapshots) }
        if !linking, command.jobs != nil, LinkJobs.isLink(command.arguments) {
          linking = true
          beforeFirstLink?()
        }
        progress(command.description)
        if snapshots.restore(command) {
          // A test module compiled before from these very bytes: its files are back.
          try append(
            "\(command.description): the same inputs as an earlier compile, whose "
              + "outputs are reused\n", to: log)
          outcome = succeeded
        } else {
          outcome = try run(command, appendingTo: log, timeLimit: timeLimit, monitor: monitor)
          guard outcome.status == 0, !outcome.wasSignalled, !outcome.timedOut,
            !outcome.stoppedByMonitor
          else {
            // Its own writes: the next attempt starts from them (``unfinished`` says how).
            try stampOutputs(of: ordered)
            return .built(outcome)
          }
          snapshots.keep(command)
        }
        for (index, path) in watched.enumerated()
        where !pruning || (try? Data(contentsOf: URL(fileURLWithPath: path))) != before[index] {
          dirty.insert(path)
          let interface = interface(of: path, in: snapshots)
          if interface != nil, interface == interfacesBefore[index] {
            sameInterface.insert(path)
          }
        }
      default:
        return .needsSwiftPM("the build needs SwiftPM's \(command.tool)")
      }
    }
    let uncompiled = UncompiledSources.find(package: package, scratch: scratch)
    guard uncompiled.isEmpty else {
      return .needsSwiftPM(
        "the compiler left \(uncompiled.map(\.path).joined(separator: ", ")) uncompiled")
    }
    try now.write(to: recordFolder.appendingPathComponent("built"))
    try stampOutputs(of: ordered)
    try FileManager.default.removeItem(at: unfinished)
    return .built(outcome)
  }

  /// The package interface of `path` when it is a module compiled with library evolution in
  /// this plan; nil otherwise or when it is missing.
  private func interface(of path: String, in snapshots: CompileSnapshots) -> Data? {
    guard snapshots.resilientModules.contains(path) else { return nil }
    return try? Data(contentsOf: ResilientModule.packageInterface(of: URL(fileURLWithPath: path)))
  }

  /// Whether the shell command `command` reads any of its changed `inputs`. A link reads them
  /// all. A compile never reads a product a link makes (SwiftPM names an app the tests start
  /// as an input of their compile, so that it is built first), and, when none of its sources
  /// imports a module `@testable`, reads no more of a module compiled with library evolution than
  /// its interface, so a module in `sameInterface` does not count either.
  private func readsAny(
    of inputs: [String], _ command: BuildPlan.Command, sameInterface: Set<String>,
    snapshots: CompileSnapshots
  ) -> Bool {
    guard !LinkJobs.isLink(command.arguments) else { return true }
    let read = inputs.filter { !snapshots.linkedProducts.contains($0) }
    guard read.allSatisfy(sameInterface.contains) else { return true }
    guard !read.isEmpty else { return false }
    return ResilientModule.anyTestableImport(
      in: command.inputs.filter { $0.hasSuffix(".swift") }.map(URL.init(fileURLWithPath:)))
  }

  var planFile: URL { recordFolder.appendingPathComponent("plan.json") }

  /// The plan of the package's last build, as recorded: the build folder's own plan
  /// (`debug.yaml`) may be another package's by now, when a direct rebuild found nothing to do
  /// after that package was built there. Nil when there is no record.
  var recordedPlan: BuildPlan? {
    guard let data = try? Data(contentsOf: planFile) else { return nil }
    return try? JSONDecoder().decode(BuildPlan.self, from: data)
  }

  func isInPackage(_ path: String) -> Bool {
    path.hasPrefix(package.path + "/Sources/") || path.hasPrefix(package.path + "/Tests/")
  }

  /// The package's `Package.swift`, `Sources/` and `Tests/`, by path.
  private func readPackage() throws -> SourceTree {
    var tree = SourceTree()
    for part in Self.buildInputs {
      let url = package.appendingPathComponent(part)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
        continue
      }
      if isFolder.boolValue {
        tree = tree.overlaid(with: try SourceTree.read(url).prefixed(part))
      } else {
        tree.files[part] = try Data(contentsOf: url)
      }
    }
    return tree
  }

  private func mentionsXCTest(_ data: Data) -> Bool {
    String(decoding: data, as: UTF8.self).contains("XCTest")
  }

  /// The compiler's incremental mode decides by dates, and takes a file saved within a moment
  /// of its last compile for unchanged (measured: a file rewritten with a date 1 ms later was
  /// skipped). The build files of every changed source are removed first, so the compiler
  /// finds an output missing and compiles it again, whatever its date.
  private func forgetBuildFiles(of changed: [String]) {
    let paths = Set(changed.map { package.appendingPathComponent($0).path })
    let debug = scratch.appendingPathComponent("debug")
    for folder in (try? FileManager.default.contentsOfDirectory(atPath: debug.path)) ?? []
    where folder.hasSuffix(".build") {
      for (source, outputs) in UncompiledSources.outputFileMap(
        debug.appendingPathComponent(folder)) where paths.contains(source)
      {
        for output in outputs.values { try? FileManager.default.removeItem(atPath: output) }
      }
    }
  }

  private func append(_ text: String, to log: URL) throws {
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
  }

  /// Runs one shell command of the plan, as SwiftPM would, its output added to `log`. The
  /// compiler's messages come as plain text (SwiftPM asks for JSON, which it reads itself).
  private func run(
    _ command: BuildPlan.Command, appendingTo log: URL, timeLimit: Double,
    monitor: (() -> Bool)?
  ) throws -> ProcessRunner.Outcome {
    let part = log.deletingLastPathComponent().appendingPathComponent(
      ".\(log.lastPathComponent).part")
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("\(command.description)\n".utf8))
    var outcome = ProcessRunner.Outcome(
      status: 0, wasSignalled: false, timedOut: false, stoppedByMonitor: false)
    for job in command.jobs ?? [command.arguments.filter { $0 != "-parseable-output" }] {
      outcome = try ProcessRunner.run(
        job, in: package, log: part, timeLimit: timeLimit, monitor: monitor)
      try handle.write(contentsOf: (try? Data(contentsOf: part)) ?? Data())
      try? FileManager.default.removeItem(at: part)
      guard outcome.status == 0, !outcome.wasSignalled, !outcome.timedOut else { break }
    }
    return outcome
  }
}
