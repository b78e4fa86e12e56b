import Dependencies
import DependenciesTestSupport
import Dispatch
import EscapedDependencies
import Testing

// The lesson's tests, in the order of its steps. Each calls your module by name
// (`EscapedDependencies.withEscapedDependencies`), so your code runs, not the library's.

/// Every suite of this module is nested in this one and runs one test at a time. A wrong
/// continuation that keeps its values in one process-wide place would otherwise fail or pass
/// depending on what other tests were doing at that moment; one at a time, it loses the same
/// tests on every run.
@Suite(.serialized) struct EscapedDependenciesTests {}

extension EscapedDependenciesTests {
  /// Steps 1 and 2: capture the values when the continuation is made; restore them in `yield`.
  @Suite("Steps 1 and 2: capture when the continuation is made, restore in yield", .dependencies)
  struct SyncYieldTests {
    /// What code on another queue saw: before `yield`, inside it, and after it.
    typealias Seen = (before: String, inside: String, after: String)

    @Test func restoresValuesAfterAQueueHop() async {
      let (before, inside, after) = await withDependencies {
        $0.server = "staging"
      } operation: {
        await withCheckedContinuation { (done: CheckedContinuation<Seen, Never>) in
          EscapedDependencies.withEscapedDependencies { dependencies in
            DispatchQueue.global().async {
              let before = currentServer()
              let inside = dependencies.yield { currentServer() }
              let after = currentServer()
              done.resume(returning: (before, inside, after))
            }
          }
        }
      }
      #expect(
        before == "unconfigured",
        """
        Surprise: on the global queue, before `yield`, `server` was already "\(before)". \
        The hop should have lost the override; this test cannot show anything.
        """)
      #expect(
        inside == "staging",
        """
        Inside `yield`, on another queue, `server` was "\(inside)", but the continuation was made \
        where it was "staging". Store `DependencyValues._current` in the continuation (Step 1) \
        and make `yield` run its closure with those values (Step 2).
        """)
      #expect(
        after == "unconfigured",
        """
        After `yield` returned, the queue still saw `server` = "\(after)". Restore the values \
        only while the closure runs (a task-local scope), never for good.
        """)
    }

    @Test func restoresValuesInACompletionHandler() async {
      let report = await withDependencies {
        $0.server = "staging"
      } operation: {
        await withCheckedContinuation { done in
          ReportLoader().load("sales.csv") { done.resume(returning: $0) }
        }
      }
      #expect(
        report == Report(contents: "contents of sales.csv", server: "staging"),
        """
        The downloader's completion handler read `server` = "\(report.server)" inside `yield`, \
        but the download was started where it was "staging". A completion handler runs on the \
        downloader's queue, outside every task-local scope: `yield` must put back the values the \
        continuation captured.
        """)
    }

    @Test func capturesValuesWhenTheContinuationIsMade() {
      let continuation = withDependencies {
        $0.server = "where it was made"
      } operation: {
        EscapedDependencies.withEscapedDependencies { $0 }
      }
      let seen = withDependencies {
        $0.server = "where it was used"
      } operation: {
        continuation.yield { currentServer() }
      }
      #expect(
        seen == "where it was made",
        """
        A continuation made where `server` was "where it was made", used inside a scope where it \
        is "where it was used", saw `server` = "\(seen)" in `yield`; it must see "where it was \
        made". A continuation keeps the values of the scope it was created in: read \
        `DependencyValues._current` once, when the continuation is made (a stored property, \
        Step 1), and have `yield` put exactly those back (Step 2).
        """)
    }

    @Test func withDependenciesInsideYieldOverridesAgain() async {
      let continuation = withDependencies {
        $0.server = "staging"
        $0.account = "blob"
      } operation: {
        EscapedDependencies.withEscapedDependencies { $0 }
      }
      let (inYield, overridden, restored) = await onAnotherQueue {
        continuation.yield {
          let inYield = currentServer()
          let overridden = withDependencies {
            $0.account = "admin"
          } operation: {
            (server: currentServer(), account: currentAccount())
          }
          return (inYield, overridden, (server: currentServer(), account: currentAccount()))
        }
      }
      #expect(
        overridden.account == "admin",
        """
        A `withDependencies` inside `yield` set `account` to "admin", but the code inside it saw \
        "\(overridden.account)". Overrides made inside `yield` must win for their own scope.
        """)
      let cause =
        inYield == "staging"
        ? """
        Code in `yield` saw "staging" before that `withDependencies`, so the override lost it: \
        an override inside `yield` builds on the captured values.
        """
        : """
        Code in `yield` saw `server` = "\(inYield)" even before that `withDependencies`: \
        `yield` must run its closure with the captured values (Step 2), and an override \
        inside it builds on them.
        """
      #expect(
        overridden.server == "staging",
        """
        Inside `yield`, a `withDependencies` that overrides only `account` saw `server` = \
        "\(overridden.server)" instead of the captured "staging". \(cause)
        """)
      #expect(
        restored.server == "staging",
        """
        After the inner `withDependencies` ended, `yield` saw server "\(restored.server)"; it \
        should be back to the captured "staging".
        """)
      #expect(
        restored.account == "blob",
        """
        After the inner `withDependencies` (which set `account` = "admin") ended, `yield` saw \
        account "\(restored.account)"; it should be back to the captured "blob".
        """)
    }
  }

  /// Step 3: the async `yield`, and the async `withEscapedDependencies`.
  @Suite("Step 3: the async yield", .dependencies)
  struct AsyncYieldTests {
    @Test func restoresValuesInAnAsyncCallback() async throws {
      let name = try await withDependencies {
        $0.profiles.fetchName = { "staging user \($0)" }
      } operation: {
        try await withCheckedThrowingContinuation {
          (done: CheckedContinuation<String, any Error>) in
          EscapedDependencies.withEscapedDependencies { dependencies in
            LegacyDownloader().download("profile.json") { _ in
              // A `Task` made in a completion handler inherits no task-locals: none are set here.
              Task {
                do {
                  let name = try await dependencies.yield {
                    @Dependency(\.profiles) var profiles
                    return try await profiles.fetchName(7)
                  }
                  done.resume(returning: name)
                } catch {
                  done.resume(throwing: error)
                }
              }
            }
          }
        }
      }
      #expect(
        name == "staging user 7",
        """
        In a `Task` started from a completion handler, the async `yield` fetched "\(name)" \
        instead of "staging user 7", the answer of the profile client the continuation \
        captured. The async `yield` needs the same restoring as the sync one (Step 3), around \
        the whole async operation.
        """)
    }

    @Test func asyncOverloadCarriesTheScope() async throws {
      let (server, name) = try await withDependencies {
        $0.server = "staging"
        $0.profiles.fetchName = { "staging user \($0)" }
      } operation: {
        try await EscapedDependencies.withEscapedDependencies { dependencies in
          let server = await onAnotherQueue { dependencies.yield { currentServer() } }
          let name = try await Task.detached {
            try await dependencies.yield {
              @Dependency(\.profiles) var profiles
              return try await profiles.fetchName(3)
            }
          }.value
          return (server, name)
        }
      }
      #expect(
        server == "staging",
        """
        With the async `withEscapedDependencies`, the sync `yield` on another queue saw `server` \
        = "\(server)" instead of "staging". Both overloads must hand over a continuation holding \
        the values of the scope they were called in.
        """)
      #expect(
        name == "staging user 3",
        """
        In a `Task.detached` (which, like a queue hop, inherits no task-locals), the async \
        `yield` fetched "\(name)" instead of "staging user 3": restore the captured values in \
        the async `yield` too.
        """)
    }
  }
}
