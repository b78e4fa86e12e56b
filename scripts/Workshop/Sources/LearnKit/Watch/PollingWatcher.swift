import Dispatch
import Foundation
import Synchronization

/// A file-change source for systems without ``InotifyWatcher`` (macOS): it compares the
/// exercise's files (``ExerciseFiles/fingerprint``) ten times a second, on a timer of its own,
/// and posts one ``WatchEvent/fileChanged(path:)`` for each change it sees.
///
/// The session still waits on its events only; the polling stays in here.
///
/// ```swift
/// let files = PollingWatcher()
/// try files.watch(folder, posting: events)
/// ```
public final class PollingWatcher: FileChangeFeed {
  /// How often the files are compared, in seconds.
  public let interval: Double
  /// The timer, and the fingerprint it saw last.
  private let state = Mutex<(timer: (any DispatchSourceTimer)?, seen: String)>((nil, ""))

  public init(interval: Double = 0.1) {
    self.interval = interval
  }

  public func watch(_ folder: URL, posting events: WatchEventQueue) throws {
    let seen = ExerciseFiles.read(folder).fingerprint
    state.withLock { state in
      state.timer?.cancel()
      let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "learn.files"))
      timer.setEventHandler { [self] in
        let now = ExerciseFiles.read(folder).fingerprint
        let changed = self.state.withLock { state in
          defer { state.seen = now }
          return state.seen != now
        }
        if changed { events.post(.fileChanged(path: folder.path)) }
      }
      timer.schedule(deadline: .now() + interval, repeating: interval)
      state = (timer, seen)
      timer.resume()
    }
  }

  public func stop() {
    state.withLock { state in
      state.timer?.cancel()
      state.timer = nil
    }
  }
}
