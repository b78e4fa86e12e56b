/// Which of a dependency's default values applies when nothing sets the dependency.
///
/// - ``live``: the running app, which gets `liveValue`.
/// - ``preview``: an Xcode preview, which gets `previewValue`.
/// - ``test``: a test, which gets `testValue`.
///
/// In this exercise every ``DependencyValues`` is made with its context spelled out:
///
/// ```swift
/// let values = DependencyValues(context: .test)
/// values[WeatherClientKey.self]  // WeatherClientKey.testValue
/// ```
///
/// (The library works the context out for you, from the environment and from whether a test is
/// running; a later exercise rebuilds that part.)
public enum DependencyContext: String, Sendable, CaseIterable {
  /// The app as users run it: `liveValue`s.
  case live
  /// Xcode previews: `previewValue`s.
  case preview
  /// Tests: `testValue`s.
  case test
}
