extension InjectedValues {
  /// Sets the dependency at `keyPath` to `value` while `operation` runs, then puts back the
  /// value it had before, and returns what `operation` returns.
  ///
  /// The old value comes back however `operation` ends, also when it throws. This is how a
  /// test swaps in a mock without leaving it behind for the next test:
  ///
  /// ```swift
  /// let titles = try InjectedValues.withValue(\.networkProvider, MockNetworkProvider()) {
  ///   try ArticleLoader().titles()
  /// }
  /// // InjectedValues[\.networkProvider] is the real provider again
  /// ```
  ///
  /// Calls may nest; each one restores what it found. The override is in the app-wide store,
  /// so every thread sees it while `operation` runs: two tests that run at the same time must
  /// not override the same dependency.
  @discardableResult
  public static func withValue<Value, R>(
    _ keyPath: WritableKeyPath<InjectedValues, Value>,
    _ value: Value,
    operation: () throws -> R
  ) rethrows -> R {
    // Step 4: while `operation` runs, the dependency at `keyPath` must be `value`. Once it
    // has ended, the dependency must have the value it had just before this call, which is
    // not always its default: calls nest, and a test may have set it earlier. That must hold
    // however `operation` ends, by returning or by throwing. Return what it returns.
    return try operation()
  }

  /// The async form of ``withValue(_:_:operation:)``: the override stays in place for the
  /// whole of `operation`, across every `await`, and the old value comes back when it ends or
  /// throws. `operation` runs on the caller's actor.
  ///
  /// ```swift
  /// @MainActor @Test func showsTitles() async {
  ///   let model = ArticleListModel()
  ///   await InjectedValues.withValue(\.networkProvider, MockNetworkProvider()) {
  ///     await model.load()
  ///   }
  ///   #expect(model.titles == ["Mocked"])
  /// }
  /// ```
  @discardableResult
  public static func withValue<Value, R>(
    _ keyPath: WritableKeyPath<InjectedValues, Value>,
    _ value: Value,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    // Step 4: the same as the synchronous `withValue`: the override holds for the whole of
    // the async `operation`, across every `await`, and the earlier value is back however it
    // ends.
    return try await operation()
  }
}
