/// Which kind of values a dependency provides when nothing overrides it.
///
/// - ``live``: the real thing, for the running app (`DependencyKey.liveValue`).
/// - ``preview``: values for Xcode previews (`previewValue`, which defaults to `liveValue`).
/// - ``test``: values for tests (`testValue`), which should fail a test that uses them without
///   saying so.
///
/// The context is chosen once per process: the `SWIFT_DEPENDENCIES_CONTEXT` environment variable
/// (`live`, `preview` or `test`) wins; otherwise `XCODE_RUNNING_FOR_PREVIEWS=1` means preview; a
/// test runner means test; anything else is live. It is itself a dependency, so a scope can
/// change it:
///
/// ```swift
/// withDependencies {
///   $0.context = .preview
/// } operation: {
///   ContentView()  // sees preview values
/// }
/// ```
///
/// A UI test forces its app's context the same way a user would, with the environment:
///
/// ```swift
/// app.launchEnvironment["SWIFT_DEPENDENCIES_CONTEXT"] = "test"
/// ```
public enum DependencyContext: String, Sendable, Hashable, CaseIterable {
  /// The live context: `liveValue`s.
  case live
  /// The preview context: `previewValue`s.
  case preview
  /// The test context: `testValue`s.
  case test
}
