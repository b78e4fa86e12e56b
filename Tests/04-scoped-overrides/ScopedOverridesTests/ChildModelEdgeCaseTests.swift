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
    #expect(
      child.server == "screen server",
      """
      A parent with server "parent server" made a child inside a scope that overrides \
      `server` = "screen server"; the child got "\(child.server)". As in the library, what \
      the current scope overrides wins over the parent's values: lay `DependencyValues._current` \
      on top of the parent's values (`parentValues.merging(DependencyValues._current)`).
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
      child.server == "child server" && child.apiClient.name == "mock",
      """
      `withDependencies(from: parent) { $0.server = "child server" }`, inside a scope with \
      server "screen server", under a parent with server "parent server" and the "mock" \
      client, made a child with server "\(child.server)" and the "\(child.apiClient.name)" \
      client; it should have "child server" and "mock": `updateValues` comes last and wins.
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
    #expect(
      grandchild.apiClient.name == "mock" && grandchild.server == "staging"
        && grandchild.account == "tutorial",
      """
      A grandchild made with `withDependencies(from: child)` has the \
      "\(grandchild.apiClient.name)" client, server "\(grandchild.server)" and account \
      "\(grandchild.account)"; it should have what its parent had: the "mock" client, \
      "staging" and "tutorial".
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
      server == "staging" && name == "mock user 4",
      """
      Inside the async `withDependencies(from: parent) { … }` (no overrides), after an \
      `await`, code saw server "\(server)" and a child loaded "\(name)"; they should see the \
      parent's "staging" and load "mock user 4".
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
      messages.count == 1 && messages.allSatisfy { $0.contains("PlainObject") },
      """
      `withDependencies(from:)` was given a `PlainObject`, which has no `@Dependency` \
      property; it reported \(messages.count) issue(s) naming it, and should report exactly \
      one, with `reportNoCapturedValues(Model.self, …)`.
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
      messages.count == 1 && messages.allSatisfy { $0.contains("PlainObject") },
      """
      The async `withDependencies(from:)` was given a `PlainObject`, which has no \
      `@Dependency` property; it reported \(messages.count) issue(s) naming it, and should \
      report exactly one, as the sync form does.
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
