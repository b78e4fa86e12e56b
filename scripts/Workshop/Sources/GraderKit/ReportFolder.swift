import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts report files into the output folder the safe way: every file is first written into a
/// fresh folder of the grader's own, next to the output folder, then moved into place with one
/// `rename` each, so nobody sees a half-written report and no file is written through a symbolic
/// link someone left in the output folder.
///
/// A path in the way (a folder where a report file goes, a file or a symbolic link where a
/// learner's folder goes) costs only that report: it is listed as a ``Problem`` saying what to
/// do, and every other report is still written.
public struct ReportFolder: Sendable {
  /// The output folder.
  public var url: URL

  public init(_ url: URL) {
    self.url = url.standardizedFileURL
  }

  /// A report that could not be put in place, and what to do about it.
  public struct Problem: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "could not write \(path): \(reason)" }
  }

  /// What ``write(_:)`` did.
  public struct Outcome: Sendable {
    /// The files now in place.
    public var written: [URL] = []
    public var problems: [Problem] = []
  }

  /// Writes `files` (contents by path relative to the output folder).
  ///
  /// - Throws: only when nothing can be written at all (the staging folder cannot be made).
  public func write(_ files: [(path: String, contents: Data)]) throws -> Outcome {
    var outcome = Outcome()
    let manager = FileManager.default
    if let problem = folderProblem(url, shown: url.path) {
      outcome.problems = files.map {
        Problem(path: url.appendingPathComponent($0.path).path, reason: problem)
      }
      return outcome
    }
    try manager.createDirectory(at: url, withIntermediateDirectories: true)
    let staging = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).incoming-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
    )
    try manager.createDirectory(at: staging, withIntermediateDirectories: false)
    defer { try? manager.removeItem(at: staging) }
    for file in files {
      let staged = staging.appendingPathComponent(file.path)
      try manager.createDirectory(
        at: staged.deletingLastPathComponent(), withIntermediateDirectories: true)
      try file.contents.write(to: staged)
    }
    for file in files {
      let destination = url.appendingPathComponent(file.path)
      if let problem = place(staging.appendingPathComponent(file.path), at: destination) {
        outcome.problems.append(Problem(path: destination.path, reason: problem))
      } else {
        outcome.written.append(destination)
      }
    }
    return outcome
  }

  /// Moves `staged` to `destination`; nil when done, else why not and what to do.
  private func place(_ staged: URL, at destination: URL) -> String? {
    // Every folder between the output folder and the file must be a real folder.
    var folder = url
    let relative = destination.path.dropFirst(url.path.count + 1).split(separator: "/").dropLast()
    for part in relative {
      folder = folder.appendingPathComponent(String(part))
      if let problem = folderProblem(folder, shown: folder.path) { return problem }
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      } catch  where folderProblem(folder, shown: folder.path) == nil {
        // It exists already: fine.
      } catch {
        return "the folder \(folder.path) cannot be made (\(error.localizedDescription))."
      }
    }
    if let type = fileType(destination), type == .typeDirectory {
      return "a folder is in the way. Remove it (rm -r '\(destination.path)') or choose "
        + "another output folder with --output."
    }
    if rename(staged.path, destination.path) != 0 {
      return "\(String(cString: strerror(errno))). Check the folder's permissions, or choose "
        + "another output folder with --output."
    }
    return nil
  }

  /// Why `folder` cannot hold reports (something other than a folder is there), or nil.
  private func folderProblem(_ folder: URL, shown: String) -> String? {
    guard let type = fileType(folder) else { return nil }
    if type == .typeDirectory { return nil }
    let what = type == .typeSymbolicLink ? "a symbolic link" : "a file"
    return "\(shown) is \(what), where a folder of reports goes. Remove it (rm '\(shown)') or "
      + "choose another output folder with --output."
  }

  private func fileType(_ url: URL) -> FileAttributeType? {
    (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
  }
}
