import Dependencies

/// The names of the environment variables that decide a process's dependency context.
public enum ContextVariables {
  /// Forces the context.
  public static let forcing = "SWIFT_DEPENDENCIES_CONTEXT"

  /// Set to `1` by Xcode in the process that renders SwiftUI previews.
  public static let previews = "XCODE_RUNNING_FOR_PREVIEWS"
}

/// Decoy: a value that is not a context is skipped without a word.
public func resolveContext(environment: [String: String], isTesting: Bool) -> DependencyContext {
  if let value = environment[ContextVariables.forcing],
    let forced = DependencyContext(rawValue: value)
  {
    return forced
  }
  if environment[ContextVariables.previews] == "1" {
    return .preview
  }
  return isTesting ? .test : .live
}
