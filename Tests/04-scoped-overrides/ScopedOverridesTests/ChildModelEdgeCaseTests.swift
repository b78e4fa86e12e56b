import ConcurrencyExtras
import IssueReporting
import ScopedOverrides
import Testing

// Edge cases of withDependencies(from:), graded on top of the lesson's tests.

@Suite struct ChildModelEdgeCaseTests {
  @Test func theCurrentScopeWinsOverTheParent() {
    let parent = ScopedOverrides.withDependencies {
      $0.apiClient = .mock
      $0.server = "parent server"
    } operation: {
      AppModel()
    }
    let child = ScopedOverrides.withDependencies {
      $0.server = "screen server"
      $0.account = "screen account"
    } operation: {
      parent.openProfile()
    }
    let cause =
      child.server == "parent server"
      ? """
      The parent's value won. As in the library, what the current scope overrides wins over \
      the parent's values: lay `DependencyValues._current` on top of the parent's values \
      (`parentValues.merging(DependencyValues._current)`).
      """
      : """
      It should get the scope's "screen server": what the current scope overrides wins over \
      the parent's values.
      """
    #expect(
      child.server == "screen server",
      """
      A parent made in a scope with server "parent server" made a child inside a scope that \
      overrides `server` = "screen server"; the child got "\(child.server)". \(cause)
      """)
    #expect(
      child.account == "screen account",
      """
      The current scope set `account` = "screen account", which the parent never set; the \
      child got "\(child.account)". Keep the current scope's overrides on top of the \
      parent's values, do not drop them.
      """)
    #expect(
      child.apiClient.name == "mock",
      """
      The current scope did not touch `apiClient`, so the child should have its parent's \
      "mock" client; it has "\(child.apiClient.name)".
      """)
  }

  @Test func updateValuesWinOverTheScopeAndTheParent() {
    let parent = ScopedOverrides.withDependencies {
      $0.apiClient = .mock
      $0.server = "parent server"
    } operation: {
      AppModel()
    }
    let child = ScopedOverrides.withDependencies {
      $0.server = "screen server"
    } operation: {
      ScopedOverrides.withDependencies(from: parent) {
        $0.server = "child server"
      } operation: {
        ProfileModel(userID: 5)
      }
    }
    #expect(
      child.server == "child server",
      """
      `withDependencies(from: parent) { $0.server = "child server" }`, inside a scope with \
      server "screen server", under a parent made in a scope with server "parent server", made \
      a child with server "\(child.server)"; it should have "child server": what \
      `updateValues` sets wins over both the scope's and the parent's values.
      """)
    #expect(
      child.apiClient.name == "mock",
      """
      `withDependencies(from: parent) { $0.server = "child server" }`, under a parent made in \
      a scope with the "mock" client, made a child with the "\(child.apiClient.name)" client; \
      neither the scope nor `updateValues` set `apiClient`, so the child should have its \
      parent's "mock".
      """)
  }

  @Test func grandchildrenInheritFromEveryGeneration() {
    let parent = ScopedOverrides.withDependencies {
      $0.apiClient = .mock
      $0.server = "staging"
    } operation: {
      AppModel()
    }
    let child = parent.startTutorial()
    let grandchild = child.openSettings()
    // What the child itself has, for the messages: the grandchild should have the same.
    let childHas = """
      the child has the "\(child.apiClient.name)" client, server "\(child.server)" and account \
      "\(child.account)"
      """
    #expect(
      grandchild.apiClient.name == "mock",
      """
      A parent made in a scope with the "mock" client and server "staging" made a child with \
      `account` = "tutorial" (\(childHas)), and the child made a grandchild with \
      `withDependencies(from: child)`. The grandchild has the "\(grandchild.apiClient.name)" \
      client; it should have the "mock" client, inherited through the child.
      """)
    #expect(
      grandchild.server == "staging",
      """
      A grandchild made with `withDependencies(from: child)` (\(childHas)) has the "mock" \
      client but server "\(grandchild.server)"; it should have "staging", inherited through \
      the child.
      """)
    #expect(
      grandchild.account == "tutorial",
      """
      A grandchild made with `withDependencies(from: child)` (\(childHas)) has account \
      "\(grandchild.account)"; it should have its parent's "tutorial".
      """)
  }

  @Test func theAsyncFormKeepsTheParentsValuesAcrossAwaits() async throws {
    let parent = ScopedOverrides.withDependencies {
      $0.apiClient = .mock
      $0.server = "staging"
    } operation: {
      AppModel()
    }
    let (server, name) = try await ScopedOverrides.withDependencies(from: parent) {
      _ = await onAnotherQueue { 0 }
      let child = ProfileModel(userID: 4)
      return (currentServer(), try await child.loadName())
    }
    #expect(
      server == "staging",
      """
      Inside the async `withDependencies(from: parent) { … }` (no overrides), after an \
      `await`, code saw server "\(server)"; it should see "staging", the server of the scope the \
      parent was made in.
      """)
    #expect(
      name == "mock user 4",
      """
      Inside the async `withDependencies(from: parent) { … }` (no overrides), after an \
      `await`, a child made there loaded "\(name)"; with the "mock" client of the scope the \
      parent was made in, it should load "mock user 4".
      """)
  }

  @Test func theAsyncFormLetsTheCurrentScopeWinOverTheParent() async {
    let parent = ScopedOverrides.withDependencies {
      $0.apiClient = .mock
      $0.server = "parent server"
    } operation: {
      AppModel()
    }
    let child = await ScopedOverrides.withDependencies {
      $0.server = "screen server"
      $0.account = "screen account"
    } operation: {
      await ScopedOverrides.withDependencies(from: parent) { _ in
        _ = await onAnotherQueue { 0 }
      } operation: {
        ProfileModel(userID: 8)
      }
    }
    #expect(
      child.server == "screen server",
      """
      A parent made in a scope with server "parent server"; inside a scope that overrides \
      `server` = "screen server", the async `withDependencies(from: parent)` made a child with \
      server "\(child.server)". It should get "screen server": as in the sync form, what the \
      current scope overrides wins over the parent's values.
      """)
    #expect(
      child.account == "screen account",
      """
      The current scope set `account` = "screen account", which the parent never set; the \
      async `withDependencies(from: parent)` made a child with account "\(child.account)". \
      Keep the current scope's overrides on top of the parent's values, as the sync form does.
      """)
    #expect(
      child.apiClient.name == "mock",
      """
      The current scope did not touch `apiClient`, so the child made by the async \
      `withDependencies(from: parent)` should have its parent's "mock" client; it has \
      "\(child.apiClient.name)".
      """)
  }

  @Test func aModelWithoutDependenciesReportsAnIssue() {
    let collector = CollectedIssues()
    let child = withIssueReporters([collector]) {
      ScopedOverrides.withDependencies {
        $0.server = "current server"
      } operation: {
        ScopedOverrides.withDependencies(from: PlainObject()) { ProfileModel(userID: 6) }
      }
    }
    let messages = collector.messages.value
    #expect(
      messages.count == 1,
      """
      `withDependencies(from:)` was given a `PlainObject`, which has no `@Dependency` \
      property; it reported \(messages.count) issue(s), and should report exactly one, with \
      `reportNoCapturedValues(Model.self, …)`.
      """)
    #expect(
      messages.allSatisfy { $0.contains("PlainObject") },
      """
      `withDependencies(from:)` was given a `PlainObject` and reported one issue, but the \
      issue does not name `PlainObject`: \(messages). Pass the model's type, `Model.self`, to \
      `reportNoCapturedValues`.
      """)
    #expect(
      child.server == "current server",
      """
      With nothing to inherit from a `PlainObject`, the child should get the current values \
      (server "current server"); it got "\(child.server)".
      """)
  }

  @Test func theAsyncFormReportsAModelWithoutDependencies() async {
    let collector = CollectedIssues()
    let child = await withIssueReporters([collector]) {
      await ScopedOverrides.withDependencies {
        $0.server = "current server"
      } operation: {
        await ScopedOverrides.withDependencies(from: PlainObject()) { _ in
          _ = await onAnotherQueue { 0 }
        } operation: {
          ProfileModel(userID: 7)
        }
      }
    }
    let messages = collector.messages.value
    #expect(
      messages.count == 1,
      """
      The async `withDependencies(from:)` was given a `PlainObject`, which has no \
      `@Dependency` property; it reported \(messages.count) issue(s), and should report \
      exactly one, as the sync form does.
      """)
    #expect(
      messages.allSatisfy { $0.contains("PlainObject") },
      """
      The async `withDependencies(from:)` was given a `PlainObject` and reported one issue, \
      but the issue does not name `PlainObject`: \(messages). Pass the model's type, \
      `Model.self`, to `reportNoCapturedValues`.
      """)
    #expect(
      child.server == "current server",
      """
      With nothing to inherit from a `PlainObject`, the async form should give the child the \
      current values (server "current server"); it got "\(child.server)".
      """)
  }
}

/// Collects the messages of the issues reported to it, instead of failing the test.
struct CollectedIssues: IssueReporter {
  let messages = LockIsolated<[String]>([])

  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let text = message() ?? ""
    messages.withValue { $0.append(text) }
  }
}
