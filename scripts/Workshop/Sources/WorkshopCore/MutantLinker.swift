import Foundation
import Synchronization

/// Links an exercise's test binary again with another build of the exercise's module in place
/// of the one it was built with: how one build of a learner's tests serves every mutant of the
/// feature (``SuiteGrading``).
///
/// The learner's test objects are compiled once, against the feature's interface; each mutant's
/// module is compiled once per exercise (``MutantObjects``). A mutant changes function bodies
/// only, never a declaration, so its objects define the very symbols the feature's do, and the
/// link SwiftPM planned for the test binary (`<scratch>/debug.yaml`) works with the feature's
/// objects swapped for the mutant's. Every binary so made has the same name, and the sandbox
/// shows each at the same path, so nothing but its behaviour tells a test which one it runs.
///
/// ```swift
/// let linker = try MutantLinker(
///   package: package, scratch: scratch, packageName: id, module: "Noticeboard")
/// let binary = try linker.link(objects: mutantObjects, into: products, log: log)
/// ```
public struct MutantLinker: Sendable {
  /// The arguments of SwiftPM's link of the test binary.
  var arguments: [String]
  /// The processes the driver runs for that link, when known (``LinkJobs``): run directly,
  /// they skip the driver's start-up.
  var jobs: [[String]]?
  /// The object files it links, in order.
  var objects: [String]
  /// The test binary's file name.
  public var binaryName: String
  /// The module whose objects are swapped.
  public var module: String

  /// Reads the link of `packageName`'s test binary from the plan of the last build of `package`
  /// in `scratch`: its ``DirectRebuild`` record's, else the build folder's own. Call it in the
  /// same build turn as that build (``ExerciseRun/build(_:inTurn:)``): the objects it names are
  /// that build's until the next one.
  ///
  /// - Parameter recordFolder: where the package's ``DirectRebuild`` keeps its record, when
  ///   not in the package folder itself (the learner tool keeps it in its own folder).
  public init(
    package: URL, scratch: URL, packageName: String, module: String, recordFolder: URL? = nil
  ) throws {
    let binaryName = "\(packageName)PackageTests.xctest"
    self.binaryName = binaryName
    self.module = module
    let recorded = DirectRebuild(
      package: package, scratch: scratch,
      recordFolder: recordFolder ?? ExerciseBuild.directRecord(for: package)
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
  public var moduleObjects: [String] {
    objects.filter { $0.contains("/\(module).build/") }
  }

  /// Held by each link that runs the Swift driver itself (when the driver's jobs are not known:
  /// no `ld.lld` beside `swiftc`, or a plan without them, as under `WORKSHOP_REBUILD=swiftpm`).
  ///
  /// On Linux the driver writes the list of libraries to link (`swift-autolink-extract`'s
  /// output) to `<folder of the first object>/<module name>.autolink`: the same file for every
  /// link of one test binary, whatever its `-o`. Two such links at once can read each other's
  /// half-written list and link without the Swift libraries (undefined `swift_task_alloc`,
  /// Foundation and Testing symbols): seen once in a graded class, and 3 times in 75 links run
  /// three at a time by hand. The links through ``jobs`` write that list into their own
  /// `products` folder, so they run side by side.
  private static let driverLinks = Mutex<Void>(())

  /// Links the test binary with the module's objects replaced by the `.o` files in `objects`
  /// (a folder), into `products` (emptied first). Returns the binary, or the linker's words
  /// when it fails.
  public func link(objects folder: URL, into products: URL, log: URL) throws
    -> Result<URL, WorkshopError>
  {
    let manager = FileManager.default
    try? manager.removeItem(at: products)
    try manager.createDirectory(at: products, withIntermediateDirectories: true)
    let replacements = try manager.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".o") }.sorted().map { folder.appendingPathComponent($0).path }
    var list: [String] = []
    var replaced = false
    for object in objects {
      guard object.contains("/\(module).build/") else {
        list.append(object)
        continue
      }
      if !replaced { list += replacements }
      replaced = true
    }
    if let jobs {
      return try linkWithJobs(jobs, objects: replacements, into: products, log: log)
    }
    let listFile = products.appendingPathComponent("Objects.LinkFileList")
    try Data(list.map { "\"\($0)\"" }.joined(separator: "\n").utf8).write(to: listFile)
    let binary = products.appendingPathComponent(binaryName)
    var command: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "-o", index + 1 < arguments.count {
        command += ["-o", binary.path]
        index += 2
        continue
      }
      command.append(argument.hasPrefix("@") ? "@" + listFile.path : argument)
      index += 1
    }
    if let swiftc = command.first,
      manager.isExecutableFile(
        atPath: URL(fileURLWithPath: swiftc).deletingLastPathComponent()
          .appendingPathComponent("ld.lld").path)
    {
      // Speed measure: lld links a test binary about three times faster than the default
      // linker (``LinkJobs``).
      command.append("-use-ld=lld")
    }
    // One driver link at a time: see ``driverLinks``.
    let outcome = try Self.driverLinks.withLock { _ in
      try ProcessRunner.run(command, in: products, log: log, timeLimit: 300)
    }
    try? manager.removeItem(at: listFile)
    if let failure = Self.failure(outcome, log: log) { return .failure(failure) }
    return .success(binary)
  }

  /// Runs the driver's `jobs` with the module's objects replaced by `replacements` and every
  /// file they write (`-o`) moved into `products`.
  private func linkWithJobs(
    _ jobs: [[String]], objects replacements: [String], into products: URL, log: URL
  ) throws -> Result<URL, WorkshopError> {
    var moved: [String: String] = [:]
    for job in jobs {
      if let index = job.firstIndex(of: "-o"), index + 1 < job.count {
        let old = job[index + 1]
        moved[old] =
          products.appendingPathComponent(URL(fileURLWithPath: old).lastPathComponent)
          .path
      }
    }
    for job in jobs {
      var command: [String] = []
      var replaced = false
      for word in job {
        if word.hasSuffix(".o"), word.contains("/\(module).build/") {
          if !replaced { command += replacements }
          replaced = true
        } else if let new = moved[word] {
          command.append(new)
        } else if word.hasPrefix("@"), let new = moved[String(word.dropFirst())] {
          command.append("@" + new)
        } else {
          command.append(word)
        }
      }
      let outcome = try ProcessRunner.run(command, in: products, log: log, timeLimit: 300)
      if let failure = Self.failure(outcome, log: log) { return .failure(failure) }
    }
    return .success(products.appendingPathComponent(binaryName))
  }

  /// What went wrong in a link that did not succeed, with the first lines of its log; nil when
  /// it succeeded.
  private static func failure(_ outcome: ProcessRunner.Outcome, log: URL) -> WorkshopError? {
    guard outcome.status != 0 || outcome.wasSignalled || outcome.timedOut else { return nil }
    let words = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return WorkshopError(
      "linking the tests against a mutant failed (see \(log.path)): "
        + words.split(separator: "\n").prefix(5).joined(separator: "\n"))
  }
}
