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
  // Step 6: run `operation` with the dependency context changed to `context`, for the
  //         duration of `operation` only, and return its result; its errors pass through
  //         unchanged. Inside, reading the context gives `context` and every dependency that
  //         is not overridden gets that context's value; nested scopes work; afterwards,
  //         nothing has changed. Keep no storage of your own: the context is itself a
  //         dependency, so the library can change it for a scope.
  try operation()
}
