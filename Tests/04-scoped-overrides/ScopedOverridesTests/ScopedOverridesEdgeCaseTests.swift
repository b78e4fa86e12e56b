import ConcurrencyExtras
import IssueReporting
import ScopedOverrides
import Testing

// Edge cases graded on top of the lesson's tests.

@Suite struct ScopeEdgeCaseTests {
  @Test func updateValuesStartsFromTheCurrentValues() async {
    let (outer, sync, async) = await ScopedOverrides.withDependencies {
      $0.server = "outer"
    } operation: {
      let outer = currentServer()
      let sync = ScopedOverrides.withDependencies {
        $0.server += " + inner"
      } operation: {
        currentServer()
      }
      let async = await ScopedOverrides.withDependencies {
        $0.server += await onAnotherQueue { " + async inner" }
      } operation: {
        currentServer()
      }
      return (outer, sync, async)
    }
    let syncCause =
      if outer != "outer" {
        """
        That outer scope is an async `withDependencies`, and its own `operation` read \
        "\(outer)": the async form must put its values in place while `operation` runs.
        """
      } else if sync == "default server + inner" {
        """
        `updateValues` must receive the current scope's values, `DependencyValues._current`, \
        not fresh ones.
        """
      } else {
        "The sync `withDependencies` must apply `updateValues` to the current scope's values."
      }
    #expect(
      sync == "outer + inner",
      """
      Inside a scope with `server` = "outer", `withDependencies { $0.server += " + inner" }` \
      gave "\(sync)" instead of "outer + inner". \(syncCause)
      """)
    let asyncCause =
      if async == "default server + async inner" {
        "The async form must start from `DependencyValues._current` too, not from fresh values."
      } else {
        """
        The async form must apply `updateValues` to the current scope's values and run \
        `operation` with them.
        """
      }
    #expect(
      async == "outer + async inner",
      """
      Inside a scope with `server` = "outer", the async `withDependencies { $0.server += … }` \
      gave "\(async)" instead of "outer + async inner". \(asyncCause)
      """)
  }

  @Test func aThrowingUpdateSkipsTheOperation() {
    let operationRan = LockIsolated(false)
    var thrown: SawServer?
    do {
      try ScopedOverrides.withDependencies {
        $0.server = "half set"
        throw SawServer(server: $0.server)
      } operation: {
        operationRan.setValue(true)
      }
    } catch {
      thrown = error as? SawServer
    }
    let got = thrown.map { "an error carrying \"\($0.server)\"" } ?? "no error"
    #expect(
      thrown == SawServer(server: "half set"),
      """
      When `updateValues` throws an error carrying "half set", the error should reach the \
      caller; the caller got \(got) (and `operation` \
      \(operationRan.value ? "ran" : "did not run")).
      """)
    #expect(
      !operationRan.value,
      """
      `updateValues` threw, and its error reached the caller, but `operation` ran anyway; once \
      `updateValues` throws, `operation` must never run.
      """)
    #expect(
      currentServer() == "default server",
      """
      After `updateValues` threw, `server` was "\(currentServer())"; nothing it set may \
      remain ("default server").
      """)
  }

  @Test func anAsyncErrorEndsTheScope() async {
    var thrown: SawServer?
    do {
      try await ScopedOverrides.withDependencies {
        $0.server = "staging"
      } operation: {
        _ = await onAnotherQueue { 0 }
        throw SawServer(server: currentServer())
      }
    } catch {
      thrown = error as? SawServer
    }
    let got = thrown.map { "an error thrown with server \"\($0.server)\"" } ?? "no error"
    #expect(
      thrown == SawServer(server: "staging"),
      """
      An async `operation` that throws after an `await` should still see the scope's values, \
      and its error should reach the caller; the caller got \(got) instead of one thrown with \
      server "staging".
      """)
    #expect(
      currentServer() == "default server",
      """
      After the async scope ended by throwing, `server` was "\(currentServer())"; it should \
      be back to "default server".
      """)
  }

  @Test func asyncScopesNest() async {
    let (inner, afterInner) = await ScopedOverrides.withDependencies {
      $0.server = "staging"
    } operation: {
      let inner = await ScopedOverrides.withDependencies {
        $0.account = "blob"
      } operation: {
        _ = await onAnotherQueue { 0 }
        return (server: currentServer(), account: currentAccount())
      }
      _ = await onAnotherQueue { 0 }
      return (inner, (server: currentServer(), account: currentAccount()))
    }
    #expect(
      inner.server == "staging",
      """
      An async scope setting `account` = "blob" inside one setting `server` = "staging" saw \
      server "\(inner.server)" after an `await`; it should see the outer scope's "staging".
      """)
    #expect(
      inner.account == "blob",
      """
      An async scope setting `account` = "blob" inside one setting `server` = "staging" saw \
      account "\(inner.account)" after an `await`; it should see its own "blob".
      """)
    #expect(
      afterInner.server == "staging",
      """
      After the inner async scope returned, the outer one saw server "\(afterInner.server)" \
      after an `await`, instead of its own "staging".
      """)
    #expect(
      afterInner.account == "guest",
      """
      After the inner async scope returned, the outer one saw account \
      "\(afterInner.account)" after an `await`; the inner scope's "blob" should have ended \
      with it, leaving "guest".
      """)
  }

  @Test func concurrentScopesStayApart() async {
    let seen = await withTaskGroup(of: (Int, String).self) { group in
      for number in 1...4 {
        group.addTask {
          await ScopedOverrides.withDependencies {
            $0.server = "server \(number)"
          } operation: {
            _ = await onAnotherQueue { 0 }
            return (number, currentServer())
          }
        }
      }
      var seen: [Int: String] = [:]
      for await (number, server) in group {
        seen[number] = server
      }
      return seen
    }
    let servers = (1...4).map { seen[$0] ?? "nothing" }
    let expected = ["server 1", "server 2", "server 3", "server 4"]
    let sawAnother = zip(servers, expected).contains { $0 != $1 && expected.contains($0) }
    let cause =
      sawAnother
      ? "A task saw another task's server: each task's scope belongs to that task alone."
      : "Each should see its own scope's server."
    #expect(
      servers == expected,
      """
      Four tasks, each in its own async scope with servers 1 to 4, running at the same time, \
      saw \(servers) after an `await`. \(cause)
      """)
  }

  @Test func tasksInheritTheInnermostScope() async {
    let seen = await ScopedOverrides.withDependencies {
      $0.server = "staging"
    } operation: {
      await ScopedOverrides.withDependencies {
        $0.account = "blob"
      } operation: {
        await Task {
          await withTaskGroup(of: String.self) { group in
            group.addTask { "\(currentServer()), \(currentAccount())" }
            return await group.next() ?? "nothing"
          }
        }.value
      }
    }
    #expect(
      seen == "staging, blob",
      """
      A task group child inside a `Task { }`, started in an inner scope (`account` = "blob") \
      inside an outer one (`server` = "staging"), saw "\(seen)" instead of "staging, blob".
      """)
  }
}
