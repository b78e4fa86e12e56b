import Foundation

/// Every entry below a folder: the one walk the tools make of a file tree.
///
/// Hidden entries (names starting with `.`) are left out, with everything below them; symbolic
/// links are reported as links and never followed; a directory is reported before what it
/// holds. The order is the file system's: callers that need an order sort.
///
/// ```swift
/// let sources = (DirectoryWalk.entries(below: folder) ?? [])
///   .filter { $0.kind == .regularFile && $0.url.pathExtension == "swift" }
/// ```
public enum DirectoryWalk {
  /// What an entry is, as the file system says without following links.
  public enum Kind: Sendable, Equatable {
    case directory, regularFile, symbolicLink
    /// A socket, a device, a pipe…
    case other
    /// Its kind could not be read.
    case unreadable
  }

  /// One entry below the walked folder.
  public struct Entry: Sendable, Equatable {
    public var url: URL
    /// The path relative to the walked folder, such as `Sub/File.swift`.
    public var path: String
    public var kind: Kind
    /// The size in bytes, for a regular file.
    public var fileSize: Int?
  }

  /// The entries below `folder`, or nil when it cannot be walked at all.
  public static func entries(below folder: URL) -> [Entry]? {
    let keys: [URLResourceKey] = [
      .isRegularFileKey, .isSymbolicLinkKey, .isDirectoryKey, .fileSizeKey,
    ]
    guard
      let enumerator = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
    else { return nil }
    let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
    var entries: [Entry] = []
    for case let url as URL in enumerator {
      var entry = Entry(url: url, path: relativePath(of: url, below: base), kind: .unreadable)
      if let values = try? url.resourceValues(forKeys: Set(keys)) {
        entry.kind =
          values.isSymbolicLink == true
          ? .symbolicLink
          : values.isDirectory == true
            ? .directory : values.isRegularFile == true ? .regularFile : .other
        entry.fileSize = entry.kind == .regularFile ? values.fileSize : nil
      }
      if entry.kind == .symbolicLink { enumerator.skipDescendants() }
      entries.append(entry)
    }
    return entries
  }

  /// The path of `url` below `base` (a resolved path). Only the folder holding the entry is
  /// resolved, never the entry itself, so a link keeps its own name (`/tmp` is `/private/tmp`
  /// on macOS).
  private static func relativePath(of url: URL, below base: String) -> String {
    let parent = url.deletingLastPathComponent().standardizedFileURL.resolvingSymlinksInPath()
    let path = parent.path + "/" + url.lastPathComponent
    guard path.hasPrefix(base + "/") else { return url.lastPathComponent }
    return String(path.dropFirst(base.count + 1))
  }
}
