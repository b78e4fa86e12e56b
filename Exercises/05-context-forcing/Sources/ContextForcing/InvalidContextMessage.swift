import Dependencies

/// The message reported when `SWIFT_DEPENDENCIES_CONTEXT` holds something that is not a context.
///
/// Whoever reads it is looking at a UI test or a launch scheme that does not behave: it says
/// what is wrong (the variable and the value, in double quotes so that an empty value or a stray
/// space shows), what would be right (`live`, `preview`, `test`) and what happens now.
///
/// ```swift
/// print(invalidContextMessage(for: "staging"))
/// // SWIFT_DEPENDENCIES_CONTEXT is "staging", which is not a dependency context. Accepted
/// // values: "live", "preview", "test". It is ignored: the context is detected instead
/// // (previews, then tests, else live).
/// ```
///
/// - Parameter value: The rejected value of `SWIFT_DEPENDENCIES_CONTEXT`.
/// - Returns: A message that names the variable, the value and the accepted values.
public func invalidContextMessage(for value: String) -> String {
  // Step 3: name the variable (`ContextVariables.forcing`), the rejected value in double
  //         quotes, and the accepted values "live", "preview" and "test"
  //         (`DependencyContext.allCases` lists them).
  return ""
}
