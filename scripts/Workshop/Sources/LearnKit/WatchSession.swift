import Foundation
import WorkshopCore

/// Watch mode: the learner's loop, with no keyboard needed between a save and the result.
///
/// It picks the current exercise (the first, in catalogue order, whose visible tests do not all
/// pass), checks it, and shows the focused result; then it watches the exercise's files and
/// checks again as soon as one is saved, until the learner quits. Keys: `h` the next hint, `l`
/// the list of exercises, `n` the next exercise (once this one passes), `r` run again, `q` quit.
///
/// Everything it shows goes through `draw` (the whole screen each time), and `onEvent` reports
/// what happened, so a test can wait for "run 2 finished" instead of sleeping.
///
/// ```swift
/// let session = WatchSession(workspace: workspace, keys: keys, style: style) { screen in
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
  let keys: any KeyInput
  let style: Style
  let draw: (String) -> Void
  let onEvent: (Event) -> Void
  let stop: StopFlag
  /// How often the files are compared while waiting, in seconds.
  let pollInterval: Double

  private var exercise: String?
  private var report: ExerciseReport?
  private var runs = 0
  /// Lines shown under the result until the next run: a hint, the list, a note.
  private var extra: [String] = []
  private var footer = ""
  /// How long the last result took after its save, for the footer.
  private var lastAfterSave: Double?
  private var pendingKeys: [Character] = []
  private var quitting = false

  public init(
    workspace: LearnerWorkspace, keys: any KeyInput, style: Style, stop: StopFlag = StopFlag(),
    pollInterval: Double = 0.1, onEvent: @escaping (Event) -> Void = { _ in },
    draw: @escaping (String) -> Void
  ) {
    self.workspace = workspace
    self.keys = keys
    self.style = style
    self.stop = stop
    self.pollInterval = pollInterval
    self.onEvent = onEvent
    self.draw = draw
  }

  /// Runs until the learner quits (or ``StopFlag/raise()``).
  public func run() throws {
    defer { onEvent(.ended) }
    footer = "Looking for the first exercise that does not pass yet…"
    redraw()
    do {
      exercise = try workspace.current(
        progress: { [unowned self] id, progress in self.showProgress(id, progress) },
        shouldStop: { [unowned self] in self.shouldStop() })
    } catch is ExerciseChecker.Cancelled {
      return
    }
    var savedAt: Date?
    while !quitting, !stop.isRaised {
      guard let id = exercise else {
        try waitWhenAllPass()
        continue
      }
      let before = ExerciseFiles.read(workspace.layout.exercise(id))
      runs += 1
      onEvent(.runStarted(run: runs, exercise: id))
      do {
        report = try workspace.check(
          id, progress: { [unowned self] in self.showProgress(id, $0) },
          shouldStop: { [unowned self] in self.shouldStop() })
        extra = []
      } catch is ExerciseChecker.Cancelled {
        return
      } catch {
        report = nil
        extra = [style.red("✘") + " \(error)"]
      }
      let afterSave = savedAt.map { Date().timeIntervalSince($0) }
      lastAfterSave = afterSave
      footer = runFooter(afterSave: afterSave)
      let screen = redraw()
      if let report {
        onEvent(.runFinished(run: runs, report: report, screen: screen, afterSave: afterSave))
      }
      savedAt = try waitForChange(of: id, since: before)
    }
  }

  // MARK: Waiting

  /// Handles keys until a file of `id` changes (returns when it was saved) or the learner asks
  /// for another run (returns nil).
  private func waitForChange(of id: String, since before: ExerciseFiles) throws -> Date? {
    let folder = workspace.layout.exercise(id)
    while !quitting, !stop.isRaised {
      let key =
        pendingKeys.isEmpty ? keys.nextKey(timeout: pollInterval) : pendingKeys.removeFirst()
      if let key, try handle(key, in: id) { return nil }
      let now = ExerciseFiles.read(folder)
      if now.fingerprint != before.fingerprint {
        // An editor may write a file in more than one go: wait until two reads agree.
        var settled = now
        for _ in 0..<5 {
          if let key = keys.nextKey(timeout: 0.03) { pendingKeys.append(key) }
          let again = ExerciseFiles.read(folder)
          if again == settled { break }
          settled = again
        }
        footer = "Saved: checking \(id)…"
        redraw()
        return settled.newest ?? Date()
      }
    }
    return nil
  }

  /// Every present exercise passes: shows so, and waits for `r` (check again), `l` or `q`.
  private func waitWhenAllPass() throws {
    let count = workspace.presentIDs().count
    extra = [
      style.green("✔") + " The visible tests of all \(count) exercises pass. Run scripts/grade "
        + "to see your grade, hidden tests included."
    ]
    footer = keyLine(passes: true)
    onEvent(.allPass(screen: redraw()))
    while !quitting, !stop.isRaised {
      guard let key = keys.nextKey(timeout: pollInterval) else { continue }
      switch key {
      case "q", "\u{03}", "\u{04}": quitting = true
      case "l": toggleList()
      case "r":
        exercise = try workspace.current(
          progress: { [unowned self] id, progress in self.showProgress(id, progress) },
          shouldStop: { [unowned self] in self.shouldStop() })
        if exercise != nil { return }
      default: continue
      }
    }
  }

  /// Acts on one key. Returns true when the exercise must be checked (again).
  private func handle(_ key: Character, in id: String) throws -> Bool {
    switch key {
    case "q", "\u{03}", "\u{04}":
      quitting = true
      return false
    case "r":
      footer = "Checking \(id) again…"
      redraw()
      return true
    case "h":
      let hint = try workspace.nextHint(id)
      extra = [
        style.yellow("Hint \(hint.number) of \(hint.total)")
          + (hint.wasAlreadySeen ? style.dim(" (that was the last one)") : "") + ":",
        "  " + hint.text,
      ]
    case "l":
      toggleList()
      return false
    case "n":
      guard report?.passes == true else {
        extra = [
          style.yellow("n") + " moves on once every visible test of \(id) passes; "
            + (report?.statusText ?? "it has not been checked yet") + "."
        ]
        break
      }
      exercise = try workspace.next(
        after: id, progress: { [unowned self] id, progress in self.showProgress(id, progress) },
        shouldStop: { [unowned self] in self.shouldStop() })
      report = nil
      extra = []
      return true
    default:
      return false
    }
    footer = runFooter(afterSave: lastAfterSave)
    redraw()
    return false
  }

  private func toggleList() {
    let showing = extra.first == style.bold("Exercises, in learning order")
    extra =
      showing
      ? []
      : LearnerScreen.list(
        workspace: workspace, current: exercise,
        grades: LastGrade.read(root: workspace.layout.root), style: style)
    redraw()
  }

  /// Called while a build runs: a `q` stops it; other keys wait for the end of the run.
  private func shouldStop() -> Bool {
    if stop.isRaised || quitting { return true }
    while let key = keys.nextKey(timeout: 0) {
      if key == "q" || key == "\u{03}" || key == "\u{04}" {
        quitting = true
        return true
      }
      pendingKeys.append(key)
    }
    return false
  }

  // MARK: Drawing

  private func showProgress(_ id: String, _ progress: ExerciseChecker.Progress) {
    switch progress {
    case .building(let first, let detail):
      footer =
        (first
          ? "Building \(id) for the first time (the library is compiled once for every "
            + "exercise: a minute or two)…"
          : "Building \(id)…")
        + (detail.map { "\n  " + style.dim($0) } ?? "")
    case .testing:
      footer = "Running the tests of \(id)…"
    }
    redraw()
  }

  private func runFooter(afterSave: Double?) -> String {
    guard let report else { return keyLine(passes: false) }
    var timing = "Run \(runs)"
    if let afterSave { timing += " · result \(seconds(afterSave)) after your save" }
    timing +=
      " (build \(seconds(report.buildSeconds)), tests \(seconds(report.testSeconds)))"
      + " · watching Exercises/\(report.id)/ for saves"
    return style.dim(timing) + "\n" + keyLine(passes: report.passes)
  }

  private func keyLine(passes: Bool) -> String {
    let seen = exercise.map { workspace.hintsSeen($0) } ?? 0
    let total = exercise.flatMap { try? workspace.layout.manifest($0).hints.count } ?? 0
    var keys = ["h hint (\(seen) of \(total) seen)", "l list", "r run again"]
    if passes { keys.append(style.bold("n next exercise")) }
    keys.append("q quit")
    return keys.joined(separator: " · ")
  }

  /// Draws the whole screen, and reports it as ``Event/redrawn(screen:)``; returns it.
  @discardableResult
  private func redraw() -> String {
    var lines: [String] = []
    if let report {
      lines += LearnerScreen.focused(
        report,
        course: CourseProgress(
          workspace: workspace, current: report.id, currentPasses: report.passes),
        style: style)
      if report.passes {
        lines.append(nextOffer(after: report.id))
      }
    } else if let exercise {
      lines.append(style.bold(exercise))
    } else {
      lines.append(style.bold("scripts/learn"))
    }
    if !extra.isEmpty { lines += [""] + extra }
    lines += ["", footer]
    let screen = lines.joined(separator: "\n")
    draw(screen)
    onEvent(.redrawn(screen: screen))
    return screen
  }

  /// "Press n for the next exercise: …", without checking anything.
  private func nextOffer(after id: String) -> String {
    let ids = workspace.presentIDs()
    let index = ids.firstIndex(of: id) ?? -1
    let candidates = Array(ids[(index + 1)...]) + Array(ids[..<max(index, 0)])
    guard let next = candidates.first(where: { !workspace.status(of: $0).passes }) else {
      return "  Every exercise's visible tests pass. Run scripts/grade to see your grade, "
        + "hidden tests included."
    }
    let title = (try? workspace.layout.manifest(next).title) ?? ""
    return "  Grading adds hidden tests (scripts/grade). Press " + style.bold("n")
      + " for the next exercise: \(next) · \(title)."
  }

  private func seconds(_ value: Double) -> String { String(format: "%.1f s", value) }
}
