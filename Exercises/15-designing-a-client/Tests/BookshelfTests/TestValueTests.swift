import Bookshelf
import Dependencies
import Foundation
import Testing

@Suite("Step 1: the client is registered, and its test value fails by name")
struct TestValueTests {
  @Test func searchReportsItsNameAndThrows() async {
    // Show that in a test that overrides nothing, calling `bookClient.search` reports one
    // issue, "Unimplemented: BookClient.search …", and throws. `issuesReported` (in
    // Fixtures.swift) collects the issues instead of letting them fail your test.
  }

  @Test func fetchReportsItsNameAndThrows() async {
    // Show the same of `bookClient.fetch`: one issue naming "BookClient.fetch", then a throw.
  }

  @Test func borrowReportsItsNameAndThrows() async {
    // Show the same of `bookClient.borrow`: one issue naming "BookClient.borrow", then a
    // throw.
  }

  @Test func anOverrideReachesTheCodeThatReadsTheClient() async throws {
    // Show that the client is registered: inside `withDependencies`, an override of
    // `$0.bookClient.search` is what `@Dependency(\.bookClient)` calls.
  }
}
