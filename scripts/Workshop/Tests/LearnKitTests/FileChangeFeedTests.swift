import Foundation
import Testing

@testable import LearnKit

/// The file-change sources against a real temporary folder. Each waits for the events it
/// expects, for a bounded time; none sleeps.
@Suite struct FileChangeFeedTests {
  /// A temporary exercise folder with `Sources/M/` and `Tests/`.
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("watch-\(UUID().uuidString)")
    for sub in ["Sources/M", "Tests"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    return folder
  }

  /// The paths of the events posted until one for a path ending in `last` (included).
  static func paths(until last: String, from events: WatchEventQueue) async throws -> [String] {
    try await offThread {
      var paths: [String] = []
      while true {
        guard let event = events.next(within: 30) else {
          throw TimedOut(description: "no event for \(last) within 30 s (saw \(paths))")
        }
        guard case .fileChanged(let path) = event else { continue }
        paths.append(path)
        if path.hasSuffix(last) { return paths }
      }
    }
  }

  #if os(Linux)
    /// Writing a file posts exactly one event: the file written next brings the event after it.
    @Test func inotifyPostsOneEventForAWrittenFile() async throws {
      let folder = try Self.folder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let events = WatchEventQueue()
      let files = InotifyWatcher()
      try files.watch(folder, posting: events)
      defer { files.stop() }
      try Data("let a = 1\n".utf8).write(to: folder.appendingPathComponent("Sources/M/A.swift"))
      try Data("let b = 1\n".utf8).write(to: folder.appendingPathComponent("Tests/B.swift"))
      let paths = try await Self.paths(until: "Tests/B.swift", from: events)
      #expect(paths.map { URL(fileURLWithPath: $0).lastPathComponent } == ["A.swift", "B.swift"])
    }

    /// A folder made below `Sources/` is watched from its own event on; files beside the
    /// learner's in the exercise's folder (the lesson) post nothing.
    @Test func inotifyWatchesNewFoldersAndOnlyTheLearnersFiles() async throws {
      let folder = try Self.folder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let events = WatchEventQueue()
      let files = InotifyWatcher()
      try files.watch(folder, posting: events)
      defer { files.stop() }
      try Data("# Lesson\n".utf8).write(to: folder.appendingPathComponent("README.md"))
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("Sources/N"), withIntermediateDirectories: false)
      #expect(try await Self.paths(until: "Sources/N", from: events).count == 1)
      try Data("let c = 1\n".utf8).write(to: folder.appendingPathComponent("Sources/N/C.swift"))
      #expect(try await Self.paths(until: "Sources/N/C.swift", from: events).count == 1)
      try Data("// swift-tools-version: 6.1\n".utf8).write(
        to: folder.appendingPathComponent("Package.swift"))
      #expect(try await Self.paths(until: "Package.swift", from: events).count == 1)
    }

    /// A folder that cannot be watched is an error saying why, not a crash.
    @Test func inotifyCannotWatchAMissingFolder() throws {
      let files = InotifyWatcher()
      let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
        "watch-missing-\(UUID().uuidString)")
      #expect(throws: FileChangesUnavailable.self) {
        try files.watch(missing, posting: WatchEventQueue())
      }
    }
  #endif

  /// The polling source (macOS) posts one event for a change of content.
  @Test func pollingPostsAnEventForAChangedFile() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let events = WatchEventQueue()
    let files = PollingWatcher(interval: 0.01)
    try files.watch(folder, posting: events)
    defer { files.stop() }
    try Data("let a = 1\n".utf8).write(to: folder.appendingPathComponent("Sources/M/A.swift"))
    #expect(try await Self.paths(until: folder.path, from: events) == [folder.path])
  }
}
