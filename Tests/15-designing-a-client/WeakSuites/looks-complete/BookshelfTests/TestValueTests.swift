import Bookshelf
import Dependencies
import Foundation
import Testing

// A weak suite that looks complete: every test of the reference suite, with its names and
// set-up, but each checks one value only.

@Suite("Step 1: the client is registered, and its test value fails by name")
struct TestValueTests {
  @Test(
    "with nothing overridden, search reports one issue, \"Unimplemented: BookClient.search …\", and throws"
  )
  func searchReportsItsNameAndThrows() async {
    @Dependency(\.bookClient) var client
    let threw = LockIsolated(false)
    let issues = await issuesReported {
      do { _ = try await client.search("dune") } catch { threw.setValue(true) }
    }
    #expect(issues.first?.hasPrefix("Unimplemented: BookClient.search") == true)
  }

  @Test(
    "with nothing overridden, fetch reports one issue, \"Unimplemented: BookClient.fetch …\", and throws"
  )
  func fetchReportsItsNameAndThrows() async {
    @Dependency(\.bookClient) var client
    let threw = LockIsolated(false)
    let issues = await issuesReported {
      do { _ = try await client.fetch(3) } catch { threw.setValue(true) }
    }
    #expect(issues.first?.hasPrefix("Unimplemented: BookClient.fetch") == true)
  }

  @Test(
    "with nothing overridden, borrow reports one issue, \"Unimplemented: BookClient.borrow …\", and throws"
  )
  func borrowReportsItsNameAndThrows() async {
    @Dependency(\.bookClient) var client
    let threw = LockIsolated(false)
    let issues = await issuesReported {
      do { _ = try await client.borrow(3, "Ada") } catch { threw.setValue(true) }
    }
    #expect(issues.first?.hasPrefix("Unimplemented: BookClient.borrow") == true)
  }

  @Test("an override of the client's search is what the code reading the client calls")
  func anOverrideReachesTheCodeThatReadsTheClient() async throws {
    let books = try await withDependencies {
      $0.bookClient.search = { _ in [earthsea] }
    } operation: {
      @Dependency(\.bookClient) var client
      return try await client.search("earthsea")
    }
    #expect(books.first == earthsea)
  }
}
