import Foundation

/// Watch mode: the learner's loop, with no keyboard needed between a save and the result.
///
/// It picks the current exercise (the first, in catalogue order, whose visible tests do not all
/// pass), checks it, and shows the focused result; then it takes ``WatchEvent``s from one
/// ``WatchEventQueue``, one at a time, until the learner quits. A save (a file event whose
/// files' content changed since the last run) checks again; keys: `h` the next hint, `l` the
/// list of exercises, `n` the next exercise (once this one passes), `r` or Enter run again,
/// `q` quit. Events that come in a burst for one save run once: those already queued are taken
/// together before the files are compared.
///
/// In manual mode (`files` nil, or a source that cannot watch) file events are ignored and
/// Enter runs, for file systems whose change events are unreliable.
///
/// Everything it shows goes through `draw` (the whole screen each time), and `onEvent` reports
/// what happened, so a test can wait for "run 2 finished" instead of sleeping.
///
/// ```swift
/// let events = WatchEventQueue()
/// keys.enable(posting: events)
/// let session = WatchSession(
///   workspace: workspace, events: events, files: systemFileChangeSource(), style: style
/// ) { screen in
///   print("\u{1B}[H\u{1B}[2J" + screen)
/// }
/// try session.run()
/// ```
public final class WatchSession {
  /// What watch mode did, for whoever watches it (a test).
  public enum Event: Sendable {
    /// A check of `exercise` started: the `run`th of the session.
    case runStarted(run: Int, exercise: String)
    /// The `run`th check finished and its screen was drawn. `afterSave` is the time from the
    /// save that caused it to the result on screen, when a save caused it.
    case runFinished(run: Int, report: ExerciseReport, screen: String, afterSave: Double?)
    /// Every exercise present passes: there is nothing to check.
    case allPass(screen: String)
    /// The screen was drawn (after a run, a key, build progress).
    case redrawn(screen: String)
    /// The session ended.
    case ended
  }

  let workspace: LearnerWorkspace
  let events: WatchEventQueue
  /// Where file events come from; nil in manual mode.
  let files: (any FileChangeFeed)?
  let draw: (String) -> Void
  let onEvent: (Event) -> Void

  private var screen: WatchScreen
  /// The exercise whose folder `files` watches.
  private var watched: String?
  /// Events taken from the queue while a build ran or a burst was drained, to handle next.
  private var pending: [WatchEvent] = []
  private var quitting = false

  /// - Parameters:
  ///   - events: the one stream the session runs on; the sources post into it.
  ///   - files: the source of file events (it is told which exercise to watch), or nil for
  ///     manual mode (runs on Enter only).
  public init(
    workspace: LearnerWorkspace, events: WatchEventQueue,
    files: (any FileChangeFeed)? = systemFileChangeSource(), style: Style,
    onEvent: @escaping (Event) -> Void = { _ in }, draw: @escaping (String) -> Void
  ) {
    self.workspace = workspace
    self.events = events
    self.files = files
    self.onEvent = onEvent
    self.draw = draw
    screen = WatchScreen(workspace: workspace, style: style, manual: files == nil)
  }

  /// Runs until the learner quits, input ends, or ``WatchEvent/terminated`` comes.
  public func run() throws {
    defer {
      files?.stop()
      onEvent(.ended)
    }
    screen.footer = "Looking for the first exercise that does not pass yet…"
    redraw()
    do {
      screen.exercise = try workspace.current(
        progress: { [unowned self] id, progress in self.showProgress(id, progress) },
        shouldStop: { [unowned self] in self.shouldStop() })
    } catch is LearnerCheck.Cancelled {
      return
    }
    var savedAt: Date?
    while !quitting {
      guard let id = screen.exercise else {
        try waitWhenAllPass()
        continue
      }
      watch(id)
      let before = ExerciseFiles.read(workspace.layout.exercise(id))
      screen.runs += 1
      onEvent(.runStarted(run: screen.runs, exercise: id))
      do {
        screen.report = try workspace.check(
          id, progress: { [unowned self] in self.showProgress(id, $0) },
          shouldStop: { [unowned self] in self.shouldStop() })
        screen.extra = []
      } catch is LearnerCheck.Cancelled {
        return
      } catch {
        screen.report = nil
        screen.extra = [screen.style.red("✘") + " \(error)"]
      }
      let afterSave = savedAt.map { Date().timeIntervalSince($0) }
      screen.lastAfterSave = afterSave
      screen.footer = screen.runFooter(afterSave: afterSave)
      let text = redraw()
      if let report = screen.report {
        onEvent(
          .runFinished(run: screen.runs, report: report, screen: text, afterSave: afterSave))
      }
      savedAt = try waitForRun(of: id, since: before)
    }
  }

  // MARK: Events

  /// The next event: one taken earlier first, then the queue's (waiting for it).
  private func nextEvent() -> WatchEvent {
    pending.isEmpty ? events.next() : pending.removeFirst()
  }

  /// Makes the file source watch `id`'s folder, when it watches another; a source that cannot
  /// watch turns the session to manual mode, and the screen says why.
  private func watch(_ id: String) {
    guard let files, !screen.manual, watched != id else { return }
    do {
      try files.watch(workspace.layout.exercise(id), posting: events)
      watched = id
    } catch {
      screen.manual = true
      screen.notice = "Saves are not watched here (\(error)): press Enter after each save."
    }
  }

  /// Handles events until the files of `id` differ from `before` (returns when they were
  /// saved) or the learner asks for another run (returns nil).
  private func waitForRun(of id: String, since before: ExerciseFiles) throws -> Date? {
    let folder = workspace.layout.exercise(id)
    while !quitting {
      switch nextEvent() {
      case .fileChanged:
        guard !screen.manual else { continue }
        // One save may bring several events: take those already here together.
        while let event = events.poll() {
          if case .fileChanged = event { continue }
          pending.append(event)
        }
        let now = ExerciseFiles.read(folder)
        guard now.fingerprint != before.fingerprint else { continue }
        screen.footer = "Saved: checking \(id)…"
        redraw()
        return now.newest ?? Date()
      case .runRequested:
        if try handle("r", in: id) { return nil }
      case .key(let key):
        if try handle(key, in: id) { return nil }
      case .inputEnded, .terminated:
        quitting = true
      }
    }
    return nil
  }

  /// Every present exercise passes: shows so, and waits for `r` (check again), `l` or `q`.
  private func waitWhenAllPass() throws {
    let count = workspace.presentIDs().count
    screen.extra = [
      screen.style.green("✔") + " The visible tests of all \(count) exercises pass. "
        + workspace.whenAllPass
    ]
    screen.footer = screen.keyLine(passes: true)
    onEvent(.allPass(screen: redraw()))
    while !quitting {
      switch nextEvent() {
      case .key("q"), .key("\u{03}"), .key("\u{04}"), .inputEnded, .terminated: quitting = true
      case .key("l"):
        screen.toggleList()
        redraw()
      case .key("r"), .runRequested:
        screen.exercise = try workspace.current(
          progress: { [unowned self] id, progress in self.showProgress(id, progress) },
          shouldStop: { [unowned self] in self.shouldStop() })
        if screen.exercise != nil { return }
      case .key, .fileChanged: continue
      }
    }
  }

  /// Acts on one key. Returns true when the exercise must be checked (again).
  private func handle(_ key: Character, in id: String) throws -> Bool {
    let style = screen.style
    switch key {
    case "q", "\u{03}", "\u{04}":
      quitting = true
      return false
    case "r":
      screen.footer = "Checking \(id) again…"
      redraw()
      return true
    case "h":
      let hint = try workspace.nextHint(id, step: screen.report?.focus?.step)
      screen.extra = [
        style.yellow("Hint \(hint.number) of \(hint.total)")
          + (hint.step.map { " for Step \($0)" } ?? "")
          + (hint.wasAlreadySeen ? style.dim(" (that was the last one)") : "") + ":",
        "  " + hint.text,
      ]
    case "l":
      screen.toggleList()
      redraw()
      return false
    case "n":
      guard screen.report?.passes == true else {
        screen.extra = [
          style.yellow("n") + " moves on once every visible test of \(id) passes; "
            + (screen.report?.statusText ?? "it has not been checked yet") + "."
        ]
        break
      }
      screen.exercise = try workspace.next(
        after: id, progress: { [unowned self] id, progress in self.showProgress(id, progress) },
        shouldStop: { [unowned self] in self.shouldStop() })
      screen.report = nil
      screen.extra = []
      return true
    default:
      return false
    }
    screen.footer = screen.runFooter(afterSave: screen.lastAfterSave)
    redraw()
    return false
  }

  /// Called while a build runs: a `q` (or the end) stops it; other events wait for the end of
  /// the run.
  private func shouldStop() -> Bool {
    if quitting { return true }
    while let event = events.poll() {
      switch event {
      case .key("q"), .key("\u{03}"), .key("\u{04}"), .inputEnded, .terminated:
        quitting = true
        return true
      default:
        pending.append(event)
      }
    }
    return false
  }

  // MARK: Drawing

  private func showProgress(_ id: String, _ progress: LearnerCheck.Progress) {
    screen.showProgress(id, progress)
    redraw()
  }

  /// Draws the whole screen, and reports it as ``Event/redrawn(screen:)``; returns it.
  @discardableResult
  private func redraw() -> String {
    let text = screen.text()
    draw(text)
    onEvent(.redrawn(screen: text))
    return text
  }
}
