import Foundation

/// How far along the whole catalogue a learner is: one cell per exercise, for the progress bar.
///
/// ```swift
/// let progress = CourseProgress(workspace: workspace, current: "05-context-forcing")
/// print(progress.bar(style: Style(color: false)))  // "[████▓░░░░░░░] 4 of 12 exercises pass"
/// ```
public struct CourseProgress: Sendable, Equatable {
  /// One exercise's place on the bar.
  public enum Cell: Sendable, Equatable {
    /// Its visible tests pass.
    case passed
    /// The exercise the learner is on.
    case current
    /// Present, not passing (or not checked since it was edited).
    case open
    /// Not written yet.
    case coming
  }

  /// One cell per place of the catalogue, in learning order.
  public var cells: [Cell]

  public init(cells: [Cell]) {
    self.cells = cells
  }

  /// The catalogue's cells from the recorded statuses; `current` is drawn as the current one,
  /// and `currentPasses` overrides its record with a result just seen.
  public init(workspace: LearnerWorkspace, current: String?, currentPasses: Bool? = nil) {
    cells = workspace.catalogue().map { place in
      if place.id == current, let currentPasses { return currentPasses ? .passed : .current }
      if place.id == current { return .current }
      if !place.isPresent { return .coming }
      return workspace.status(of: place.id).passes ? .passed : .open
    }
  }

  /// How many exercises pass.
  public var passedCount: Int { cells.filter { $0 == .passed }.count }

  /// `[████▓░░░░░░·] 4 of 12 exercises pass`: █ passes, ▓ the current one, ░ to do,
  /// · not written yet.
  public func bar(style: Style) -> String {
    let drawn = cells.map { cell -> String in
      switch cell {
      case .passed: style.green("█")
      case .current: style.yellow("▓")
      case .open: "░"
      case .coming: style.dim("·")
      }
    }.joined()
    return "[\(drawn)] \(passedCount) of \(cells.count) exercises pass"
  }
}
