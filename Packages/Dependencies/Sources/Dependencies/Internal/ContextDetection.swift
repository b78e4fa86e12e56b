import Foundation

/// Chooses the process's default ``DependencyContext`` from its environment.
struct ContextDetection {
  /// The variable that forces a context.
  static let variable = "SWIFT_DEPENDENCIES_CONTEXT"

  var environment: [String: String]
  var isTesting: Bool

  /// The context, and the problem with the environment if there is one.
  func resolve() -> (context: DependencyContext, problem: String?) {
    let inferred: DependencyContext =
      environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" ? .preview : isTesting ? .test : .live
    guard let value = environment[Self.variable] else { return (inferred, nil) }
    if let forced = DependencyContext(rawValue: value) { return (forced, nil) }
    let accepted = DependencyContext.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    return (
      inferred,
      """
      \(Self.variable) is set to \(value.debugDescription), which is not a dependency context. \
      Accepted values: \(accepted). It was ignored: this process uses the \
      "\(inferred.rawValue)" context.

      To fix it, set \(Self.variable) to one of the accepted values, or remove it to let the \
      context be detected (previews, then tests, else live).
      """
    )
  }

  /// The default context of this process, detected once on first use.
  static let processDefault: DependencyContext = {
    let detection = ContextDetection(
      environment: ProcessInfo.processInfo.environment, isTesting: IssueReporting.isTesting)
    let (context, problem) = detection.resolve()
    if let problem {
      reportIssue(problem)
    }
    return context
  }()
}
