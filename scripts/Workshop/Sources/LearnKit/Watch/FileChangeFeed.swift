import Foundation

/// Watch mode's file-change source: it tells the session (with ``WatchEvent/fileChanged(path:)``
/// events) that something in the exercise's folder may have changed.
///
/// It only has to say "look again": the session compares the files' content
/// (``ExerciseFiles/fingerprint``) before it runs anything, so a spurious event costs one read
/// of the files and nothing more. ``systemFileChangeSource()`` is the one for this system:
/// ``InotifyWatcher`` on Linux, ``PollingWatcher`` elsewhere.
///
/// ```swift
/// let files = systemFileChangeSource()
/// try files.watch(layout.exercise("05-context-forcing"), posting: events)
/// defer { files.stop() }
/// ```
public protocol FileChangeFeed: Sendable {
  /// Watches `folder` from now on (its `Package.swift`, and `Sources/` and `Tests/` with
  /// everything below them), instead of what it watched before, posting to `events`.
  ///
  /// Throws a ``FileChangesUnavailable`` when the system cannot watch it (no inotify, too many
  /// watches); watch mode then runs when the learner presses Enter.
  func watch(_ folder: URL, posting events: WatchEventQueue) throws
  /// Stops watching (any number of times).
  func stop()
}

/// The system cannot report changes to the exercise's files; the description says why, in one
/// line.
public struct FileChangesUnavailable: Error, CustomStringConvertible, Equatable {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}

/// The file-change source of this system: ``InotifyWatcher`` on Linux; elsewhere (macOS) a
/// ``PollingWatcher``, which compares the files ten times a second.
public func systemFileChangeSource() -> any FileChangeFeed {
  #if os(Linux)
    InotifyWatcher()
  #else
    PollingWatcher()
  #endif
}
