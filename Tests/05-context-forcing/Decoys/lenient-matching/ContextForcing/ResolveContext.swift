import Dependencies

/// The names of the environment variables that decide a process's dependency context.
public enum ContextVariables {
  /// Forces the context.
  public static let forcing = "SWIFT_DEPENDENCIES_CONTEXT"

  /// Set to `1` by Xcode in the process that renders SwiftUI previews.
  public static let previews = "XCODE_RUNNING_FOR_PREVIEWS"
}

/// Decoy: "helpfully" accepts `Test`, ` live `, `previews` and `testing`: lowercased, trimmed,
/// and matched by prefix.
public func resolveContext(environment: [String: String], isTesting: Bool) -> DependencyContext {
  if let value = environment[ContextVariables.forcing] {
    let cleaned = value.lowercased().filter { !$0.isWhitespace }
    if let forced = DependencyContext.allCases.first(where: { cleaned.hasPrefix($0.rawValue) }) {
      return forced
    }
    reportIssue(invalidContextMessage(for: value))
  }
  if environment[ContextVariables.previews] == "1" {
    return .preview
  }
  return isTesting ? .test : .live
}
