import IssueReporting

/// A clock for tests that should not touch time at all: every use reports an issue.
///
/// Give it to a feature in a test that is not about time. If the feature reads ``now`` or
/// sleeps anyway, the test fails with "Unimplemented: <name>.now" or
/// "Unimplemented: <name>.sleep", pointing at the line that created the clock, which proves the
/// test exercises more than it meant to. The clock still works (by default like an
/// ``ImmediateClock``), so the feature carries on and the test reports every unexpected use.
///
/// ```swift
/// @Test func savingDoesNotWait() async throws {
///   let model = EditorModel(clock: UnimplementedClock(name: "EditorModel.clock"))
///   try await model.saveButtonTapped()  // fails the test if saving sleeps
/// }
/// ```
///
/// It is also the natural `testValue` of a clock dependency, so that a test must say which clock
/// it wants.
public struct UnimplementedClock<Duration: DurationProtocol & Hashable>: Clock {
  /// A moment on an ``UnimplementedClock``: a moment of the clock it delegates to.
  public struct Instant: InstantProtocol {
    fileprivate let base: AnyClock<Duration>.Instant

    /// The instant `duration` after this one.
    ///
    /// Instant arithmetic is not a use of the clock: it reports nothing.
    ///
    /// - Parameter duration: How far to move; a negative duration moves back.
    /// - Returns: The instant `duration` later (earlier, when `duration` is negative).
    public func advanced(by duration: Duration) -> Self {
      Self(base: base.advanced(by: duration))
    }

    /// The time from this instant to `other`. Reports nothing.
    ///
    /// - Parameter other: The instant to measure to.
    /// - Returns: The time between them: negative when `other` is earlier.
    public func duration(to other: Self) -> Duration {
      base.duration(to: other.base)
    }

    /// Whether `lhs` comes before `rhs`. Reports nothing.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant of the same clock.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.base < rhs.base
    }
  }

  private let base: AnyClock<Duration>
  private let name: String
  private let fileID: StaticString
  private let filePath: StaticString
  private let line: UInt
  private let column: UInt

  /// Creates a clock that reports every use and then delegates to `base`.
  ///
  /// Use it when the feature should keep working on a specific clock after the report, for
  /// example a ``TestClock`` that the test still drives:
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let model = FeedModel(clock: UnimplementedClock(clock, name: "FeedModel.clock"))
  /// ```
  ///
  /// - Parameters:
  ///   - base: The clock that does the work after each report.
  ///   - name: The name in the reports, `"<name>.now"` and `"<name>.sleep"`; by default the
  ///     type of `base`, such as `"TestClock<Duration>"`.
  ///   - fileID: The file ID the reports point at; leave it to the default, the caller's, so that
  ///     they point at the line that created the clock.
  ///   - filePath: The file path the reports point at; leave it to the default.
  ///   - line: The line the reports point at; leave it to the default.
  ///   - column: The column the reports point at; leave it to the default.
  public init<C: Clock>(
    _ base: C,
    name: String = "\(C.self)",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where C.Duration == Duration {
    self.base = AnyClock(base)
    self.name = name
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Creates a clock that reports every use and then behaves like an ``ImmediateClock``
  /// starting at `now`.
  ///
  /// ```swift
  /// let clock = UnimplementedClock<Duration>(name: "ContinuousClock")
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name in the reports; `"Clock"` by default.
  ///   - now: Where the underlying ``ImmediateClock`` starts.
  ///   - fileID: The file ID the reports point at; leave it to the default, the caller's, so that
  ///     they point at the line that created the clock.
  ///   - filePath: The file path the reports point at; leave it to the default.
  ///   - line: The line the reports point at; leave it to the default.
  ///   - column: The column the reports point at; leave it to the default.
  public init(
    name: String = "Clock",
    now: ImmediateClock<Duration>.Instant = .init(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      ImmediateClock(now: now), name: name, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Reports "Unimplemented: <name>.now", then returns the underlying clock's time.
  public var now: Instant {
    report("now")
    return Instant(base: base.now)
  }

  /// Reports "Unimplemented: <name>.minimumResolution", then returns the underlying clock's.
  public var minimumResolution: Duration {
    report("minimumResolution")
    return base.minimumResolution
  }

  /// Reports "Unimplemented: <name>.sleep", then sleeps on the underlying clock.
  ///
  /// - Parameters:
  ///   - deadline: The instant to sleep until.
  ///   - tolerance: Passed on to the underlying clock.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    report("sleep")
    try await base.sleep(until: deadline.base, tolerance: tolerance)
  }

  private func report(_ member: String) {
    reportIssue(
      "Unimplemented: \(name).\(member)", fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

extension UnimplementedClock where Duration == Swift.Duration {
  /// Creates a clock measured in `Swift.Duration` that reports every use, then behaves like an
  /// ``ImmediateClock``.
  ///
  /// ```swift
  /// let clock = UnimplementedClock(name: "ContinuousClock")
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name in the reports; `"Clock"` by default.
  ///   - fileID: The file ID the reports point at; leave it to the default, the caller's, so that
  ///     they point at the line that created the clock.
  ///   - filePath: The file path the reports point at; leave it to the default.
  ///   - line: The line the reports point at; leave it to the default.
  ///   - column: The column the reports point at; leave it to the default.
  public init(
    name: String = "Clock",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      name: name, now: .init(), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
