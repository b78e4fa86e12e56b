import Dependencies

/// Runs `operation` with the dependency context set to `context`, and returns its result.
///
/// Everything `operation` calls reads `context` from `@Dependency(\.context)`, and every
/// dependency that is not overridden gets its default for `context`. Outside `operation`
/// nothing changes. It is how an app's entry point applies the context it resolved, and how a
/// live app shows one part of itself with preview values (an onboarding demo, say):
///
/// ```swift
/// let context = resolveContext(
///   environment: ProcessInfo.processInfo.environment, isTesting: false)
/// withContext(context) {
///   runApp()  // its dependencies use `context`'s values
/// }
/// ```
public func withContext<R>(
  _ context: DependencyContext,
  operation: () throws -> R
) rethrows -> R {
  #if SOLUTION
    try withDependencies {
      $0.context = context
    } operation: {
      try operation()
    }
  #else
    // Step 6: run `operation` inside `withDependencies { $0.context = context } operation: { … }`
    //         and return what it returns.
    try operation()
  #endif
}
