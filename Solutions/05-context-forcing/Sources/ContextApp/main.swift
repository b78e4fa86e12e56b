import ContextForcing
import Dependencies
import Foundation

// A stand-in for an app's entry point, launched by the tests the way a UI test launches its app:
// as a separate process, with SWIFT_DEPENDENCIES_CONTEXT (or XCODE_RUNNING_FOR_PREVIEWS) in its
// environment. It resolves its context with the learner's `resolveContext`, which reports an
// invalid value to standard error (IssueReporting's default outside tests), then runs the "app"
// in that context and prints what it sees:
//
//   context=<resolved context>
//   greeting=<the greeting dependency's default in that context>
//
// Instructor-owned: learners do not edit it.

private enum GreetingKey: DependencyKey {
  static let liveValue = "live greeting"
  static let previewValue = "preview greeting"
  static let testValue = "test greeting"
}

// An app is never started by a test runner, even when a UI test launches it.
let context = resolveContext(environment: ProcessInfo.processInfo.environment, isTesting: false)
print("context=\(context.rawValue)")
withContext(context) {
  print("greeting=\(defaultValue(for: GreetingKey.self))")
}
