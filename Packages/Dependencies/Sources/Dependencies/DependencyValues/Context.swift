extension DependencyValues {
  /// The context defaults are resolved in: live, preview or test.
  ///
  /// It starts as the process's context (see ``DependencyContext``) and can be changed for a
  /// scope, for example to show preview values in one part of a live app:
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.context = .preview
  /// } operation: {
  ///   OnboardingModel()  // its dependencies use their preview values
  /// }
  /// ```
  ///
  /// At an app's entry point, `prepareDependencies` can set it for the rest of the process, as
  /// long as nothing has read a dependency yet:
  ///
  /// ```swift
  /// prepareDependencies {
  ///   $0.context = .preview  // a demo build that runs on canned data
  /// }
  /// ```
  public var context: DependencyContext {
    get {
      // Reading the context fixes it, as reading any default does.
      noteContextUsed()
      return resolvedContext
    }
    set { self[DependencyContextKey.self] = newValue }
  }
}

/// The key behind ``DependencyValues/context``. Its defaults are never consulted: a context that
/// is neither overridden nor prepared is the process's own.
enum DependencyContextKey: DependencyKey {
  static var liveValue: DependencyContext { ContextDetection.processDefault }
  static var previewValue: DependencyContext { .preview }
  static var testValue: DependencyContext { .test }
}
