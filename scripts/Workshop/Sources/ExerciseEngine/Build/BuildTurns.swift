import Foundation
import Synchronization

/// Builds that share one build folder take turns, so they never step on each other's files.
///
/// A build by SwiftPM plans and writes the whole folder (its `debug.yaml`, and the outputs of
/// any target whose inputs changed), so it runs alone: ``withTurn(_:)``. A direct rebuild
/// (``DirectRebuild``) writes only its own package's outputs, so direct rebuilds of *different*
/// packages may run side by side, one per core: ``withTurn(package:_:)`` lets one build of each
/// package folder in at a time, beside builds of other folders, and its ``Escalation`` waits for
/// them all to finish when the build turns out to need SwiftPM after all.
///
/// ```swift
/// let turns = BuildTurns()
/// let outcome = try turns.withTurn(package: package.path) { escalation in
///   try ProductBuild.build(…, exclusively: escalation.exclusively)
/// }
/// ```
final class BuildTurns: Sendable {
  private struct State {
    /// Whether a build runs alone now.
    var alone = false
    /// How many builds beside one another run now.
    var beside = 0
    /// The package folders being built beside one another.
    var packages: Set<String> = []
    /// Builds waiting to run alone: no new build starts beside the others until they have run.
    var waitingToRunAlone = 0
  }

  private let state = Mutex(State())
  /// Wakes the builds that wait for a turn; every change of `state` is made holding it, so a
  /// waiting build never misses one.
  private let condition = NSCondition()

  /// Turns nobody holds yet.
  init() {}

  /// Runs `body` alone: when no other build runs, and none starts until it returns.
  func withTurn<T: Sendable, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    enterAlone()
    defer { leaveAlone() }
    return try body()
  }

  /// Lets a build that runs beside others run alone for a while (see ``exclusively(_:)``).
  struct Escalation: Sendable {
    fileprivate let turns: BuildTurns

    /// Runs `body` alone: waits for every other build to finish, and keeps new ones out until
    /// `body` returns; then the build goes on beside others.
    func exclusively<T>(_ body: () throws -> T) rethrows -> T {
      turns.change { $0.beside -= 1 }
      turns.enterAlone()
      defer {
        turns.leaveAlone()
        turns.change(when: { !$0.alone && $0.waitingToRunAlone == 0 }, { $0.beside += 1 })
      }
      return try body()
    }
  }

  /// Runs `body` when no build of the package folder `package` runs and no build runs alone;
  /// builds of other package folders may run beside it.
  func withTurn<T: Sendable, E: Error>(
    package: String, _ body: (Escalation) throws(E) -> T
  ) throws(E) -> T {
    change(
      when: { !$0.alone && $0.waitingToRunAlone == 0 && !$0.packages.contains(package) },
      { state in
        state.beside += 1
        state.packages.insert(package)
      })
    defer {
      change { state in
        state.beside -= 1
        state.packages.remove(package)
      }
    }
    return try body(Escalation(turns: self))
  }

  private func enterAlone() {
    change { $0.waitingToRunAlone += 1 }
    change(
      when: { !$0.alone && $0.beside == 0 },
      { state in
        state.waitingToRunAlone -= 1
        state.alone = true
      })
  }

  private func leaveAlone() {
    change { $0.alone = false }
  }

  /// Waits until `ready` holds, then makes `change` at once, and wakes every waiting build.
  private func change(
    when ready: (State) -> Bool = { _ in true }, _ change: (inout State) -> Void
  ) {
    condition.lock()
    defer { condition.unlock() }
    while !state.withLock({ ready($0) }) { condition.wait() }
    state.withLock { change(&$0) }
    condition.broadcast()
  }
}
