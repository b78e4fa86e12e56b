extension Clock where Self == ImmediateClock<Swift.Duration> {
  /// A clock whose sleeps return at once: an ``ImmediateClock``.
  ///
  /// Handy where a clock is passed inline:
  ///
  /// ```swift
  /// let model = WelcomeModel(clock: .immediate)
  /// ```
  public static var immediate: Self {
    ImmediateClock()
  }
}

extension Clock where Self == TestClock<Swift.Duration> {
  /// A clock that only moves when a test advances it: a new ``TestClock``.
  ///
  /// Each use creates a new clock, so keep it in a constant to advance it later:
  ///
  /// ```swift
  /// let clock: TestClock = .test
  /// let model = TimerModel(clock: clock)
  /// ```
  public static var test: Self {
    TestClock()
  }
}

extension Clock where Self == UnimplementedClock<Swift.Duration> {
  /// A clock that reports an issue whenever it is used: an ``UnimplementedClock``.
  ///
  /// Use it where a test must not depend on time:
  ///
  /// ```swift
  /// let model = EditorModel(clock: .unimplemented("EditorModel.clock"))
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name in the reports, "Unimplemented: <name>.sleep"; `"Clock"` by default.
  ///   - fileID: The file ID the reports point at; leave it to the default, the caller's, so that
  ///     they point at the line that created the clock.
  ///   - filePath: The file path the reports point at; leave it to the default.
  ///   - line: The line the reports point at; leave it to the default.
  ///   - column: The column the reports point at; leave it to the default.
  public static func unimplemented(
    _ name: String = "Clock",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    UnimplementedClock(name: name, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
