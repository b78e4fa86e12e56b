import ScopedOverrides
import Testing

// The lesson's tests for Steps 1 and 2, one suite per step; Steps 3 and 4 are in
// AsyncScopeAndChildModelLessonTests.swift. Each calls your module by name
// (`ScopedOverrides.withDependencies`), so your code runs, not the library's. Suites run in
// parallel, so failures may print in any order: fix the lowest-numbered step first.

@Suite("Step 1: an override reaches the code inside the scope, and only that code")
struct SyncScopeTests {
  @Test func operationSeesTheOverride() {
    let seen = ScopedOverrides.withDependencies {
      $0.server = "staging"
    } operation: {
      currentServer()
    }
    #expect(
      seen == "staging",
      """
      Inside `withDependencies { $0.server = "staging" } operation: { … }`, code read \
      `server` = "\(seen)"; it should read "staging". Step 1: let `updateValues` change a \
      `DependencyValues`, then run `operation` with it as `DependencyValues._current` \
      (`DependencyValues.$_current.withValue(values) { … }`).
      """)
  }

  @Test func theOverrideEndsWithTheScope() {
    let inside = ScopedOverrides.withDependencies {
      $0.server = "staging"
    } operation: {
      currentServer()
    }
    let after = currentServer()
    #expect(
      inside == "staging",
      """
      Inside the scope, `server` was "\(inside)" instead of "staging". Step 1: run `operation` \
      with the changed values in place.
      """)
    #expect(
      after == "default server",
      """
      After `withDependencies` returned, `server` was still "\(after)"; it should be back to \
      "default server". Step 1: change `DependencyValues._current` only for the duration of \
      `operation`, with `withValue`, never for good.
      """)
  }

  @Test func aModelMadeInTheScopeKeepsItsOverrides() async throws {
    let model = ScopedOverrides.withDependencies {
      $0.apiClient = .mock
      $0.server = "staging"
    } operation: {
      ProfileModel(userID: 7)
    }
    let name = try await model.loadName()
    #expect(
      model.apiClient.name == "mock",
      """
      A model created inside `withDependencies { $0.apiClient = .mock; $0.server = "staging" }` \
      has the "\(model.apiClient.name)" client; it should have the "mock" client. Its \
      `@Dependency` properties capture `DependencyValues._current` when the model is created: \
      Step 1 must make the overrides current while `operation` runs.
      """)
    #expect(
      model.server == "staging",
      """
      A model created inside `withDependencies { $0.apiClient = .mock; $0.server = "staging" }` \
      has the "mock" client but server "\(model.server)"; it should have "staging" too: every \
      override `updateValues` made must be current while `operation` runs (Step 1).
      """)
    #expect(
      name == "mock user 7",
      """
      A model with the "mock" client loaded "\(name)" through it; it should load "mock user 7".
      """)
    #expect(
      currentServer() == "default server",
      """
      After the scope, code outside the model read `server` = "\(currentServer())"; only the \
      model keeps the overrides, everything else is back to "default server".
      """)
  }
}

@Suite("Step 2: scopes nest, and an error ends a scope like a return does")
struct NestedScopeTests {
  @Test func anInnerScopeKeepsTheOuterOverrides() {
    let (outer, inner, afterInner) = ScopedOverrides.withDependencies {
      $0.server = "staging"
    } operation: {
      let outer = currentServer()
      let inner = ScopedOverrides.withDependencies {
        $0.account = "blob"
      } operation: {
        (server: currentServer(), account: currentAccount())
      }
      return (outer, inner, (server: currentServer(), account: currentAccount()))
    }
    let cause =
      outer == "staging"
      ? """
      The outer scope's own `operation` saw "staging", so the inner scope lost it. Step 2: \
      start from the current scope's values, `DependencyValues._current`, not from fresh ones.
      """
      : """
      The outer scope's own `operation` saw "\(outer)" already: Step 1 must make the values \
      current while `operation` runs.
      """
    #expect(
      inner.server == "staging",
      """
      An inner scope that sets only `account` = "blob", inside an outer scope that set \
      `server` = "staging", saw server "\(inner.server)"; it should still see the outer \
      "staging". \(cause)
      """)
    #expect(
      inner.account == "blob",
      """
      An inner scope that sets `account` = "blob" saw account "\(inner.account)"; it should see \
      its own "blob".
      """)
    #expect(
      afterInner.server == "staging",
      """
      Back in the outer scope after the inner one returned, code saw server \
      "\(afterInner.server)"; it should see the outer "staging" again.
      """)
    #expect(
      afterInner.account == "guest",
      """
      Back in the outer scope after the inner one returned, code saw account \
      "\(afterInner.account)"; the inner scope's "blob" should have ended with it, leaving \
      "guest".
      """)
  }

  @Test func anInnerScopeCanOverrideTheSameDependency() {
    let (inner, afterInner) = ScopedOverrides.withDependencies {
      $0.server = "outer"
    } operation: {
      let inner = ScopedOverrides.withDependencies {
        $0.server = "inner"
      } operation: {
        currentServer()
      }
      return (inner, currentServer())
    }
    let afterOuter = currentServer()
    #expect(
      [inner, afterInner, afterOuter] == ["inner", "outer", "default server"],
      """
      With `server` = "outer" in an outer scope and "inner" in a scope inside it, code saw \
      "\(inner)" in the inner scope, "\(afterInner)" after it and "\(afterOuter)" after both; \
      it should see "inner", "outer", "default server". Steps 1 and 2: the innermost scope \
      wins, and each scope's values last only as long as its `operation`.
      """)
  }

  @Test func anErrorEndsTheScope() {
    var thrown: SawServer?
    do {
      try ScopedOverrides.withDependencies {
        $0.server = "staging"
      } operation: {
        throw SawServer(server: currentServer())
      }
    } catch {
      thrown = error as? SawServer
    }
    let after = currentServer()
    let got = thrown.map { "an error thrown with server \"\($0.server)\"" } ?? "no error"
    #expect(
      thrown == SawServer(server: "staging"),
      """
      An `operation` that throws, in a scope with `server` = "staging", threw an error \
      carrying the `server` it saw; the caller got \(got), but it should get one carrying \
      "staging". Steps 1 and 2: run the throwing `operation` inside the scope, with `try`.
      """)
    #expect(
      after == "default server",
      """
      After the scope ended by throwing, `server` was "\(after)"; it should be back to \
      "default server". A task-local scope ends however the closure ends.
      """)
  }
}
