import ScopedOverrides
import Testing

// The lesson's tests, one suite per step. Each calls your module by name
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

@Suite("Step 3: async scopes hold across awaits and reach child tasks")
struct AsyncScopeTests {
  @Test func valuesStayAcrossAwaits() async {
    let (before, after) = await ScopedOverrides.withDependencies {
      $0.server = await onAnotherQueue { "staging" }
    } operation: {
      let before = currentServer()
      _ = await onAnotherQueue { 0 }
      return (before, currentServer())
    }
    #expect(
      before == "staging",
      """
      In an async scope with `server` = "staging", code saw "\(before)" at the start of \
      `operation`; it should see "staging". Step 3: run the async `operation` inside the async \
      `DependencyValues.$_current.withValue`, which keeps the value in place for the whole \
      operation.
      """)
    #expect(
      after == "staging",
      """
      In an async scope with `server` = "staging", code saw "staging" at the start of \
      `operation` but "\(after)" after an `await`; it should still see "staging". Step 3: the \
      async `DependencyValues.$_current.withValue` keeps the value in place across every \
      `await` of the operation it runs.
      """)
    #expect(
      currentServer() == "default server",
      """
      After the async scope returned, `server` was "\(currentServer())"; it should be back to \
      "default server".
      """)
  }

  @Test func childTasksInherit() async {
    let (fromAsyncLet, fromGroup, fromTask) = await ScopedOverrides.withDependencies {
      $0.server = "staging"
    } operation: {
      async let fromAsyncLet = currentServer()
      let fromGroup = await withTaskGroup(of: String.self) { group in
        group.addTask { currentServer() }
        return await group.next() ?? "nothing"
      }
      let fromTask = await Task { currentServer() }.value
      return await (fromAsyncLet, fromGroup, fromTask)
    }
    #expect(
      fromAsyncLet == "staging",
      """
      An `async let` started in a scope with `server` = "staging" saw "\(fromAsyncLet)". Child \
      tasks copy the task-locals of the task that starts them: Step 3 must make the values \
      current while `operation` runs.
      """)
    #expect(
      fromGroup == "staging",
      """
      A task group child started in a scope with `server` = "staging" saw "\(fromGroup)"; it \
      should inherit the scope's values (Step 3).
      """)
    #expect(
      fromTask == "staging",
      """
      A `Task { }` started in a scope with `server` = "staging" saw "\(fromTask)"; it should \
      inherit the scope's values (Step 3).
      """)
  }

  @Test func detachedTasksInheritNothing() async {
    let (inside, detached) = await ScopedOverrides.withDependencies {
      $0.server = "staging"
    } operation: {
      let inside = currentServer()
      let detached = await Task.detached { currentServer() }.value
      return (inside, detached)
    }
    #expect(
      inside == "staging",
      """
      Inside an async scope with `server` = "staging", code saw "\(inside)". Step 3: run the \
      async `operation` with the changed values in place.
      """)
    #expect(
      detached == "default server",
      """
      A `Task.detached` started inside the scope saw `server` = "\(detached)"; a detached task \
      inherits no task-locals, so it should see "default server". Keep the values in \
      `DependencyValues._current`, never in a variable the whole process shares.
      """)
  }

  @Test func aTaskOutlivesTheScopeWithItsValues() async {
    // The task waits until the scope has returned before it reads `server`.
    let (scopeEnded, endScope) = AsyncStream<Never>.makeStream()
    let task = ScopedOverrides.withDependencies {
      $0.server = "staging"
    } operation: {
      Task {
        for await _ in scopeEnded {}
        return currentServer()
      }
    }
    endScope.finish()
    let seen = await task.value
    #expect(
      seen == "staging",
      """
      A `Task { }` created in a (sync) scope with `server` = "staging" read "\(seen)" after the \
      scope had returned. A task copies the task-locals when it is created, so it keeps the \
      scope's values for its whole life: Step 1 must make them current inside `operation`.
      """)
  }
}

@Suite("Step 4: child models inherit their parent's dependencies")
struct ChildModelTests {
  @Test func aChildUsesItsParentsClient() async throws {
    let parent = ScopedOverrides.withDependencies {
      $0.apiClient = .mock
      $0.server = "staging"
    } operation: {
      AppModel()
    }
    // The scope has ended; the parent makes its child now, with the defaults current.
    let child = parent.openProfile()
    let name = try await child.loadName()
    let parentHas =
      parent.apiClient.name == "mock" ? "" : " (it has the \"\(parent.apiClient.name)\" client)"
    #expect(
      child.apiClient.name == "mock",
      """
      A parent created in a scope with the "mock" client\(parentHas) made a child after the \
      scope had ended; the child has the "\(child.apiClient.name)" client, and should have its \
      parent's "mock" client. Step 4: `withDependencies(from: parent)` starts from the values \
      the parent's `@Dependency` properties captured (find them with `capturedValues(of:)`), \
      not from the current ones.
      """)
    #expect(
      child.server == "staging",
      """
      A parent created in a scope with server "staging" made a child with its parent's "mock" \
      client but server "\(child.server)"; it should have the parent's "staging" too (Step 4).
      """)
    #expect(
      name == "mock user 1",
      """
      The child loaded "\(name)" through its API client; with the parent's mock client it \
      should load "mock user 1" (Step 4).
      """)
  }

  @Test func aChildCanOverrideOnTopOfItsParent() {
    let parent = ScopedOverrides.withDependencies {
      $0.apiClient = .mock
      $0.server = "staging"
    } operation: {
      AppModel()
    }
    let child = parent.startTutorial()
    #expect(
      child.account == "tutorial",
      """
      `withDependencies(from: parent) { $0.account = "tutorial" } operation: { … }` made a \
      child whose account is "\(child.account)"; it should be "tutorial". Step 4: apply \
      `updateValues` after the parent's values.
      """)
    #expect(
      child.apiClient.name == "mock",
      """
      A child that overrides only `account` has the "\(child.apiClient.name)" client; what it \
      does not override should come from its parent: the "mock" client (Step 4).
      """)
    #expect(
      child.server == "staging",
      """
      A child that overrides only `account` has server "\(child.server)"; what it does not \
      override should come from its parent: "staging" (Step 4).
      """)
    #expect(
      currentAccount() == "guest",
      """
      After the child was made, code outside read `account` = "\(currentAccount())"; the \
      child's override must end with its scope ("guest").
      """)
  }

  @Test func theAsyncFormInheritsToo() async {
    let parent = ScopedOverrides.withDependencies {
      $0.apiClient = .mock
      $0.server = "staging"
    } operation: {
      AppModel()
    }
    let child = await ScopedOverrides.withDependencies(from: parent) {
      $0.account = await onAnotherQueue { "async account" }
    } operation: {
      ProfileModel(userID: 3)
    }
    #expect(
      child.apiClient.name == "mock",
      """
      The async `withDependencies(from: parent) { $0.account = await … }` made a child with \
      the "\(child.apiClient.name)" client; it should have the parent's "mock" client. Step 4: \
      the async form works like the sync one, on top of your async `withDependencies`.
      """)
    #expect(
      child.server == "staging",
      """
      The async `withDependencies(from: parent) { $0.account = await … }` made a child with \
      the parent's "mock" client but server "\(child.server)"; it should have the parent's \
      "staging" too (Step 4).
      """)
    #expect(
      child.account == "async account",
      """
      The async `withDependencies(from: parent) { $0.account = await … }` made a child with \
      account "\(child.account)"; `updateValues` set it to "async account", on top of the \
      parent's values (Step 4).
      """)
  }
}
