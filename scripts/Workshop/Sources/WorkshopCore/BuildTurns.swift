import Synchronization

/// Builds that share one build folder take turns: one at a time, each finishing before the next
/// starts (SwiftPM would otherwise wait for its lock on the folder, or the builds would step on
/// each other's files).
///
/// ```swift
/// let turns = BuildTurns()
/// let outcome = try turns.withTurn { try ExerciseBuild.build(…) }
/// ```
public final class BuildTurns: Sendable {
  private let turn = Mutex(())

  /// Turns nobody holds yet.
  public init() {}

  /// Runs `body` when no other turn is running, and returns what it returns.
  public func withTurn<T: Sendable, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    try turn.withLock { _ throws(E) in try body() }
  }
}
