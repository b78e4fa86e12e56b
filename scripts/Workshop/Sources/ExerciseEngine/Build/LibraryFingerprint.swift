import ExerciseModel
import Foundation

/// A fingerprint of the library under `Packages/`, to tell when a reused build folder must start
/// over.
///
/// SwiftPM's incremental builds do not always recompile a package's files when a package it
/// depends on changes: seen here, changing the body of an `@inlinable` function in
/// `Packages/Dependencies` left code inlined from the old body in a dependent package, and its
/// tests crashed. The tools therefore remember, in each build folder they reuse, the fingerprint
/// of the library it was built with, and empty the folder when the library has changed.
///
/// The fingerprint also covers ``buildRules``, the version of how the tools compile exercises.
/// Nor does the compiler's incremental mode notice every change of how an imported module is
/// compiled: seen here, when the learner's module began to be compiled with library evolution
/// (``ResilientModule``), a test module whose sources had not changed kept the objects compiled
/// against the old module, and its tests crashed at start.
struct LibraryFingerprint: Sendable, Equatable, CustomStringConvertible {
  var value: UInt64

  /// The version of how the tools compile an exercise's modules: raise it when a change makes
  /// modules built before it unfit to link with those built after (every build folder then
  /// starts over once). 2: the assembled packages compile the learner's module with library
  /// evolution.
  static let buildRules = 2

  /// The fingerprint of every `*.swift` file (manifests included) under `packages`, hidden
  /// folders (`.build` among them) left out, and of ``buildRules``.
  init(packages: URL) throws {
    let root = packages.standardizedFileURL.resolvingSymlinksInPath()
    guard let entries = DirectoryWalk.entries(below: root) else {
      throw WorkshopError("Cannot read the library folder \(packages.path).")
    }
    var files: [(path: String, url: URL)] = []
    for entry in entries {
      if entry.kind == .unreadable { throw WorkshopError("Cannot read \(entry.url.path).") }
      guard entry.kind == .regularFile, entry.url.pathExtension == "swift" else { continue }
      files.append(("/" + entry.path, entry.url))
    }
    var hash = FNV1a()
    hash.add(Data("build rules \(Self.buildRules)".utf8))
    for file in files.sorted(by: { $0.path < $1.path }) {
      hash.add(Data(file.path.utf8))
      hash.add(try Data(contentsOf: file.url))
    }
    value = hash.value
  }

  var description: String { String(value, radix: 16) }

  /// The name of the file a build folder keeps its fingerprint in.
  static let fileName = ".library-fingerprint"

  /// The fingerprint recorded in `buildFolder` by ``prepare(buildFolder:)``: the library its
  /// builds were made from; nil before any.
  static func recorded(in buildFolder: URL) -> String? {
    (try? String(contentsOf: buildFolder.appendingPathComponent(fileName), encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Makes `buildFolder` safe to reuse with this library: empties it when it was built with
  /// another one (or when nobody recorded which), then records this fingerprint. Returns
  /// whether the folder was emptied.
  @discardableResult
  func prepare(buildFolder: URL) throws -> Bool {
    let manager = FileManager.default
    let record = buildFolder.appendingPathComponent(Self.fileName)
    let recorded = (try? String(contentsOf: record, encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
    if recorded == description { return false }
    let existed = manager.fileExists(atPath: buildFolder.path)
    if existed { try manager.removeItem(at: buildFolder) }
    try manager.createDirectory(at: buildFolder, withIntermediateDirectories: true)
    try Data((description + "\n").utf8).write(to: record)
    return existed
  }
}
