/// The error ``TestClock/checkSuspension(isolation:)`` throws when sleeps are still waiting on the clock.
///
/// Catch it when a test wants to assert that work *is* still scheduled:
///
/// ```swift
/// model.startButtonTapped()
/// await clock.waitForSleepers(count: 1)
/// await #expect(throws: SuspensionError.self) { try await clock.checkSuspension() }
/// ```
public struct SuspensionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// How many sleeps were pending when the check ran.
  public let pendingSleeperCount: Int

  /// An error for a check that found `pendingSleeperCount` pending sleeps.
  ///
  /// - Parameter pendingSleeperCount: How many sleeps were pending.
  public init(pendingSleeperCount: Int) {
    self.pendingSleeperCount = pendingSleeperCount
  }

  /// What went wrong and what to do: how many sleeps are pending, and how to end them.
  public var description: String {
    let sleeps = pendingSleeperCount == 1 ? "1 sleep is" : "\(pendingSleeperCount) sleeps are"
    return """
      \(sleeps) still pending on the TestClock. Advance the clock to let them finish, or cancel \
      the work that started them.
      """
  }
}
