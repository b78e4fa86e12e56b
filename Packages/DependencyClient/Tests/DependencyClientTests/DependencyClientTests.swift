import DependenciesTestSupport
import DependencyClient
import Testing

/// A client built with `DependencyClient`, used the way a feature and its tests use it.
@Suite(.dependencies) struct DependencyClientTests {
  @Test func anEndpointNotOverriddenFailsTheTestByName() async {
    @Dependency(\.apiClient) var apiClient

    await withKnownIssue {
      await #expect(throws: UnimplementedFailure(description: "APIClient.fetchUser")) {
        try await apiClient.fetchUser(id: 42)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Unimplemented: 'APIClient.fetchUser'") }
    }
  }

  @Test func theArgumentsAppearInTheTestFailure() async {
    @Dependency(\.apiClient) var apiClient

    await withKnownIssue {
      await #expect(throws: UnimplementedFailure.self) {
        try await apiClient.search(query: "blob", page: 2, limit: 20)
      }
    } matching: { issue in
      mentions(issue, "Unimplemented: 'APIClient.search'")
        && mentions(issue, "Invoked with:\n    \"blob\", 2, 20")
    }
  }

  @Test func testValueComesForFreeAndIsTheUnimplementedClient() async {
    @Dependency(\.apiClient) var apiClient

    let recorder = IssueRecorder()
    await recorder.record {
      // Throwing endpoints throw.
      await #expect(throws: UnimplementedFailure.self) { try await apiClient.fetchUser(id: 1) }
      await #expect(throws: UnimplementedFailure.self) {
        try await apiClient.search(query: "a", page: 1, limit: 10)
      }
      #expect(throws: UnimplementedFailure.self) { try apiClient.token() }
      #expect(throws: UnimplementedFailure.self) {
        try apiClient.rate(userID: 1, stars: 5, comment: "great")
      }
      // Non-throwing endpoints return their placeholder (nothing for `Void`, `nil` for optionals).
      await apiClient.logout()
      #expect(await apiClient.cachedUser(id: 1) == nil)
      #expect(apiClient.isFavorite(userID: 1) == false)
      apiClient.track(event: "tap", userID: 1, tags: [])
    }
    #expect(
      recorder.messages.map(firstLine) == [
        "Unimplemented: 'APIClient.fetchUser'", "Unimplemented: 'APIClient.search'",
        "Unimplemented: 'APIClient.token'", "Unimplemented: 'APIClient.saveRating'",
        "Unimplemented: 'APIClient.logout'", "Unimplemented: 'APIClient.cachedUser'",
        "Unimplemented: 'APIClient.isFavorite'", "Unimplemented: 'APIClient.track'",
      ])
  }

  @Test func readingTheTestValueReportsNothingUntilAnEndpointIsCalled() {
    let recorder = IssueRecorder()
    recorder.record {
      @Dependency(\.apiClient) var apiClient
      _ = apiClient
      _ = APIClient.testValue
      _ = AnalyticsClient.testValue
    }
    #expect(recorder.messages.isEmpty)
  }

  @Test func overridingOneEndpointInWithDependenciesLeavesTheOthersUnimplemented() async throws {
    try await withDependencies {
      $0.apiClient.fetchUser = { id in User(id: id, name: "Blob") }
    } operation: {
      @Dependency(\.apiClient) var apiClient

      let user = try await apiClient.fetchUser(id: 1)
      #expect(user == User(id: 1, name: "Blob"))
      await withKnownIssue {
        await #expect(throws: UnimplementedFailure.self) {
          try await apiClient.search(query: "b", page: 1, limit: 10)
        }
      } matching: { issue in
        mentions(issue, "Unimplemented: 'APIClient.search'")
      }
    }
  }

  @Test(.dependency(\.apiClient.fetchUser, { @Sendable id in User(id: id, name: "Blob") }))
  func overridingOneEndpointWithATraitLeavesTheOthersUnimplemented() async throws {
    @Dependency(\.apiClient) var apiClient

    #expect(try await apiClient.fetchUser(id: 2) == User(id: 2, name: "Blob"))
    withKnownIssue {
      #expect(apiClient.isFavorite(userID: 2) == false)
    } matching: { issue in
      mentions(issue, "Unimplemented: 'APIClient.isFavorite'")
    }
  }

  @Test(.dependency(APIClient(isFavorite: { userID in userID == 3 })))
  func aClientBuiltWithTheInitializerOverridesOnlyWhatItNames() async {
    @Dependency(\.apiClient) var apiClient

    #expect(apiClient.isFavorite(userID: 3))
    await withKnownIssue {
      await apiClient.logout()
    } matching: { issue in
      mentions(issue, "Unimplemented: 'APIClient.logout'")
    }
  }

  @Test func labelledMethodsForwardTheirArgumentsToTheEndpoints() async throws {
    let calls = LockIsolated<[String]>([])
    try await withDependencies {
      $0.apiClient.search = { query, page, limit in
        calls.withValue { $0.append("search \(query) \(page) \(limit)") }
        return [User(id: page, name: query)]
      }
      $0.apiClient.saveRating = { userID, stars, comment in
        calls.withValue { $0.append("rate \(userID) \(stars) \(comment)") }
        return stars
      }
      $0.apiClient.track = { event, userID, tags in
        calls.withValue { $0.append("track \(event) \(userID) \(tags)") }
      }
    } operation: {
      @Dependency(\.apiClient) var apiClient

      let users = try await apiClient.search(query: "blob", page: 2, limit: 20)
      let stars = try apiClient.rate(userID: 1, stars: 5, comment: "great")
      apiClient.track(event: "tap", userID: 7, tags: ["home"])
      #expect(users == [User(id: 2, name: "blob")])
      #expect(stars == 5)
    }
    #expect(
      calls.value == [
        "search blob 2 20", "rate 1 5 great", "track tap 7 [\"home\"]",
      ])
  }

  @Test func aClientThatIsItsOwnDependencyKeyUsesTheUnimplementedValueInTests() {
    @Dependency(AnalyticsClient.self) var analytics

    #expect(AnalyticsClient.liveValue.isEnabled())
    withKnownIssue {
      // The live value would say `true`: the test gets the placeholder instead.
      #expect(analytics.isEnabled() == false)
    } matching: { issue in
      mentions(issue, "Unimplemented: 'AnalyticsClient.isEnabled'")
    }
  }

  @Test(.dependency(AnalyticsClient(track: { _ in })))
  func theSynthesizedMemberwiseInitializerOverridesOnlyWhatItNames() {
    @Dependency(AnalyticsClient.self) var analytics

    analytics.track("tap")
    withKnownIssue {
      _ = analytics.isEnabled()
    } matching: { issue in
      mentions(issue, "Unimplemented: 'AnalyticsClient.isEnabled'")
    }
  }
}
