import ExerciseModel
import Foundation

/// Finds the Swift sources of a package that its last build did not compile since they were
/// written: a build that skipped one would test the code of whatever was compiled before.
///
/// SwiftPM's incremental build decides from file dates what to compile again, and now and then
/// it takes a file rewritten just after the previous build for unchanged. The grader measured
/// it: 5 wrong scores in about 2,250 builds that alternated a correct and a starter learner,
/// each log showing `Emitting module` without `Compiling` — the previous learner's test binary
/// was graded. So every build is checked, whatever the cause.
///
/// The check reads SwiftPM's output file maps (`<Module>.build/output-file-map.json` in the
/// build folder), which name, for every source, the dependency file (`.d`) the compiler writes
/// each time it compiles that source. The object file cannot serve: the compiler leaves it
/// untouched when the new object is the same as the old. A source is uncompiled when a map
/// names it and its dependency file is missing or older than the source, unless the module was
/// compiled whole (``WholeModuleCompile``) since: that compile writes one dependency file for the
/// module (`<Module>.build/<Module>.d`) naming every object it made, and a source whose object it
/// names is compiled when that file is newer than the source. (A file of that name can also be
/// a source's own, `Module.swift`'s in batches: it then names that source's object only.)
///
/// ```swift
/// let uncompiled = UncompiledSources.find(package: package, scratch: scratch)
/// // after a build that skipped Fixture.swift:
/// // [Source(path: "Sources/Fixture/Fixture.swift", buildFiles: "Fixture.build")]
/// UncompiledSources.forget(uncompiled, scratch: scratch)  // the next build compiles it
/// ```
enum UncompiledSources {
  /// One source the build did not compile.
  struct Source: Sendable, Equatable {
    /// Its path in the package (`Sources/Fixture/Fixture.swift`).
    var path: String
    /// The folder in the build folder's `debug/` that holds its module's build files
    /// (`Fixture.build`).
    var buildFiles: String
  }

  /// The Swift files below `package`'s `Sources/` and `Tests/` that the last build in `scratch`
  /// did not compile since they were last written, in path order.
  static func find(package: URL, scratch: URL) -> [Source] {
    let debug = scratch.appendingPathComponent("debug")
    let packagePath = package.resolvingSymlinksInPath().path + "/"
    // Each source's dependency file, its module's build folder, and when a whole-module compile
    // that made its object last ended, by path in the package.
    var outputs: [String: (dependencies: String, buildFiles: String, wholeModule: Int64?)] = [:]
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: debug.path)) ?? []
    for folder in folders where folder.hasSuffix(".build") {
      let buildFiles = debug.appendingPathComponent(folder)
      // The build folder holds the modules of other packages too: only this one's are read.
      let ours = sources(in: buildFiles, below: packagePath)
      guard !ours.isEmpty else { continue }
      let whole = wholeModuleDependencies(buildFiles)
      for (path, files) in ours {
        guard let dependencies = files["dependencies"] else { continue }
        let compiledWhole = whole.flatMap { whole in
          files["object"].flatMap {
            WholeModuleCompile.dependencyFile(whole.contents, names: $0) ? whole.written : nil
          }
        }
        outputs[path] = (dependencies, folder, compiledWhole)
      }
    }
    var uncompiled: [Source] = []
    for top in ["Sources", "Tests"] {
      let folder = package.appendingPathComponent(top)
      for entry in DirectoryWalk.entries(below: folder) ?? []
      where entry.kind == .regularFile && entry.path.hasSuffix(".swift") {
        let path = top + "/" + entry.path
        // A file no map names belongs to no target (a learner's stray file): nothing compiles it.
        guard let output = outputs[path] else { continue }
        let written = modificationTime(entry.url.path)
        let compiled = max(
          modificationTime(output.dependencies) ?? .min, output.wholeModule ?? .min)
        if let written, compiled < written {
          uncompiled.append(Source(path: path, buildFiles: output.buildFiles))
        }
      }
    }
    return uncompiled.sorted { $0.path < $1.path }
  }

  /// Removes what the build folder keeps of the modules of `sources` — every output their
  /// output file maps name, the dependency file of a whole-module compile, and each module's
  /// record of its last build (`*.priors`) — so the next build compiles those modules from
  /// clean. The maps themselves stay: SwiftPM writes them only when it plans the build.
  static func forget(_ sources: [Source], scratch: URL) {
    forget(buildFolders: Set(sources.map(\.buildFiles)), scratch: scratch)
  }

  /// Forgets, as ``forget(_:scratch:)`` does, every module of `package` whose last compile in
  /// the build folder was whole (``WholeModuleCompile``). Call it before SwiftPM builds the
  /// package there: its incremental build would compile only some of such a module's files
  /// again and link their objects with the whole-module compile's, which do not put the same code
  /// in the same objects (a default argument's generator goes with its first caller: seen, the
  /// link fails). The modules of other packages built in the same folder are left alone: their
  /// next build would otherwise find its outputs gone and need SwiftPM too.
  static func forgetWholeModuleCompiles(package: URL, scratch: URL) {
    let debug = scratch.appendingPathComponent("debug")
    let packagePath = package.resolvingSymlinksInPath().path + "/"
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: debug.path)) ?? []
    let compiledWhole = folders.filter { folder in
      let buildFiles = debug.appendingPathComponent(folder)
      guard folder.hasSuffix(".build"), let whole = wholeModuleDependencies(buildFiles)
      else { return false }
      // A source named after its module has the same dependency file (the map names it by
      // another path: `debug` is a link): it names that source's object alone when the module
      // was compiled in batches.
      let name = wholeModuleDependencyFile(buildFiles).lastPathComponent
      return sources(in: buildFiles, below: packagePath).contains { _, files in
        guard let object = files["object"],
          files["dependencies"].map({ URL(fileURLWithPath: $0).lastPathComponent }) != name
        else { return false }
        return WholeModuleCompile.dependencyFile(whole.contents, names: object)
      }
    }
    forget(buildFolders: Set(compiledWhole), scratch: scratch)
  }

  private static func forget(buildFolders: Set<String>, scratch: URL) {
    let manager = FileManager.default
    for folder in buildFolders {
      let files = scratch.appendingPathComponent("debug").appendingPathComponent(folder)
      for outputs in outputFileMap(files).values {
        for output in outputs.values { try? manager.removeItem(atPath: output) }
      }
      try? manager.removeItem(at: wholeModuleDependencyFile(files))
      for name in (try? manager.contentsOfDirectory(atPath: files.path)) ?? []
      where name.hasSuffix(".priors") {
        try? manager.removeItem(at: files.appendingPathComponent(name))
      }
    }
  }

  /// The dependency file a whole-module compile writes in a module's build folder
  /// (`Name.build/Name.d`).
  static func wholeModuleDependencyFile(_ buildFiles: URL) -> URL {
    let module = buildFiles.deletingPathExtension().lastPathComponent
    return buildFiles.appendingPathComponent(module + ".d")
  }

  /// The module's whole-module dependency file, and when it was written; nil when there is
  /// none.
  private static func wholeModuleDependencies(_ buildFiles: URL) -> (
    contents: Data, written: Int64
  )? {
    let file = wholeModuleDependencyFile(buildFiles)
    guard let written = modificationTime(file.path), let contents = try? Data(contentsOf: file)
    else { return nil }
    return (contents, written)
  }

  /// The sources of the output file map in `buildFiles` that lie below `packagePath` (which
  /// ends in `/`), each by its path in the package with its outputs by kind; empty for a module
  /// of another package built in the same folder.
  private static func sources(in buildFiles: URL, below packagePath: String) -> [(
    path: String, files: [String: String]
  )] {
    outputFileMap(buildFiles).compactMap { source, files in
      let resolved = URL(fileURLWithPath: source).resolvingSymlinksInPath().path
      return resolved.hasPrefix(packagePath)
        ? (String(resolved.dropFirst(packagePath.count)), files) : nil
    }
  }

  /// The output file map in a module's build folder: for each source (and `""`, the module),
  /// its outputs by kind (`object`, `dependencies`…); empty when there is none.
  static func outputFileMap(_ buildFiles: URL) -> [String: [String: String]] {
    let map = buildFiles.appendingPathComponent("output-file-map.json")
    guard let data = try? Data(contentsOf: map),
      let entries = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [:] }
    return entries.compactMapValues { $0 as? [String: String] }
  }

  /// A file's modification time in nanoseconds since 1970, nil when it cannot be read.
  static func modificationTime(_ path: String) -> Int64? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let time = info.st_mtimespec
    #else
      let time = info.st_mtim
    #endif
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}
