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
/// names it and its dependency file is missing or older than the source.
///
/// ```swift
/// let uncompiled = UncompiledSources.find(package: package, scratch: scratch)
/// // after a build that skipped Fixture.swift:
/// // [Source(path: "Sources/Fixture/Fixture.swift", buildFiles: "Fixture.build")]
/// UncompiledSources.forget(uncompiled, scratch: scratch)  // the next build compiles it
/// ```
public enum UncompiledSources {
  /// One source the build did not compile.
  public struct Source: Sendable, Equatable {
    /// Its path in the package (`Sources/Fixture/Fixture.swift`).
    public var path: String
    /// The folder in the build folder's `debug/` that holds its module's build files
    /// (`Fixture.build`).
    public var buildFiles: String

    public init(path: String, buildFiles: String) {
      self.path = path
      self.buildFiles = buildFiles
    }
  }

  /// The Swift files below `package`'s `Sources/` and `Tests/` that the last build in `scratch`
  /// did not compile since they were last written, in path order.
  public static func find(package: URL, scratch: URL) -> [Source] {
    let debug = scratch.appendingPathComponent("debug")
    let packagePath = package.resolvingSymlinksInPath().path + "/"
    // Each source's dependency file and its module's build folder, by path in the package.
    var outputs: [String: (dependencies: String, buildFiles: String)] = [:]
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: debug.path)) ?? []
    for folder in folders where folder.hasSuffix(".build") {
      for (source, files) in outputFileMap(debug.appendingPathComponent(folder)) {
        guard let dependencies = files["dependencies"] else { continue }
        let resolved = URL(fileURLWithPath: source).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(packagePath) else { continue }
        outputs[String(resolved.dropFirst(packagePath.count))] = (dependencies, folder)
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
        let compiled = modificationTime(output.dependencies)
        if let written, compiled ?? .min < written {
          uncompiled.append(Source(path: path, buildFiles: output.buildFiles))
        }
      }
    }
    return uncompiled.sorted { $0.path < $1.path }
  }

  /// Removes what the build folder keeps of the modules of `sources` — every output their
  /// output file maps name, and each module's record of its last build (`*.priors`) — so the
  /// next build compiles those modules from clean. The maps themselves stay: SwiftPM writes
  /// them only when it plans the build.
  public static func forget(_ sources: [Source], scratch: URL) {
    let manager = FileManager.default
    for folder in Set(sources.map(\.buildFiles)) {
      let files = scratch.appendingPathComponent("debug").appendingPathComponent(folder)
      for outputs in outputFileMap(files).values {
        for output in outputs.values { try? manager.removeItem(atPath: output) }
      }
      for name in (try? manager.contentsOfDirectory(atPath: files.path)) ?? []
      where name.hasSuffix(".priors") {
        try? manager.removeItem(at: files.appendingPathComponent(name))
      }
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
