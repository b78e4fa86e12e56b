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
  #if SOLUTION
    let accepted = DependencyContext.allCases
      .map { "\"\($0.rawValue)\"" }
      .joined(separator: ", ")
    return """
      \(ContextVariables.forcing) is \(value.debugDescription), which is not a dependency \
      context. Accepted values: \(accepted). It is ignored: the context is detected instead \
      (previews, then tests, else live).
      """
  #else
    // Step 3: write the text for whoever set SWIFT_DEPENDENCIES_CONTEXT to something that is
    //         not a context. It must name the variable, show the rejected value in double
    //         quotes (so that an empty value or a stray space can be seen), and list the
    //         accepted values, live, preview and test, taken from `DependencyContext` itself so
    //         that the list never falls out of date. Saying what happens now (the value is
    //         ignored and the context detected) makes it better still.
    return ""
  #endif
}
