import Dispatch
import ExerciseEngine
import Foundation
import Synchronization

/// What the grader shows while SwiftPM builds: the first build in a build folder compiles the
/// library and takes a minute or two, and no exercise finishes meanwhile.
///
/// On a terminal, one line kept up to date twice a second: which package is being built, how
/// far along (SwiftPM's steps) and about how long is left. Elsewhere (a log, CI), one line when
/// a build has run for a few seconds. The grader's own lines go through ``print(_:)``, which
/// clears the progress line first, so the two never mix.
///
/// ```swift
/// let progress = ColdBuildProgress(isTerminal: isatty(STDERR_FILENO) == 1) { line in
///   FileHandle.standardError.write(Data(line.utf8))
/// }
/// progress.start()
/// defer { progress.stop() }
/// progress.print("  learner-1  01-injected-values  10/10  (3.2 s)")
/// ```
final class ColdBuildProgress: Sendable {
  /// A build shows up once it has run this long: a warm rebuild never does.
  static let quietSeconds = 3.0

  private struct State {
    var timer: (any DispatchSourceTimer)?
    /// Stopped: a tick already under way shows nothing.
    var stopped = false
    /// The progress line on the terminal now, if any.
    var shown = false
    /// The builds already announced (not on a terminal), by log path.
    var announced: Set<String> = []
    /// The latest progress line of each build's log, by log path.
    var lines: [String: String] = [:]
    var tails: [String: BuildLogTail] = [:]
  }

  private let isTerminal: Bool
  private let write: @Sendable (String) -> Void
  /// The builds running now (``SwiftPMBuild/runningNow()``; a test gives its own).
  private let builds: @Sendable () -> [SwiftPMBuild.Running]
  private let state = Mutex(State())

  init(
    isTerminal: Bool,
    builds: @escaping @Sendable () -> [SwiftPMBuild.Running] = { SwiftPMBuild.runningNow() },
    write: @escaping @Sendable (String) -> Void
  ) {
    self.isTerminal = isTerminal
    self.builds = builds
    self.write = write
  }

  /// Starts watching the builds.
  func start() {
    state.withLock { state in
      let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "build progress"))
      timer.schedule(deadline: .now() + 0.5, repeating: 0.5)
      timer.setEventHandler { [self] in tick() }
      timer.resume()
      state.timer = timer
    }
  }

  /// Stops watching and clears the progress line.
  func stop() {
    state.withLock { state in
      state.timer?.cancel()
      state.timer = nil
      state.stopped = true
      clear(&state)
    }
  }

  /// Writes one of the grader's lines (without its newline), below no progress line.
  func print(_ line: String) {
    state.withLock { state in
      clear(&state)
      write(line + "\n")
    }
  }

  private func clear(_ state: inout State) {
    guard state.shown else { return }
    write("\r\u{1B}[K")
    state.shown = false
  }

  /// Shows the builds running at `now` (twice a second while started).
  func tick(now: Date = Date()) {
    let builds = builds().filter { now.timeIntervalSince($0.started) >= Self.quietSeconds }
    state.withLock { state in
      guard !state.stopped else { return }
      guard let oldest = builds.first else {
        clear(&state)
        return
      }
      let name = oldest.package.lastPathComponent
      let others = builds.count > 1 ? " (and \(builds.count - 1) more)" : ""
      guard isTerminal else {
        for build in builds where state.announced.insert(build.log.path).inserted {
          write(
            "  building \(build.package.lastPathComponent) with SwiftPM (a first build "
              + "compiles the library: a minute or two)…\n")
        }
        return
      }
      let key = oldest.log.path
      let tail = state.tails[key] ?? BuildLogTail(log: oldest.log)
      state.tails[key] = tail
      if let line = tail.newProgressLine() { state.lines[key] = line }
      let seconds = now.timeIntervalSince(oldest.started)
      let progress =
        state.lines[key].map { BuildProgressText.describe($0, seconds: seconds) }
        ?? "starting"
      let text = "  building \(name)\(others) with SwiftPM: \(progress)"
      write("\r\u{1B}[K" + String(text.prefix(BuildProgressText.lineWidth)))
      state.shown = true
    }
  }
}
