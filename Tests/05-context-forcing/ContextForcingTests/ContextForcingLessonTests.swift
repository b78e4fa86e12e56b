import ContextForcing
import DependenciesTestSupport
import Testing

// The lesson's tests, in the order of its steps: the first failure is your next step.
// Run them with `swift test`, or one step with `swift test --filter ForcedContextTests`.

@Suite("Step 1: a valid SWIFT_DEPENDENCIES_CONTEXT forces the context")
struct ForcedContextTests {
  @Test(arguments: [
    ("live", DependencyContext.live), ("preview", .preview), ("test", .test),
  ])
  func aValidValueForcesTheContext(value: String, expected: DependencyContext) {
    for isTesting in [false, true] {
      let result = resolve(["SWIFT_DEPENDENCIES_CONTEXT": value], isTesting: isTesting)
      #expect(
        result.context == expected,
        """
        resolveContext(environment: ["SWIFT_DEPENDENCIES_CONTEXT": "\(value)"], \
        isTesting: \(isTesting)) returned \(result.context), but the variable forces \
        \(expected). Step 1: return the context the variable names.
        """)
      #expect(
        result.issues.isEmpty,
        """
        resolveContext reported an issue for the valid value "\(value)": \
        \(result.issues.map(\.message)). Only a value that is not a context is reported.
        """)
    }
  }

  @Test func theVariableBeatsPreviewsAndTests() {
    let cases: [(environment: [String: String], isTesting: Bool, expected: DependencyContext)] = [
      (["SWIFT_DEPENDENCIES_CONTEXT": "live", "XCODE_RUNNING_FOR_PREVIEWS": "1"], true, .live),
      (["SWIFT_DEPENDENCIES_CONTEXT": "test", "XCODE_RUNNING_FOR_PREVIEWS": "1"], false, .test),
      (["SWIFT_DEPENDENCIES_CONTEXT": "preview"], true, .preview),
    ]
    for (environment, isTesting, expected) in cases {
      let result = resolve(environment, isTesting: isTesting)
      // What detection (previews, then tests, else live) would give without the variable.
      let detected: DependencyContext =
        environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" ? .preview : isTesting ? .test : .live
      let cause =
        result.context == detected
        ? """
        That is what detection gives: a valid SWIFT_DEPENDENCIES_CONTEXT wins over \
        XCODE_RUNNING_FOR_PREVIEWS and over isTesting. Step 1: read the variable before \
        anything else.
        """
        : "Step 1: return the context the variable names, whatever else is set."
      #expect(
        result.context == expected,
        """
        resolveContext(environment: \(environment), isTesting: \(isTesting)) returned \
        \(result.context), but it should return \(expected). \(cause)
        """)
    }
  }
}

@Suite("Step 2: without the variable, the context is detected")
struct DetectedContextTests {
  @Test(arguments: [
    ([:], false, DependencyContext.live),
    ([:], true, .test),
    (["XCODE_RUNNING_FOR_PREVIEWS": "1"], false, .preview),
    (["XCODE_RUNNING_FOR_PREVIEWS": "1"], true, .preview),
  ])
  func previewsThenTestsElseLive(
    environment: [String: String], isTesting: Bool, expected: DependencyContext
  ) {
    let result = resolve(environment, isTesting: isTesting)
    #expect(
      result.context == expected,
      """
      resolveContext(environment: \(environment), isTesting: \(isTesting)) returned \
      \(result.context), but it should return \(expected). Step 2: \
      XCODE_RUNNING_FOR_PREVIEWS == "1" means .preview; otherwise isTesting means .test; \
      otherwise .live.
      """)
    #expect(
      result.issues.isEmpty,
      "resolveContext reported an issue although nothing is wrong: \(result.issues.map(\.message))"
    )
  }
}

@Suite("Step 3: the message for an invalid value")
struct InvalidContextMessageTests {
  @Test func theMessageNamesTheVariableTheValueAndTheAcceptedValues() {
    for value in ["staging", "Live", ""] {
      let message = ContextForcing.invalidContextMessage(for: value)
      let missing = whatIsMissing(fromMessage: message, about: value)
      #expect(
        missing.isEmpty,
        """
        invalidContextMessage(for: "\(value)") returned \(message.debugDescription). \
        The message should \(missing.joined(separator: "; ")). Step 3.
        """)
    }
  }
}

@Suite("Step 4: an invalid value is reported, then ignored")
struct InvalidValueTests {
  @Test func anInvalidValueIsReportedOnce() throws {
    let result = resolve(["SWIFT_DEPENDENCIES_CONTEXT": "staging"], isTesting: false)
    try #require(
      result.issues.count == 1,
      """
      With SWIFT_DEPENDENCIES_CONTEXT="staging", resolveContext reported \
      \(result.issues.count) issue(s); it should report exactly one. Step 4: call \
      reportIssue(invalidContextMessage(for: value)) when the value is not a context.
      """)
    let issue = result.issues[0]
    #expect(
      issue.fileID.hasPrefix("ContextForcing/"),
      """
      The issue was reported from \(issue.fileID), not from your module. Call reportIssue \
      from resolveContext itself.
      """)
    let missing = whatIsMissing(fromMessage: issue.message, about: "staging")
    #expect(
      missing.isEmpty,
      """
      The reported message \(issue.message.debugDescription) should \
      \(missing.joined(separator: "; ")). Report invalidContextMessage(for: value).
      """)
  }

  @Test(arguments: [
    (["SWIFT_DEPENDENCIES_CONTEXT": "staging"], false, DependencyContext.live),
    (["SWIFT_DEPENDENCIES_CONTEXT": "staging"], true, .test),
    (
      ["SWIFT_DEPENDENCIES_CONTEXT": "staging", "XCODE_RUNNING_FOR_PREVIEWS": "1"], false, .preview
    ),
  ])
  func anInvalidValueIsIgnored(
    environment: [String: String], isTesting: Bool, expected: DependencyContext
  ) {
    let result = resolve(environment, isTesting: isTesting)
    #expect(
      result.context == expected,
      """
      resolveContext(environment: \(environment), isTesting: \(isTesting)) returned \
      \(result.context), but it should return \(expected). Step 4: after reporting an \
      invalid value, carry on as if the variable were not set (previews, then tests, else live).
      """)
  }
}

@Suite("Step 5: each context has its own default value")
struct DefaultValueTests {
  @Test(arguments: [
    (DependencyContext.live, "live greeting"), (.preview, "preview greeting"),
    (.test, "test greeting"),
  ])
  func eachContextPicksItsValue(context: DependencyContext, expected: String) {
    let value = ContextForcing.defaultValue(for: GreetingKey.self, in: context)
    #expect(
      value == expected,
      """
      defaultValue(for: GreetingKey.self, in: \(context)) returned "\(value)", but it should \
      return "\(expected)", the key's \(context.rawValue)Value. Step 5.
      """)
  }
}

@Suite("Step 6: withContext changes the context for a scope")
struct WithContextTests {
  @Test func withContextSetsTheContextForItsScope() {
    for context in [DependencyContext.preview, .live] {
      let seen = ContextForcing.withContext(context) { () -> (DependencyContext, String) in
        @Dependency(\.context) var scoped
        @Dependency(GreetingKey.self) var greeting
        return (scoped, greeting)
      }
      #expect(
        seen.0 == context,
        """
        Inside withContext(\(context)) { … }, @Dependency(\\.context) is \(seen.0). Step 6: \
        run the operation inside withDependencies { $0.context = context }.
        """)
      #expect(
        seen.1 == "\(context) greeting",
        """
        Inside withContext(\(context)) { … }, a dependency read "\(seen.1)" instead of its \
        \(context.rawValue) value "\(context.rawValue) greeting". Step 6.
        """)
    }
    @Dependency(\.context) var after
    #expect(
      after == .test,
      "After withContext returns, the context should be the test's own (.test), not \(after).")
  }
}

@Suite("Step 7: defaultValue(for:) follows the scope's context")
struct ScopedDefaultValueTests {
  @Test func defaultValueFollowsTheScopesContext() {
    let outside = ContextForcing.defaultValue(for: GreetingKey.self)
    #expect(
      outside == "test greeting",
      """
      Outside any scope, in a test process, defaultValue(for: GreetingKey.self) returned \
      "\(outside)" instead of "test greeting". Step 7: read @Dependency(\\.context); with \
      nothing overridden it is the process's own context, .test in tests.
      """)
    let live = withDependencies {
      $0.context = .live
    } operation: {
      ContextForcing.defaultValue(for: GreetingKey.self)
    }
    #expect(
      live == "live greeting",
      """
      Inside withDependencies { $0.context = .live }, defaultValue(for: GreetingKey.self) \
      returned "\(live)" instead of "live greeting". Step 7: the scope's context wins.
      """)
    let preview = ContextForcing.withContext(.preview) {
      ContextForcing.defaultValue(for: GreetingKey.self)
    }
    #expect(
      preview == "preview greeting",
      """
      Inside withContext(.preview), defaultValue(for: GreetingKey.self) returned \
      "\(preview)" instead of "preview greeting". Steps 6 and 7.
      """)
  }
}

// MARK: - Helpers

/// A dependency with a different value in each context.
enum GreetingKey: DependencyKey {
  static let liveValue = "live greeting"
  static let previewValue = "preview greeting"
  static let testValue = "test greeting"
}

/// An issue reported through `reportIssue`.
struct ReportedIssue: Sendable {
  var message: String
  var fileID: String
}

/// Collects reported issues instead of failing the test.
final class IssueCollector: IssueReporter {
  let issues = LockIsolated<[ReportedIssue]>([])

  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let issue = ReportedIssue(message: message() ?? "", fileID: "\(fileID)")
    issues.withValue { $0.append(issue) }
  }
}

/// Calls your `resolveContext`, collecting the issues it reports.
func resolve(
  _ environment: [String: String], isTesting: Bool
) -> (context: DependencyContext, issues: [ReportedIssue]) {
  let collector = IssueCollector()
  let context = withIssueReporters([collector]) {
    ContextForcing.resolveContext(environment: environment, isTesting: isTesting)
  }
  return (context, collector.issues.value)
}

/// What a message about the invalid `value` fails to say, as instructions.
func whatIsMissing(fromMessage message: String, about value: String) -> [String] {
  var missing: [String] = []
  if !message.contains("SWIFT_DEPENDENCIES_CONTEXT") {
    missing.append("name the variable SWIFT_DEPENDENCIES_CONTEXT")
  }
  if !message.contains("\"\(value)\"") {
    missing.append("show the rejected value in double quotes, \"\(value)\"")
  }
  let words = Set(message.split { !$0.isLetter }.map(String.init))
  for accepted in DependencyContext.allCases.map(\.rawValue) where !words.contains(accepted) {
    missing.append("name the accepted value \(accepted)")
  }
  return missing
}
