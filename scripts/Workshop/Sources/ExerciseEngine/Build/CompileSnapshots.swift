import ExerciseModel
import Foundation

/// What a test module's compile wrote, kept by the bytes it read, so a later build that hands
/// the compiler the same bytes gets the same files back instead of compiling them again.
///
/// Why: a test module is slow to compile (the test macros expand every `#expect`: most of a
/// rebuild after the tested module's interface changed) and it is compiled
/// again each time the module it tests changes its interface. Those interfaces repeat: the
/// checks build an exercise's starter, its solution and each decoy, most of which declare what
/// the solution declares; a class of learners mostly declare what the starter does. A compile
/// is a function of its arguments and the bytes of its inputs (the test files, the interfaces of
/// the modules it imports, the toolchain's version), so equal inputs give equal outputs. For a
/// module compiled with library evolution, which the assembled packages make of the learner's
/// module, what a client depends on is its interface's text, not its binary bytes
/// (``ResilientModule``): learners whose modules declare the same API share one compile of the
/// solution tests, however their private state and function bodies differ.
///
/// Narrow on purpose: only commands that compile a module with its own output file map, and,
/// unless ``includesSources`` is set, read no file of the package's `Sources/` (a test module:
/// the learner's module is compiled every time). The checks and the grader set it: they build
/// the same modules over and over in one package folder (the solution's module, then a
/// learner's, then the solution's again for the learner's tests), while a learner's own loop
/// compiles a module that differs at every save, where keeping it would only cost time. An
/// entry keeps a copy of every input it was made from and is used only when
/// each is equal byte for byte (a hash alone could be made to collide), and it holds every file
/// of the module's build folder, with the compiler's own records of its incremental state, so
/// the folder is as that compile left it. The library the interfaces come from is not an input
/// the plan names; the entries live in the build folder, which is emptied when the library
/// changes (``LibraryFingerprint``).
///
/// ```swift
/// let snapshots = CompileSnapshots(scratch: scratch, package: package)
/// if snapshots.restore(command) == false {
///   // run the command, then:
///   snapshots.keep(command)
/// }
/// ```
struct CompileSnapshots: Sendable {
  /// Where the entries are kept.
  var folder: URL
  /// The package whose `Sources/` make a command ineligible (unless ``includesSources``).
  var package: URL
  /// Whether compiles that read the package's `Sources/` are kept too.
  var includesSources: Bool
  /// The binary modules (by path) compiled with library evolution in this build's plan
  /// (``ResilientModule/modules(compiledBy:)``): a compile that imports one is kept by that
  /// module's interface rather than its bytes, so the solution tests compiled against one
  /// learner's module come back for every learner whose module declares the same API.
  var resilientModules: Set<String>
  /// What the plan's links make (executables, test binaries). SwiftPM names an executable a
  /// test target depends on as an input of the test module's compile, to build it first so the
  /// tests can start it; the compiler never reads it, and it differs for every learner (it
  /// links their module), so it is not part of a compile's key.
  var linkedProducts: Set<String>
  /// The most entries kept; the oldest go first.
  static let limit = 120

  /// - Parameter plan: the commands of the build the compiles belong to, which tell which
  ///   modules are compiled with library evolution and which inputs are linked products.
  init(
    scratch: URL, package: URL, includesSources: Bool = false, plan: [BuildPlan.Command] = []
  ) {
    folder = scratch.appendingPathComponent("workshop-compile-snapshots")
    self.package = package
    self.includesSources = includesSources
    resilientModules = ResilientModule.modules(compiledBy: plan)
    linkedProducts = Set(
      plan.filter { $0.tool == "shell" && LinkJobs.isLink($0.arguments) }.flatMap(\.outputs))
  }

  /// Whether `command` is one whose outputs are kept: a module's compile that reads none of the
  /// package's sources (or any module's compile, with ``includesSources``).
  func isEligible(_ command: BuildPlan.Command) -> Bool {
    command.tool == "shell" && !LinkJobs.isLink(command.arguments)
      && buildFolder(of: command) != nil && moduleStem(of: command) != nil
      && (includesSources || !command.inputs.contains { $0.hasPrefix(package.path + "/Sources/") })
  }

  /// Puts back what an earlier compile of the same bytes wrote; false when there is no such
  /// entry (or `command` is not eligible), and nothing was changed.
  func restore(_ command: BuildPlan.Command) -> Bool {
    guard isEligible(command), let key = key(of: command) else { return false }
    let entry = folder.appendingPathComponent(key)
    guard let kept = try? SourceTree.read(entry.appendingPathComponent("inputs")),
      kept == (try? inputs(of: command)),
      let made = try? SourceTree.read(entry.appendingPathComponent("outputs")),
      let buildFolder = buildFolder(of: command), let stem = moduleStem(of: command)
    else { return false }
    do {
      try clear(buildFolder: buildFolder, stem: stem)
      // Every file written anew, so each is dated now: the compile check of
      // ``UncompiledSources`` goes by dates.
      for (path, data) in made.subtree("build").files {
        let url = buildFolder.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
      }
      for (name, data) in made.subtree("modules").files {
        try data.write(to: stem.deletingLastPathComponent().appendingPathComponent(name))
      }
      // The entry's date is when it was last used: the oldest go first.
      try? FileManager.default.setAttributes(
        [.modificationDate: Date()], ofItemAtPath: entry.path)
      return true
    } catch {
      return false
    }
  }

  /// Keeps what `command` just wrote, by the bytes it read. Call it only after the command
  /// succeeded; a failure to keep is not an error (the next build compiles again).
  func keep(_ command: BuildPlan.Command) {
    guard isEligible(command), let key = key(of: command),
      let buildFolder = buildFolder(of: command), let stem = moduleStem(of: command),
      let inputs = try? inputs(of: command)
    else { return }
    let manager = FileManager.default
    let entry = folder.appendingPathComponent(key)
    let partial = folder.appendingPathComponent(".\(key)-\(UUID().uuidString)")
    do {
      var outputs = SourceTree()
      for (path, data) in try SourceTree.read(buildFolder).files where !Self.planned(path) {
        outputs.files["build/" + path] = data
      }
      for (name, data) in moduleFiles(stem) { outputs.files["modules/" + name] = data }
      try inputs.write(to: partial.appendingPathComponent("inputs"))
      try outputs.write(to: partial.appendingPathComponent("outputs"))
      try? manager.removeItem(at: entry)
      try manager.moveItem(at: partial, to: entry)
    } catch {
      try? manager.removeItem(at: partial)
      return
    }
    prune()
  }

  /// The entry's name: a hash of the arguments and of every input's path and bytes.
  func key(of command: BuildPlan.Command) -> String? {
    guard let inputs = try? inputs(of: command) else { return nil }
    var hash = FNV1a()
    for argument in command.arguments { hash.add(Data(argument.utf8)) }
    for path in inputs.files.keys.sorted() {
      hash.add(Data(path.utf8))
      hash.add(inputs.files[path] ?? Data())
    }
    return String(hash.value, radix: 16)
  }

  /// Every input file of `command` (and its arguments, as a file), by a path made of its own: for
  /// a module compiled with library evolution, the bytes its clients depend on
  /// (``ResilientModule/identity(of:testable:)``); linked products, which no compiler reads,
  /// left out.
  private func inputs(of command: BuildPlan.Command) throws -> SourceTree {
    var tree = SourceTree()
    let arguments = try JSONEncoder().encode(command.arguments)
    tree.files["arguments.json"] = arguments
    let testable =
      command.inputs.contains(where: resilientModules.contains)
      && ResilientModule.anyTestableImport(
        in: command.inputs.filter { $0.hasSuffix(".swift") }.map(URL.init(fileURLWithPath:)))
    for (index, path) in command.inputs.enumerated()
    where !path.hasPrefix("<") && !linkedProducts.contains(path) {
      let url = URL(fileURLWithPath: path)
      tree.files["\(index)"] =
        resilientModules.contains(path)
        ? try ResilientModule.identity(of: url, testable: testable) : try Data(contentsOf: url)
    }
    return tree
  }

  /// The module's build folder: the folder of its output file map.
  private func buildFolder(of command: BuildPlan.Command) -> URL? {
    guard let index = command.arguments.firstIndex(of: "-output-file-map"),
      command.arguments.indices.contains(index + 1)
    else { return nil }
    return URL(fileURLWithPath: command.arguments[index + 1]).deletingLastPathComponent()
  }

  /// The module's interface path without its extension (`…/Modules/NameTests`).
  private func moduleStem(of command: BuildPlan.Command) -> URL? {
    guard let index = command.arguments.firstIndex(of: "-emit-module-path"),
      command.arguments.indices.contains(index + 1)
    else { return nil }
    return URL(fileURLWithPath: command.arguments[index + 1]).deletingPathExtension()
  }

  /// The files SwiftPM wrote when it planned the build, which stay as they are.
  private static func planned(_ path: String) -> Bool {
    path == "sources" || path == "output-file-map.json"
  }

  /// `Modules/Name.swiftmodule`, `.swiftdoc`, `.swiftsourceinfo`…: the files beside the
  /// interface that share its name.
  private func moduleFiles(_ stem: URL) -> [String: Data] {
    let folder = stem.deletingLastPathComponent()
    let prefix = stem.lastPathComponent + "."
    var files: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    where name.hasPrefix(prefix) {
      var isFolder: ObjCBool = false
      let url = folder.appendingPathComponent(name)
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
        !isFolder.boolValue, let data = try? Data(contentsOf: url)
      else { continue }
      files[name] = data
    }
    return files
  }

  /// Removes what the last compile of the module left, so the entry's files are all there is.
  private func clear(buildFolder: URL, stem: URL) throws {
    let manager = FileManager.default
    for name in (try? manager.contentsOfDirectory(atPath: buildFolder.path)) ?? []
    where !Self.planned(name) {
      try manager.removeItem(at: buildFolder.appendingPathComponent(name))
    }
    for name in moduleFiles(stem).keys {
      try manager.removeItem(at: stem.deletingLastPathComponent().appendingPathComponent(name))
    }
  }

  /// Keeps the newest ``limit`` entries.
  private func prune() {
    let manager = FileManager.default
    let names = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
      !$0.hasPrefix(".")
    }
    guard names.count > Self.limit else { return }
    let dated = names.map { name -> (String, Date) in
      let date =
        (try? manager.attributesOfItem(atPath: folder.appendingPathComponent(name).path))?[
          .modificationDate] as? Date
      return (name, date ?? .distantPast)
    }
    for (name, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(names.count - Self.limit) {
      try? manager.removeItem(at: folder.appendingPathComponent(name))
    }
  }
}
