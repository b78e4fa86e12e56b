import ExerciseModel

#if os(Linux)
  import Dispatch
  import Foundation
  import Glibc
  import Synchronization

  /// Linux's file-change source: the kernel's inotify tells watch mode the moment a file of the
  /// exercise is saved, with nothing polled.
  ///
  /// It watches the exercise's folder itself (for `Package.swift`, and for `Sources/` or
  /// `Tests/` made anew) and every folder below `Sources/` and `Tests/` (hidden ones left out,
  /// like ``ExerciseFiles``); a folder made there is watched as soon as it appears. A file
  /// written and closed, moved in or out, or deleted posts one
  /// ``WatchEvent/fileChanged(path:)``; opening or reading a file posts nothing.
  ///
  /// ```swift
  /// let files = InotifyWatcher()
  /// try files.watch(layout.exercise("05-context-forcing"), posting: events)
  /// ```
  public final class InotifyWatcher: FileChangeFeed {
    /// What is watched now: the inotify descriptor's reader, and each watch's folder.
    private struct Watching {
      var reader: (any DispatchSourceRead)?
      var folders: [Int32: String] = [:]
    }

    private let state = Mutex(Watching())

    /// The changes that post an event.
    private static let changes =
      UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
      | UInt32(IN_CREATE)

    public init() {}

    public func watch(_ folder: URL, posting events: WatchEventQueue) throws {
      stop()
      let descriptor = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
      guard descriptor >= 0 else {
        throw FileChangesUnavailable("inotify_init1 failed: " + Self.lastError())
      }
      let root = folder.standardizedFileURL.path
      var folders: [Int32: String] = [:]
      do {
        folders[try Self.add(root, to: descriptor)] = root
        for sub in ["Sources", "Tests"] {
          for path in Self.folders(below: root + "/" + sub) {
            folders[try Self.add(path, to: descriptor)] = path
          }
        }
      } catch {
        close(descriptor)
        throw error
      }
      state.withLock { state in
        let reader = DispatchSource.makeReadSource(
          fileDescriptor: descriptor, queue: DispatchQueue(label: "learn.inotify"))
        reader.setEventHandler { [self] in
          for path in readChanges(descriptor, root: root) {
            events.post(.fileChanged(path: path))
          }
        }
        reader.setCancelHandler { close(descriptor) }
        state = Watching(reader: reader, folders: folders)
        reader.resume()
      }
    }

    public func stop() {
      state.withLock { state in
        state.reader?.cancel()
        state = Watching()
      }
    }

    /// Reads the events waiting on `descriptor`; returns the paths that changed, and watches
    /// the folders made below `Sources/` and `Tests/` (and those folders themselves).
    private func readChanges(_ descriptor: Int32, root: String) -> [String] {
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      var paths: [String] = []
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return paths }
        var offset = 0
        // Each event: wd (Int32), mask, cookie, len (UInt32), then len bytes of name.
        while offset + 16 <= count {
          let (watch, mask, length) = buffer.withUnsafeBytes { raw in
            (
              raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
              raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
              Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            )
          }
          let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)]
          let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
          offset += 16 + length
          if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            paths.append(root)
            continue
          }
          guard mask & Self.changes != 0,
            let folder = state.withLock({ $0.folders[watch] })
          else { continue }
          let path = folder + "/" + name
          let isFolder = mask & UInt32(IN_ISDIR) != 0
          if folder == root {
            // In the exercise's folder itself, only these are the learner's files.
            guard ["Package.swift", "Sources", "Tests"].contains(name) else { continue }
          } else if mask & UInt32(IN_CREATE) != 0, !isFolder {
            // A new file: its IN_CLOSE_WRITE (or IN_MOVED_TO) follows.
            continue
          }
          if isFolder, mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0,
            !name.hasPrefix(".")
          {
            // Watched before the event is posted, so a file written in it afterwards is seen.
            for made in Self.folders(below: path) {
              if let added = try? Self.add(made, to: descriptor) {
                state.withLock { $0.folders[added] = made }
              }
            }
          }
          paths.append(path)
        }
      }
    }

    /// Adds a watch of `path` to `descriptor`; returns its watch descriptor.
    private static func add(_ path: String, to descriptor: Int32) throws -> Int32 {
      let watch = inotify_add_watch(descriptor, path, changes | UInt32(IN_ONLYDIR))
      guard watch >= 0 else {
        throw FileChangesUnavailable("inotify_add_watch failed for \(path): " + lastError())
      }
      return watch
    }

    /// `path` and every folder below it (hidden ones left out); none when it is no folder.
    private static func folders(below path: String) -> [String] {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
      else { return [] }
      let entries = DirectoryWalk.entries(below: URL(fileURLWithPath: path)) ?? []
      return [path] + entries.filter { $0.kind == .directory }.map { path + "/" + $0.path }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
  }
#endif
