import ScopedOverrides
import Testing

// The lesson's tests for Steps 3 and 4, one suite per step; Steps 1 and 2 are in
// ScopedOverridesLessonTests.swift. Each calls your module by name
// (`ScopedOverrides.withDependencies`), so your code runs, not the library's. Suites run in
// parallel, so failures may print in any order: fix the lowest-numbered step first.

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
