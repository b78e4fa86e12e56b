import IssueReporting

extension TestClock {
  /// Suspends until at least `count` sleeps are pending on this clock; returns whether they
  /// are.
  ///
  /// Call it before advancing whenever the work that sleeps was started concurrently (a `Task`,
  /// a model method that spawns one): until that task has reached its `sleep`, there is nothing
  /// for an advance to wake.
  ///
  /// ```swift
  /// model.startButtonTapped()               // spawns a task that sleeps for 1 second
  /// await clock.waitForSleepers(count: 1)   // that task is asleep now
  /// await clock.advance(by: .seconds(1))    // so this wakes it, every time
  /// ```
  ///
  /// - Parameters:
  ///   - count: How many pending sleeps to wait for.
  ///   - timeout: A safety net in real time. If fewer than `count` sleeps are pending by then,
  ///     it reports an issue and returns `false`, so that a broken test fails instead of hanging.
  @discardableResult
  public func waitForSleepers(
    count: Int = 1,
    timeout: Swift.Duration = .seconds(10),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    if await waitForPending(count: count, timeout: timeout) { return true }
    let pending = pendingSleeperCount
    reportIssue(
      """
      waitForSleepers(count: \(count), timeout: \(timeout)) gave up with \(pending) \
      sleeper\(pending == 1 ? "" : "s") pending on the TestClock. The work you expected to sleep \
      may have finished, thrown, or be sleeping on another clock.
      """,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
    return false
  }

  /// Suspends until at least `count` sleepers are pending (`true`), or until `timeout` of real
  /// time has passed (`false`), whichever comes first. Reports nothing.
  ///
  /// ``waitForSleepers(count:timeout:fileID:filePath:line:column:)`` is built on it, and so is
  /// the settling step of ``advance(to:)``.
  func waitForPending(count: Int, timeout: Swift.Duration) async -> Bool {
    // Step 1: finish with `true` as soon as at least `count` sleepers are pending, or with
    // `false` once `timeout` of real time has passed, whichever comes first. Suspend, and
    // check and park in ONE locked pass, so no sleeper can slip in between: if enough are
    // pending already, the wait is over at once; otherwise leave a `CountWaiter`, with an id
    // of its own, for `register` to resume. The timeout is a separate task that waits on the
    // real clock, then gives up on the waiter if it is still waiting. The waiter is resumed
    // exactly once, by whoever takes it out of the list.
    return false
  }
}
