import ContextForcing
import DependenciesTestSupport
import Testing

// Edge cases graded beyond the lesson's tests.

@Suite struct ExactMatchingTests {
  @Test(arguments: [
    "Live", "TEST", "Preview", " test", "live ", "lives", "previews", "testing", "",
  ])
  func onlyExactLowercaseValuesForceTheContext(value: String) {
    let result = resolve(["SWIFT_DEPENDENCIES_CONTEXT": value], isTesting: true)
    // Whether the context returned is one whose name the value resembles.
    let resembles =
      !value.isEmpty
      && value.lowercased().filter { !$0.isWhitespace }.hasPrefix(result.context.rawValue)
    let cause =
      resembles
      ? """
      That is the context whose name the value resembles, but only a context's exact name \
      forces it: no lowercasing, trimming or prefixes.
      """
      : "With no valid value to force a context, a test process resolves .test."
    #expect(
      result.context == .test,
      """
      SWIFT_DEPENDENCIES_CONTEXT=\(value.debugDescription) is not exactly "live", "preview" or \
      "test", so it must be ignored (a test process then resolves .test), but resolveContext \
      returned \(result.context). \(cause)
      """)
    #expect(
      result.issues.count == 1,
      """
      SWIFT_DEPENDENCIES_CONTEXT=\(value.debugDescription) is not a context and must be \
      reported once, but resolveContext reported \(result.issues.count) issue(s).
      """)
  }

  @Test(arguments: ["0", "true", "YES", ""])
  func previewsNeedTheValueOne(value: String) {
    let result = resolve(["XCODE_RUNNING_FOR_PREVIEWS": value], isTesting: true)
    #expect(
      result.context == .test,
      """
      XCODE_RUNNING_FOR_PREVIEWS=\(value.debugDescription) does not mean previews (only "1" \
      does), so a test process resolves .test, but resolveContext returned \(result.context).
      """)
    #expect(
      result.issues.isEmpty,
      "XCODE_RUNNING_FOR_PREVIEWS is never reported, but resolveContext reported \(result.issues)."
    )
  }
}

@Suite struct ScopeEdgeCaseTests {
  @Test func defaultValueIgnoresOverridesOfTheKey() {
    let value = withDependencies {
      $0.context = .preview
      $0[GreetingKey.self] = "overridden greeting"
    } operation: {
      ContextForcing.defaultValue(for: GreetingKey.self)
    }
    let cause =
      value == "overridden greeting"
      ? """
      That is the dependency's current value: defaultValue(for:) answers which default the \
      context picks, so it reads the context and asks the key, not the dependency.
      """
      : """
      It should read the scope's context, .preview, and return that context's default, the \
      key's previewValue.
      """
    #expect(
      value == "preview greeting",
      """
      In a preview scope that also overrides the greeting, defaultValue(for: GreetingKey.self) \
      returned "\(value)" instead of "preview greeting". \(cause)
      """)
  }

  @Test func withContextScopesNest() {
    let seen = ContextForcing.withContext(.preview) { () -> [DependencyContext] in
      @Dependency(\.context) var outer
      let inner = ContextForcing.withContext(.live) { () -> DependencyContext in
        @Dependency(\.context) var inner
        return inner
      }
      @Dependency(\.context) var afterInner
      return [outer, inner, afterInner]
    }
    let shown = "[" + seen.map { ".\($0.rawValue)" }.joined(separator: ", ") + "]"
    let cause =
      seen.allSatisfy { $0 == .test }
      ? "Neither scope changed the test's own context (.test): withContext must set it."
      : "Each scope sets the context for its own operation only."
    #expect(
      seen == [.preview, .live, .preview],
      """
      withContext(.preview) { …withContext(.live) { … }… } saw the contexts \(shown) (outer, \
      inner, outer again) instead of [.preview, .live, .preview]. \(cause)
      """)
  }

  @Test func withContextRethrowsFromItsScope() {
    struct Seen: Error { var context: DependencyContext }
    do {
      try ContextForcing.withContext(.live) {
        @Dependency(\.context) var context
        throw Seen(context: context)
      }
      Issue.record("withContext swallowed the error its operation threw; it must rethrow it.")
    } catch let error as Seen {
      #expect(
        error.context == .live,
        """
        An operation that throws inside withContext(.live) saw the context \(error.context), \
        not .live; its error did reach the caller.
        """)
    } catch {
      Issue.record("withContext threw \(error) instead of the operation's own error.")
    }
  }
}
