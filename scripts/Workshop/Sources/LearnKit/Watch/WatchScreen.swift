import ExerciseEngine
import Foundation

/// What watch mode shows, and the text of it: the focused result of the last run, the lines
/// under it (a hint, the list, a note), and the footer (build progress, the run's timing, the
/// keys).
///
/// ``WatchSession`` changes it as events come and draws ``text()`` whole each time.
///
/// ```swift
/// var screen = WatchScreen(workspace: workspace, style: style, manual: false)
/// screen.footer = "Looking for the first exercise that does not pass yet…"
/// print(screen.text())
/// ```
struct WatchScreen {
  let workspace: LearnerWorkspace
  let style: Style
  /// Manual mode: runs come from Enter, not from saves, and the footer says so.
  var manual: Bool
  /// Why saves are not watched, when the system cannot watch them: one line above the footer.
  var notice: String?
  /// The exercise being checked; nil when every present exercise passes.
  var exercise: String?
  /// The last run's result.
  var report: ExerciseReport?
  /// How many runs the session made.
  var runs = 0
  /// Lines shown under the result until the next run: a hint, the list, a note.
  var extra: [String] = []
  var footer = ""
  /// How long the last result took after its save, for the footer.
  var lastAfterSave: Double?

  /// The whole screen.
  func text() -> String {
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
    if let notice { lines += ["", style.yellow("!") + " " + notice] }
    lines += ["", footer]
    return lines.joined(separator: "\n")
  }

  /// The footer while `id` builds or runs its tests.
  mutating func showProgress(_ id: String, _ progress: LearnerCheck.Progress) {
    switch progress {
    case .building(let first, let detail):
      let started = buildStarted ?? Date()
      buildStarted = started
      let seconds = Date().timeIntervalSince(started)
      footer =
        (first
          ? "Building \(id) for the first time (the library is compiled once for every "
            + "exercise: a minute or two)…"
          : "Building \(id)…")
        + (detail.map { "\n  " + style.dim(BuildProgressText.describe($0, seconds: seconds)) } ?? "")
    case .testing:
      buildStarted = nil
      footer = "Running the tests of \(id)…"
    }
  }

  /// When the build shown in the footer started, for its estimate of the time left.
  var buildStarted: Date? = nil

  /// Shows the list of exercises under the result, or hides it when it is shown.
  mutating func toggleList() {
    let showing = extra.first == style.bold("Exercises, in learning order")
    extra =
      showing
      ? []
      : LearnerScreen.list(
        workspace: workspace, current: exercise,
        grades: LastGrade.read(root: workspace.layout.root), style: style)
  }

  /// The footer after a run: its timing, then the keys.
  func runFooter(afterSave: Double?) -> String {
    guard let report else { return keyLine(passes: false) }
    var timing = "Run \(runs)"
    if let afterSave { timing += " · result \(seconds(afterSave)) after your save" }
    timing +=
      " (build \(seconds(report.buildSeconds)), tests \(seconds(report.testSeconds)))"
      + (manual
        ? " · press Enter to check Exercises/\(report.id)/ again"
        : " · watching Exercises/\(report.id)/ for saves")
    return style.dim(timing) + "\n" + keyLine(passes: report.passes)
  }

  /// The keys: `h hint (1 of 3 seen) · l list · r run again · q quit`.
  func keyLine(passes: Bool) -> String {
    // The ladder of the step on screen, as `h` gives it.
    let step = report?.focus?.step
    let ladder = exercise.flatMap { try? workspace.ladder($0, step: step) }
    let seen = exercise.map { workspace.hintsSeen($0, step: ladder?.step) } ?? 0
    let total = ladder?.hints.count ?? 0
    var keys = [
      "h hint (\(seen) of \(total) seen)", "l list",
      manual ? "Enter or r run again" : "r run again",
    ]
    if passes { keys.append(style.bold("n next exercise")) }
    keys.append("q quit")
    return keys.joined(separator: " · ")
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
