import Bookshelf
import Dependencies
import Foundation
import Testing

@Suite("Step 1: the client is registered, and its test value fails by name")
struct TestValueTests {
  @Test(
    "with nothing overridden, search reports one issue, \"Unimplemented: BookClient.search …\", and throws"
  )
  func searchReportsItsNameAndThrows() async {
    // Show that in a test that overrides nothing, calling `bookClient.search` reports one
    // issue, "Unimplemented: BookClient.search …", and throws. `issuesReported` (in
    // Fixtures.swift) collects the issues instead of letting them fail your test.
  }

  @Test(
    "with nothing overridden, fetch reports one issue, \"Unimplemented: BookClient.fetch …\", and throws"
  )
  func fetchReportsItsNameAndThrows() async {
    // Show the same of `bookClient.fetch`: one issue naming "BookClient.fetch", then a throw.
  }

  @Test(
    "with nothing overridden, borrow reports one issue, \"Unimplemented: BookClient.borrow …\", and throws"
  )
  func borrowReportsItsNameAndThrows() async {
    // Show the same of `bookClient.borrow`: one issue naming "BookClient.borrow", then a
    // throw.
  }

  @Test("an override of the client's search is what the code reading the client calls")
  func anOverrideReachesTheCodeThatReadsTheClient() async throws {
    // Show that the client is registered: inside `withDependencies`, an override of
    // `$0.bookClient.search` is what `@Dependency(\.bookClient)` calls.
  }
}
