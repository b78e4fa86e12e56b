import Foundation

/// Where watch mode reads the learner's keys from: the terminal (``TerminalKeys``), or a test.
public protocol KeyInput: Sendable {
  /// The next key pressed within `timeout` seconds (0: only one already pressed), or nil.
  func nextKey(timeout: Double) -> Character?
}

/// A flag any thread may raise to stop watch mode (a signal handler, a test), checked between
/// runs and while a build runs.
public final class StopFlag: Sendable {
  private let flag = LockedFlag()

  public init() {}

  /// Asks watch mode to stop (safe from any thread, any number of times).
  public func raise() { _ = flag.setOnce() }

  /// Whether ``raise()`` was called.
  public var isRaised: Bool { !flag.isFirst }
}
