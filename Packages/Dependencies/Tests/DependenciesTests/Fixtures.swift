import Dependencies
import Foundation

// Keys used across the suites. Each test that counts computations uses keys of its own, so
// suites running in parallel never share a counter.

/// A dependency with all three values.
enum Greeting: DependencyKey {
  static let liveValue = "live"
  static let previewValue = "preview"
  static let testValue = "test"
}

/// Only a live value: previews and tests fall back to it (tests with an issue).
enum LiveOnlyKey: DependencyKey {
  static let liveValue = "live only"
}

/// Live and preview values, no test value.
enum LiveAndPreviewKey: DependencyKey {
  static let liveValue = "live"
  static let previewValue = "preview"
}

/// Only a test value: a live context reads it with an issue.
enum TestOnlyKey: TestDependencyKey {
  static let testValue = "test only"
}

/// A client in the struct-of-closures style the articles recommend.
struct NumberClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension NumberClient: DependencyKey {
  static let liveValue = NumberClient { "live \($0)" }
  static let testValue = NumberClient { "test \($0)" }
}

extension DependencyValues {
  var greeting: String {
    get { self[Greeting.self] }
    set { self[Greeting.self] = newValue }
  }
  var liveOnly: String {
    get { self[LiveOnlyKey.self] }
    set { self[LiveOnlyKey.self] = newValue }
  }
  var liveAndPreview: String {
    get { self[LiveAndPreviewKey.self] }
    set { self[LiveAndPreviewKey.self] = newValue }
  }
  var testOnly: String {
    get { self[TestOnlyKey.self] }
    set { self[TestOnlyKey.self] = newValue }
  }
  var numbers: NumberClient {
    get { self[NumberClient.self] }
    set { self[NumberClient.self] = newValue }
  }
}

/// A model that reads a dependency, as app code does.
final class GreetingModel {
  @Dependency(\.greeting) var greeting
}
