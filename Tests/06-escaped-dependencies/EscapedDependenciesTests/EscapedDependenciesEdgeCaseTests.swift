import ConcurrencyExtras
import Dependencies
import DependenciesTestSupport
import Dispatch
import EscapedDependencies
import Testing

// Edge cases graded on top of the lesson's tests.

/// Thrown from inside `yield`, carrying the server the throwing code saw.
struct UploadFailed: Error, Equatable {
  var server: String
}

extension EscapedDependenciesTests {
  @Suite(.dependencies) struct EscapedEdgeCaseTests {
    @Test func nestedContinuationsKeepTheirOwnValues() async {
      let outer = withDependencies {
        $0.server = "outer server"
      } operation: {
        EscapedDependencies.withEscapedDependencies { $0 }
      }
      // Elsewhere, inside the outer values, override one more and escape again.
      let (outerRestored, inner) = await onAnotherQueue {
        outer.yield {
          let outerRestored = currentServer()
          let inner = withDependencies {
            $0.account = "inner account"
          } operation: {
            EscapedDependencies.withEscapedDependencies { $0 }
          }
          return (outerRestored, inner)
        }
      }
      let fromInner = await onAnotherQueue {
        inner.yield { (server: currentServer(), account: currentAccount()) }
      }
      let fromOuter = await onAnotherQueue {
        outer.yield { (server: currentServer(), account: currentAccount()) }
      }
      let cause =
        outerRestored == "outer server"
        ? """
        The outer `yield` did restore "outer server" where the inner continuation was made: \
        the inner one must capture the values current there.
        """
        : """
        The outer continuation's `yield` itself saw server "\(outerRestored)" where the inner \
        continuation was made, not its captured "outer server": `yield` must run its closure \
        with the captured values.
        """
      #expect(
        fromInner.server == "outer server",
        """
        A continuation made inside another one's `yield` saw server "\(fromInner.server)"; it \
        must keep what the outer one restored, "outer server". \(cause)
        """)
      #expect(
        fromInner.account == "inner account",
        """
        A continuation made inside another one's `yield`, within a `withDependencies` setting \
        `account` = "inner account", saw account "\(fromInner.account)"; it must keep that \
        override.
        """)
      #expect(
        fromOuter.server == "outer server",
        """
        Used again after an inner continuation was made, the outer continuation saw server \
        "\(fromOuter.server)" instead of its own "outer server". Each continuation must keep \
        its own values, in its own stored property — nothing shared between continuations.
        """)
      #expect(
        fromOuter.account == "guest",
        """
        Used again after an inner continuation was made with `account` = "inner account", the \
        outer continuation saw account "\(fromOuter.account)" instead of its own "guest". Each \
        continuation must keep its own values, in its own stored property — nothing shared \
        between continuations.
        """)
    }

    @Test func continuationsNeverShareValues() async {
      let continuations = (1...4).map { number in
        withDependencies {
          $0.server = "server \(number)"
        } operation: {
          EscapedDependencies.withEscapedDependencies { $0 }
        }
      }
      let seen = LockIsolated([Int: String]())
      let group = DispatchGroup()
      for (number, continuation) in zip(1..., continuations) {
        DispatchQueue.global().async(group: group) {
          let server = continuation.yield { currentServer() }
          seen.withValue { $0[number] = server }
        }
      }
      await withCheckedContinuation { done in
        group.notify(queue: .global()) { done.resume() }
      }
      let servers = (1...4).map { seen.value[$0] ?? "nothing" }
      #expect(
        servers == ["server 1", "server 2", "server 3", "server 4"],
        """
        Four continuations, made in scopes with servers 1 to 4 and used on other queues, saw \
        \(servers). Each continuation must restore the values of the scope it was made in.
        """)
    }

    @Test func restoresValuesInADelayedCallback() async {
      let server = await withDependencies {
        $0.server = "staging"
      } operation: {
        await withCheckedContinuation { done in
          EscapedDependencies.withEscapedDependencies { dependencies in
            DispatchQueue.global().asyncAfter(deadline: .now()) {
              dependencies.yield { done.resume(returning: currentServer()) }
            }
          }
        }
      }
      #expect(
        server == "staging",
        """
        A callback scheduled with `asyncAfter` (like a timer firing) saw `server` = \
        "\(server)" inside `yield` instead of "staging", the value where it was scheduled.
        """)
    }

    @Test func asyncYieldKeepsValuesAcrossSuspensions() async {
      let continuation = withDependencies {
        $0.server = "staging"
      } operation: {
        EscapedDependencies.withEscapedDependencies { $0 }
      }
      let (before, afterAwait) = await Task.detached {
        await continuation.yield {
          let before = currentServer()
          _ = await onAnotherQueue { currentServer() }
          return (before, currentServer())
        }
      }.value
      #expect(
        before == "staging",
        """
        In a `Task.detached`, which inherits no task-locals, `server` was "\(before)" at the \
        start of the async `yield`; it must be the captured "staging". The async `yield` must \
        run its operation with the values the continuation captured.
        """)
      #expect(
        afterAwait == "staging",
        """
        Inside the async `yield`, `server` was the captured "staging" at the start but \
        "\(afterAwait)" after an `await`. Restore the values around the whole async operation, \
        not just its first part.
        """)
    }

    @Test func yieldRethrowsWithTheValuesRestored() async {
      let continuation = withDependencies {
        $0.server = "staging"
      } operation: {
        EscapedDependencies.withEscapedDependencies { $0 }
      }
      let thrown = await onAnotherQueue { () -> UploadFailed? in
        do {
          try continuation.yield { () throws -> Void in
            throw UploadFailed(server: currentServer())
          }
          return nil
        } catch {
          return error as? UploadFailed
        }
      }
      let got = thrown.map { "an error thrown with server \"\($0.server)\"" } ?? "no error"
      #expect(
        thrown == UploadFailed(server: "staging"),
        """
        Code that throws inside `yield` should see the captured values and its error should reach \
        the caller; the caller got \(got).
        """)
    }
  }
}
