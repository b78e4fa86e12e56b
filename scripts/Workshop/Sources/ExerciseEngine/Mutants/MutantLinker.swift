import ExerciseModel
import Foundation
import Synchronization

/// Links an exercise's tests so that one test binary runs against the reference feature and
/// against every mutant of it: how one build of a learner's tests serves every mutant
/// (``SuiteGrading``).
///
/// The feature's module is linked into a shared library of its own, `lib<Module>.so`, and the
/// test binary is linked once, without the module's objects, against that library, which it
/// finds beside itself (`$ORIGIN`). Each mutant's module is linked into a library of the same
/// name once per exercise (``MutantLibraries``). A mutant changes function bodies only, never a
/// declaration, so its library defines the symbols the feature's does
/// (``MutantLibraries/check(_:against:)`` makes sure), and a run against a mutant is the same test binary beside the mutant's library
/// (``stage(tests:library:into:)``). The test binary exports its own symbols
/// (`--export-dynamic`): the library takes the package's other modules (`Dependencies`…) from
/// it, so a process holds one copy of each, as a statically linked one does.
///
/// Why: linking a learner's tests again in full for every mutant costs a link of a test binary
/// per mutant, all while the build folder is theirs; this way a learner costs two small links,
/// and a mutant one, once per exercise.
///
/// Every library has the same name and every run folder the same two files, and the sandbox
/// shows each folder at the same path, so nothing but the feature's behaviour tells a test which
/// one it runs against.
///
/// ```swift
/// let linker = try MutantLinker(
///   package: package, scratch: scratch, packageName: id, module: "Noticeboard")
/// let reference = try linker.linkLibrary(
///   objects: linker.moduleObjects, into: linked, log: libraryLog).get()
/// let tests = try linker.linkTests(against: reference, log: testsLog).get()
/// let binary = try MutantLinker.stage(tests: tests, library: mutantLibrary, into: run)
/// ```
struct MutantLinker: Sendable {
  /// The arguments of SwiftPM's link of the test binary.
  var arguments: [String]
  /// The processes the driver runs for that link, when known (``LinkJobs``): run directly,
  /// they skip the driver's start-up.
  var jobs: [[String]]?
  /// The object files it links, in order.
  var objects: [String]
  /// The test binary's file name.
  var binaryName: String
  /// The module linked as a library.
  var module: String

  /// The file name of the module's library: the same for the feature and every mutant.
  var libraryName: String { "lib\(module).so" }

  /// Reads the link of `packageName`'s test binary from the plan of the last build of `package`
  /// in `scratch`: its ``DirectRebuild`` record's, else the build folder's own. Call it in the
  /// same build turn as that build (``ExercisePipeline/build(_:inTurn:)``): the objects it names are
  /// that build's until the next one.
  ///
  /// - Parameter recordFolder: where the package's ``DirectRebuild`` keeps its record, when
  ///   not in the package folder itself (the learner tool keeps it in its own folder).
  init(
    package: URL, scratch: URL, packageName: String, module: String, recordFolder: URL? = nil
  ) throws {
    let binaryName = "\(packageName)PackageTests.xctest"
    self.binaryName = binaryName
    self.module = module
    let recorded = DirectRebuild(
      package: package, scratch: scratch,
      recordFolder: recordFolder ?? ProductBuild.directRecord(for: package)
    ).recordedPlan
    guard let plan = recorded ?? BuildPlan.read(scratch.appendingPathComponent("debug.yaml"))
    else {
      throw WorkshopError(
        "cannot read the build plan \(scratch.path)/debug.yaml to link the tests against each "
          + "mutant; delete \(scratch.path) and grade again.")
    }
    guard
      let link = plan.commands.first(where: { command in
        LinkJobs.isLink(command.arguments)
          && command.outputs.contains { $0.hasSuffix("/" + binaryName) }
      }),
      let list = link.arguments.first(where: { $0.hasPrefix("@") }),
      let text = try? String(contentsOfFile: String(list.dropFirst()), encoding: .utf8)
    else {
      throw WorkshopError(
        "the build plan in \(scratch.path) has no link of \(binaryName) with a file list, so "
          + "the tests cannot be linked against each mutant.")
    }
    arguments = link.arguments
    jobs = link.jobs
    objects = text.split(separator: "\n").map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
    }
  }

  /// The objects of the module in the link, as paths.
  var moduleObjects: [String] { objects.filter(isModuleObject) }

  private func isModuleObject(_ path: String) -> Bool { path.contains("/\(module).build/") }

  /// Held by each link that runs the Swift driver itself (when the driver's jobs are not known:
  /// no `ld.lld` beside `swiftc`, or a plan without them).
  ///
  /// On Linux the driver writes the list of libraries to link (`swift-autolink-extract`'s
  /// output) to `<folder of the first object>/<module name>.autolink`, whatever its `-o`: two
  /// links at once of objects in one folder can read each other's half-written list and link
  /// without the Swift libraries (undefined `swift_task_alloc`, Foundation and Testing symbols;
  /// seen once in a graded class, and 3 times in 75 links run three at a time by hand). The
  /// links through ``jobs`` write that list into their own folder, so they run side by side.
  private static let driverLinks = Mutex<Void>(())

  /// Links `objects` (the module's objects: this build's, or a mutant's) into ``libraryName``
  /// in `folder` (emptied first). Returns the library, or the linker's words when it fails.
  func linkLibrary(objects: [String], into folder: URL, log: URL) throws
    -> Result<URL, WorkshopError>
  {
    try Self.empty(folder)
    let library = folder.appendingPathComponent(libraryName)
    let soname = ["-Xlinker", "-soname", "-Xlinker", libraryName]
    guard let jobs else {
      // The driver adds the runtime's registration object and the autolinked libraries.
      let command = try driverCommand(
        objects: objects, output: library, folder: folder, extra: soname
      ).map { $0 == "-emit-executable" ? "-emit-library" : $0 }
      return try runDriver(command, in: folder, log: log, output: library)
    }
    // The driver's jobs for the test binary, narrowed to the library: the autolink list of its
    // objects alone, then the link with `-shared` in place of `-pie`, with the objects the
    // toolchain adds (the runtime's registration object, `swiftrt.o`) and none of the package's
    // but these.
    let edited = jobs.map { job in
      rewrite(
        job, in: folder, output: library, keeping: { _ in false }, replacedBy: objects,
        dropping: ["-pie"], adding: ["-shared"] + soname)
    }
    return try run(edited, in: folder, log: log, output: library)
  }

  /// Links the test binary, without the module's objects, against `library`, into the
  /// library's folder: the binary looks for the library beside itself. Returns the binary, or
  /// the linker's words when it fails.
  func linkTests(against library: URL, log: URL) throws -> Result<URL, WorkshopError> {
    let folder = library.deletingLastPathComponent()
    let binary = folder.appendingPathComponent(binaryName)
    // The library takes the package's other modules from the binary.
    let exports = ["-Xlinker", "--export-dynamic"]
    guard let jobs else {
      let command = try driverCommand(
        objects: objects.filter { !isModuleObject($0) }, output: binary, folder: folder,
        extra: ["-L", folder.path, "-l\(module)"] + exports)
      return try runDriver(command, in: folder, log: log, output: binary)
    }
    let edited = jobs.map { job in
      Self.isAutolinkExtract(job)
        // The list still reads the module's objects: the binary needs every library the
        // module does.
        ? rewrite(job, in: folder, output: binary, keeping: { _ in true }, replacedBy: [])
        : rewrite(
          job, in: folder, output: binary, keeping: { !isModuleObject($0) },
          replacedBy: [library.path], adding: exports)
    }
    return try run(edited, in: folder, log: log, output: binary)
  }

  /// Links this build's module objects into the feature's library in `folder` (emptied first),
  /// then the test binary against it (``linkLibrary(objects:into:log:)``,
  /// ``linkTests(against:log:)``), with their logs `link-feature.log` and `link-tests.log` in
  /// `logs`: what every run folder is staged from. Call it in the build's turn. Throws the
  /// linker's words when a link fails. `extraObjects` go into the library too (a grading's
  /// salt, ``GradingSalt``).
  func linkFeatureAndTests(into folder: URL, logs: URL, extraObjects: [String] = [])
    throws -> (tests: URL, library: URL)
  {
    let library = try linkLibrary(
      objects: moduleObjects + extraObjects, into: folder,
      log: logs.appendingPathComponent("link-feature.log")
    ).get()
    let tests = try linkTests(against: library, log: logs.appendingPathComponent("link-tests.log"))
      .get()
    return (tests, library)
  }

  /// ``linkFeatureAndTests(into:logs:extraObjects:)`` for a loop that links after every save
  /// (the lesson mutants of `scripts/learn`): the feature's library is linked again only when
  /// the link would not be the same as last time, that is when the module's objects or the
  /// link's arguments differ, byte for byte, from the copies kept in `kept` after the last one.
  /// `libraryLinked` says whether it was.
  ///
  /// Speed measure (`scripts/bench --learn`): where the learner writes only tests, the feature
  /// never changes, and its link was a tenth of a check.
  func linkFeatureAndTests(into folder: URL, logs: URL, keepingInputsIn kept: URL)
    throws -> (tests: URL, library: URL, libraryLinked: Bool)
  {
    let manager = FileManager.default
    let library = folder.appendingPathComponent(libraryName)
    let objects = moduleObjects
    let recipe = Data(
      ((jobs ?? [arguments]).map { $0.joined(separator: " ") } + objects)
        .joined(separator: "\n").utf8)
    let copies = objects.indices.map { kept.appendingPathComponent("\($0).o") }
    let same =
      manager.fileExists(atPath: library.path)
      && (try? Data(contentsOf: kept.appendingPathComponent("recipe"))) == recipe
      && zip(objects, copies).allSatisfy { object, copy in
        guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: object)) else { return false }
        return (try? Data(contentsOf: copy)) == bytes
      }
    if !same {
      try? manager.removeItem(at: kept)
      _ = try linkLibrary(
        objects: objects, into: folder, log: logs.appendingPathComponent("link-feature.log")
      ).get()
      try manager.createDirectory(at: kept, withIntermediateDirectories: true)
      for (object, copy) in zip(objects, copies) {
        try manager.copyItem(at: URL(fileURLWithPath: object), to: copy)
      }
      try recipe.write(to: kept.appendingPathComponent("recipe"))
    }
    let tests = try linkTests(against: library, log: logs.appendingPathComponent("link-tests.log"))
      .get()
    return (tests, library, !same)
  }

  /// Makes `folder` (emptied first) hold exactly the test binary `tests` and `library`, as hard
  /// links where the file system allows, and returns the binary in it: a run folder, the same
  /// for the feature and every mutant but for the library's bytes.
  static func stage(tests: URL, library: URL, into folder: URL) throws -> URL {
    try empty(folder)
    let binary = folder.appendingPathComponent(tests.lastPathComponent)
    for (source, target) in [
      (tests, binary), (library, folder.appendingPathComponent(library.lastPathComponent)),
    ] {
      do {
        try FileManager.default.linkItem(at: source, to: target)
      } catch {
        try FileManager.default.copyItem(at: source, to: target)
      }
    }
    return binary
  }

  /// The dynamic symbols `library` defines, read with the toolchain's `llvm-nm`.
  static func definedSymbols(_ library: URL) throws -> Set<String> {
    try symbols([library.path], defined: true, dynamic: true)
  }

  /// ``definedSymbols(_:)``, kept in `file` with the library's size, date and inode, and read
  /// from it while those are the same: the libraries of the lesson's mutants and of a learner's
  /// feature stay the same from one check to the next.
  static func definedSymbols(_ library: URL, keptIn file: URL) throws -> Set<String> {
    guard let stamp = DirectRebuild.stamp(library.path) else { return try definedSymbols(library) }
    if let kept = try? String(contentsOf: file, encoding: .utf8) {
      let lines = kept.split(separator: "\n", omittingEmptySubsequences: false)
      if lines.first.map(String.init) == stamp {
        return Set(lines.dropFirst().filter { !$0.isEmpty }.map(String.init))
      }
    }
    let symbols = try definedSymbols(library)
    try? Data(([stamp] + symbols.sorted()).joined(separator: "\n").utf8).write(
      to: file, options: .atomic)
    return symbols
  }

  /// The symbols `files` (objects, libraries or binaries) define, or use without defining when
  /// not `defined`; from their dynamic symbol tables when `dynamic`. One `llvm-nm` for all.
  static func symbols(_ files: [String], defined: Bool, dynamic: Bool = false) throws
    -> Set<String>
  {
    guard let first = files.first else { return [] }
    let folder = URL(fileURLWithPath: first).deletingLastPathComponent()
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "workshop-symbols-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let command =
      [symbolTool] + (dynamic ? ["-D"] : [])
      + [defined ? "--defined-only" : "--undefined-only", "--format=just-symbols"] + files
    let outcome = try ProcessRunner.run(command, in: folder, log: output, timeLimit: 60)
    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    guard outcome.status == 0, !outcome.wasSignalled, !outcome.timedOut else {
      throw WorkshopError(
        "cannot read the symbols of \(files.joined(separator: ", ")) with \(symbolTool): "
          + text.split(separator: "\n").prefix(3).joined(separator: " "))
    }
    // With several files, each one's symbols come after a line naming it.
    let headers = Set(files.map { $0 + ":" })
    return Set(text.split(separator: "\n").map(String.init).filter { !headers.contains($0) })
  }

  /// `llvm-nm` beside the `swiftc` on `PATH`, else the first `llvm-nm` or `nm` on `PATH`.
  static let symbolTool = ToolchainTool.path("llvm-nm", fallbacks: ["llvm-nm", "nm"])

  /// SwiftPM's link command with `objects` as its file list (written into `folder`), `output`
  /// as its `-o`, `lld` when the toolchain has it, and `extra` arguments.
  private func driverCommand(
    objects: [String], output: URL, folder: URL, extra: [String]
  ) throws -> [String] {
    let listFile = folder.appendingPathComponent("Objects.LinkFileList")
    try Data(objects.map { "\"\($0)\"" }.joined(separator: "\n").utf8).write(to: listFile)
    var command: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "-o", index + 1 < arguments.count {
        command += ["-o", output.path]
        index += 2
        continue
      }
      command.append(argument.hasPrefix("@") ? "@" + listFile.path : argument)
      index += 1
    }
    if let swiftc = command.first,
      FileManager.default.isExecutableFile(
        atPath: URL(fileURLWithPath: swiftc).deletingLastPathComponent()
          .appendingPathComponent("ld.lld").path)
    {
      // Speed measure: lld links a test binary about three times faster than the default
      // linker (``LinkJobs``).
      command.append("-use-ld=lld")
    }
    return command + extra
  }

  /// Runs a driver link, one at a time (see ``driverLinks``).
  private func runDriver(_ command: [String], in folder: URL, log: URL, output: URL) throws
    -> Result<URL, WorkshopError>
  {
    let outcome = try Self.driverLinks.withLock { _ in
      try ProcessRunner.run(command, in: folder, log: log, timeLimit: 300)
    }
    if let failure = Self.failure(outcome, log: log) { return .failure(failure) }
    return .success(output)
  }

  /// One of the driver's jobs (the autolink list's, or the link's), edited: of the package's
  /// objects it names, those `keeping` accepts stay and the others give way to `replacements`
  /// (at the place of the first of them); the files it writes (`-o`, `@` lists) are moved into
  /// `folder`, but for the link's output, which is `output`; `dropping` is left out and
  /// `adding` added to the link.
  private func rewrite(
    _ job: [String], in folder: URL, output: URL, keeping: (String) -> Bool,
    replacedBy replacements: [String], dropping: Set<String> = [], adding: [String] = []
  ) -> [String] {
    let package = Set(objects)
    let isLink = !Self.isAutolinkExtract(job)
    var command: [String] = []
    var replaced = false
    var index = 0
    while index < job.count {
      let word = job[index]
      index += 1
      if word == "-o", index < job.count {
        command += ["-o", isLink ? output.path : Self.moved(job[index], into: folder)]
        index += 1
      } else if word.hasPrefix("@") {
        command.append("@" + Self.moved(String(word.dropFirst()), into: folder))
      } else if package.contains(word), !keeping(word) {
        if !replaced { command += replacements }
        replaced = true
      } else if !dropping.contains(word) {
        command.append(word)
      }
    }
    if !replaced { command += replacements }
    return command + (isLink ? adding : [])
  }

  /// Whether `job` is the driver's `swift-autolink-extract`, which lists the libraries the
  /// objects ask for.
  private static func isAutolinkExtract(_ job: [String]) -> Bool {
    job.first.map { URL(fileURLWithPath: $0).lastPathComponent == "swift-autolink-extract" }
      ?? false
  }

  /// Where a file a job writes goes instead: `folder`, under its own name.
  private static func moved(_ path: String, into folder: URL) -> String {
    folder.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path
  }

  /// Runs `jobs` one after another in `folder`.
  private func run(_ jobs: [[String]], in folder: URL, log: URL, output: URL) throws
    -> Result<URL, WorkshopError>
  {
    for job in jobs {
      let outcome = try ProcessRunner.run(job, in: folder, log: log, timeLimit: 300)
      if let failure = Self.failure(outcome, log: log) { return .failure(failure) }
    }
    return .success(output)
  }

  private static func empty(_ folder: URL) throws {
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// What went wrong in a link that did not succeed, with the first lines of its log; nil when
  /// it succeeded.
  private static func failure(_ outcome: ProcessRunner.Outcome, log: URL) -> WorkshopError? {
    guard outcome.status != 0 || outcome.wasSignalled || outcome.timedOut else { return nil }
    let words = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return WorkshopError(
      "linking failed (see \(log.path)): "
        + words.split(separator: "\n").prefix(5).joined(separator: "\n"))
  }
}
