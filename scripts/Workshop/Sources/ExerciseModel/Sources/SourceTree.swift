import Foundation

/// Files below a folder, by relative path, held in memory.
public struct SourceTree: Sendable, Equatable {
  public var files: [String: Data]

  public init(files: [String: Data] = [:]) {
    self.files = files
  }

  /// Reads every regular file below `directory` (hidden files skipped). Symbolic links are
  /// refused: a source tree is plain files.
  public static func read(_ directory: URL) throws -> SourceTree {
    var tree = SourceTree()
    let manager = FileManager.default
    guard manager.fileExists(atPath: directory.path) else { return tree }
    guard let entries = DirectoryWalk.entries(below: directory) else { return tree }
    for entry in entries {
      switch entry.kind {
      case .symbolicLink:
        throw WorkshopError(
          "\(entry.url.path) is a symbolic link; source trees hold plain files only.")
      case .unreadable:
        throw WorkshopError("\(entry.url.path) could not be read.")
      case .regularFile:
        tree.files[entry.path] = try Data(contentsOf: entry.url)
      case .directory, .other:
        continue
      }
    }
    return tree
  }

  /// Makes `directory` hold exactly these files: writes the ones that differ (so unchanged files
  /// keep their modification time and incremental builds stay fast) and removes the rest.
  ///
  /// `beforeChanging` runs once, before the first file is written or removed, and not at all
  /// when the folder already holds exactly these files.
  public func write(to directory: URL, beforeChanging: () -> Void = {}) throws {
    let manager = FileManager.default
    try manager.createDirectory(at: directory, withIntermediateDirectories: true)
    let existing = try SourceTree.read(directory)
    let changes =
      existing.files.keys.contains { files[$0] == nil }
      || files.contains { existing.files[$0.key] != $0.value }
    if changes { beforeChanging() }
    for path in existing.files.keys where files[path] == nil {
      try manager.removeItem(at: directory.appendingPathComponent(path))
    }
    for (path, data) in files where existing.files[path] != data {
      let url = directory.appendingPathComponent(path)
      try manager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
    }
    try removeEmptyDirectories(in: directory)
  }

  /// These files with `other`'s files added, replacing any of the same path.
  public func overlaid(with other: SourceTree) -> SourceTree {
    SourceTree(files: files.merging(other.files) { $1 })
  }

  /// The files below `prefix/`, re-rooted there.
  public func subtree(_ prefix: String) -> SourceTree {
    let start = prefix + "/"
    return SourceTree(
      files: Dictionary(
        uniqueKeysWithValues: files.compactMap { path, data in
          path.hasPrefix(start) ? (String(path.dropFirst(start.count)), data) : nil
        }))
  }

  /// These files moved below `prefix/`.
  public func prefixed(_ prefix: String) -> SourceTree {
    SourceTree(
      files: Dictionary(uniqueKeysWithValues: files.map { (prefix + "/" + $0.key, $0.value) }))
  }
}

private func removeEmptyDirectories(in directory: URL) throws {
  let manager = FileManager.default
  let entries = try manager.contentsOfDirectory(
    at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [])
  for entry in entries
  where (try? entry.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
    try removeEmptyDirectories(in: entry)
    if try manager.contentsOfDirectory(atPath: entry.path).isEmpty {
      try manager.removeItem(at: entry)
    }
  }
}
