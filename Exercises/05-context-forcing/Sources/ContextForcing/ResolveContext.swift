import Dependencies

/// The names of the environment variables that decide a process's dependency context.
///
/// They are given so that a typo cannot cost you a test:
///
/// ```swift
/// environment[ContextVariables.forcing]  // "live", "preview", "test", or something invalid
/// environment[ContextVariables.previews] == "1"  // Xcode is rendering a preview
/// ```
public enum ContextVariables {
  /// Forces the context when it holds exactly `live`, `preview` or `test`.
  public static let forcing = "SWIFT_DEPENDENCIES_CONTEXT"

  /// Set to `1` by Xcode in the process that renders SwiftUI previews.
  public static let previews = "XCODE_RUNNING_FOR_PREVIEWS"
}

/// Chooses the dependency context of a process from its environment.
///
/// The rules, first match wins:
///
/// 1. `SWIFT_DEPENDENCIES_CONTEXT` holds exactly `live`, `preview` or `test`: that context.
/// 2. `SWIFT_DEPENDENCIES_CONTEXT` holds anything else (even an empty string): report
///    ``invalidContextMessage(for:)`` with `reportIssue`, then carry on as if it were not set.
/// 3. `XCODE_RUNNING_FOR_PREVIEWS` is `1`: `.preview`.
/// 4. `isTesting`: `.test`.
/// 5. Otherwise: `.live`.
///
/// A UI test uses rule 1 to launch its app with test dependencies:
///
/// ```swift
/// app.launchEnvironment["SWIFT_DEPENDENCIES_CONTEXT"] = "test"
/// app.launch()
/// // In the app:
/// let context = resolveContext(
///   environment: ProcessInfo.processInfo.environment, isTesting: false)  // .test
/// ```
///
/// - Parameters:
///   - environment: The process's environment variables.
///   - isTesting: Whether a test runner started the process.
/// - Returns: The context the process's dependencies use.
public func resolveContext(environment: [String: String], isTesting: Bool) -> DependencyContext {
  // Step 1: the forcing variable (`ContextVariables.forcing`) decides first. When it holds
  //         exactly the name of a context, live, preview or test, that is the context,
  //         whatever previews or tests would say: it is the only rule somebody wrote on
  //         purpose. Exact means exact: no change of case, no trimming, no prefixes.
  // Step 2: without it, the context is detected: the previews variable
  //         (`ContextVariables.previews`) set to exactly "1" means preview; otherwise a
  //         process started by a test runner means test; anything else is live.
  // Step 4: a forcing value that is not a context must not pass silently, crash, or mean
  //         live. Report it once, from this function, with Step 3's message (through
  //         IssueReporting), then decide with Step 2's rules as if the variable were not set.
  return .live
}
