/// One thing that happened to watch mode: a save, a key, a request to run, the end.
///
/// Every source posts these into one ``WatchEventQueue``: the terminal (``TerminalKeys``), the
/// exercise's files (a ``FileChangeFeed``: ``InotifyWatcher`` on Linux), and the signals that
/// stop the tool. ``WatchSession`` takes them one at a time, in the order they came.
///
/// ```swift
/// let events = WatchEventQueue()
/// events.post(.key("h"))  // the learner asks for a hint
/// events.post(.runRequested)  // … then presses Enter
/// ```
public enum WatchEvent: Sendable, Equatable {
  /// Something changed at `path` in the watched exercise's folder. Whether the learner's files
  /// changed is decided by their content (``ExerciseFiles/fingerprint``), so an event that
  /// changes no content runs nothing.
  case fileChanged(path: String)
  /// The learner pressed a key (Enter and the end of input have their own events).
  case key(Character)
  /// The learner asked for a run: Enter, the only way to run again in manual mode.
  case runRequested
  /// Standard input ended (Ctrl-D, or the terminal went away).
  case inputEnded
  /// The tool was asked to stop (a signal such as Ctrl-C).
  case terminated
}
