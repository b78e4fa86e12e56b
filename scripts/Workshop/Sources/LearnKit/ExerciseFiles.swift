import ExerciseEngine
import ExerciseModel
import Foundation

/// The learner's Swift files of one exercise (`Package.swift`, `Sources/**`, `Tests/**`),
/// summarised in a fingerprint: watch mode compares fingerprints to notice a save, and a
/// recorded result counts only while the files still have the fingerprint it was made with.
///
/// Only `.swift` files count, and hidden ones do not, so an editor's swap and backup files
/// (`.Model.swift.swp`, `Model.swift~`) never trigger a run.
///
/// ```swift
/// let before = ExerciseFiles.read(layout.exercise("05-context-forcing"))
/// // … the learner saves a file …
/// if ExerciseFiles.read(folder).fingerprint != before.fingerprint { /* run again */ }
/// ```
public struct ExerciseFiles: Sendable, Equatable {
  /// A hash of every file's path and content, in hexadecimal.
  public var fingerprint: String
  /// The newest modification date among the files: when the last save happened.
  public var newest: Date?

  /// Reads the exercise folder's files now. A missing folder has an empty fingerprint.
  public static func read(_ folder: URL) -> ExerciseFiles {
    let manager = FileManager.default
    var files: [(path: String, url: URL)] = []
    let package = folder.appendingPathComponent("Package.swift")
    if manager.fileExists(atPath: package.path) { files.append(("Package.swift", package)) }
    for sub in ["Sources", "Tests"] {
      let entries = DirectoryWalk.entries(below: folder.appendingPathComponent(sub)) ?? []
      for entry in entries where entry.kind == .regularFile && entry.url.pathExtension == "swift" {
        files.append((sub + "/" + entry.path, entry.url))
      }
    }
    var hash = FNV1a()
    var newest: Date?
    for file in files.sorted(by: { $0.path < $1.path }) {
      hash.add(Data(file.path.utf8))
      hash.add((try? Data(contentsOf: file.url)) ?? Data())
      if let date = (try? manager.attributesOfItem(atPath: file.url.path))?[.modificationDate]
        as? Date, date > (newest ?? .distantPast)
      {
        newest = date
      }
    }
    return ExerciseFiles(
      fingerprint: files.isEmpty ? "" : String(hash.value, radix: 16), newest: newest)
  }
}
