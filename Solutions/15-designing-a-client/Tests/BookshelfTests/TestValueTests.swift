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
    #if SOLUTION
      @Dependency(\.bookClient) var client
      let threw = LockIsolated(false)
      let issues = await issuesReported {
        do { _ = try await client.search("dune") } catch { threw.setValue(true) }
      }
      #expect(issues.count == 1)
      #expect(issues.first?.hasPrefix("Unimplemented: BookClient.search") == true)
      #expect(threw.value)
    #else
      // Show that in a test that overrides nothing, calling `bookClient.search` reports one
      // issue, "Unimplemented: BookClient.search …", and throws. `issuesReported` (in
      // Fixtures.swift) collects the issues instead of letting them fail your test.
    #endif
  }

  @Test(
    "with nothing overridden, fetch reports one issue, \"Unimplemented: BookClient.fetch …\", and throws"
  )
  func fetchReportsItsNameAndThrows() async {
    #if SOLUTION
      @Dependency(\.bookClient) var client
      let threw = LockIsolated(false)
      let issues = await issuesReported {
        do { _ = try await client.fetch(3) } catch { threw.setValue(true) }
      }
      #expect(issues.count == 1)
      #expect(issues.first?.hasPrefix("Unimplemented: BookClient.fetch") == true)
      #expect(threw.value)
    #else
      // Show the same of `bookClient.fetch`: one issue naming "BookClient.fetch", then a throw.
    #endif
  }

  @Test(
    "with nothing overridden, borrow reports one issue, \"Unimplemented: BookClient.borrow …\", and throws"
  )
  func borrowReportsItsNameAndThrows() async {
    #if SOLUTION
      @Dependency(\.bookClient) var client
      let threw = LockIsolated(false)
      let issues = await issuesReported {
        do { _ = try await client.borrow(3, "Ada") } catch { threw.setValue(true) }
      }
      #expect(issues.count == 1)
      #expect(issues.first?.hasPrefix("Unimplemented: BookClient.borrow") == true)
      #expect(threw.value)
    #else
      // Show the same of `bookClient.borrow`: one issue naming "BookClient.borrow", then a
      // throw.
    #endif
  }

  @Test("an override of the client's search is what the code reading the client calls")
  func anOverrideReachesTheCodeThatReadsTheClient() async throws {
    #if SOLUTION
      let books = try await withDependencies {
        $0.bookClient.search = { _ in [earthsea] }
      } operation: {
        @Dependency(\.bookClient) var client
        return try await client.search("earthsea")
      }
      #expect(books == [earthsea])
    #else
      // Show that the client is registered: inside `withDependencies`, an override of
      // `$0.bookClient.search` is what `@Dependency(\.bookClient)` calls.
    #endif
  }
}
