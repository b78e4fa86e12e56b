import Dependencies
import DependenciesTestSupport
import Testing
import UnimplementedClients

// Edge cases graded on top of the lesson's tests.

@Suite struct EndpointEdgeCaseTests {
  @Test func everyCallReportsAgain() async {
    let fetch: @Sendable (Int) throws -> Int = UnimplementedClients.unimplementedEndpoint(
      "Edge.fetch")
    let count: @Sendable () -> Int = UnimplementedClients.unimplementedEndpoint(
      "Edge.count", placeholder: 0)
    let find: @Sendable (String) -> String? = UnimplementedClients.unimplementedEndpoint(
      "Edge.find")
    let load: @Sendable (Int, Int) async throws -> String =
      UnimplementedClients.unimplementedEndpoint("Edge.load")

    let issues = await issuesReported {
      for round in 1...3 {
        _ = try? fetch(round)
        _ = count()
        _ = find("\(round)")
        _ = try? await load(round, round)
      }
    }
    let perRound = [
      "Unimplemented: 'Edge.fetch'", "Unimplemented: 'Edge.count'", "Unimplemented: 'Edge.find'",
      "Unimplemented: 'Edge.load'",
    ]
    #expect(
      issues.map(\.firstLine) == perRound + perRound + perRound,
      """
      Four endpoints, each called three times, reported \(issues.count) issues \
      (\(issues.map(\.firstLine))); every call must report again, 12 issues in call order. \
      Nothing may remember that an endpoint already reported.
      """)
  }

  @Test func thePlaceholderIsEvaluatedAtEachCallOnly() {
    let evaluations = LockIsolated(0)
    let next: @Sendable () -> Int = UnimplementedClients.unimplementedEndpoint(
      "Edge.next",
      placeholder: evaluations.withValue {
        $0 += 1
        return $0 * 10
      })
    let afterMaking = evaluations.value
    var values: [Int] = []
    let issues = issuesReported {
      values.append(next())
      values.append(next())
    }
    #expect(
      afterMaking == 0,
      """
      Making the endpoint evaluated its placeholder \(afterMaking) time(s); the placeholder is \
      an autoclosure, to be evaluated only when the endpoint is called.
      """)
    #expect(
      values == [10, 20] && issues.count == 2,
      """
      Two calls returned \(values) and reported \(issues.count) issue(s); expected [10, 20] and \
      2: each call reports and evaluates the placeholder anew.
      """)
  }

  @Test func concurrentCallsReportOnceEach() async {
    let fetch: @Sendable (Int) async throws -> Int = UnimplementedClients.unimplementedEndpoint(
      "Edge.concurrent")
    var failures = 0
    let issues = await issuesReported {
      failures = await withTaskGroup(of: Bool.self) { group in
        for index in 0..<20 {
          group.addTask { (try? await fetch(index)) == nil }
        }
        return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
      }
    }
    #expect(
      issues.count == 20 && issues.allSatisfy { $0.firstLine == "Unimplemented: 'Edge.concurrent'" }
        && failures == 20,
      """
      20 concurrent calls reported \(issues.count) issue(s) and threw \(failures) time(s); each \
      call, from any task, must report one "Unimplemented: 'Edge.concurrent'" issue and throw.
      """)
  }

  @Test func anOptionalEndpointWithAPlaceholderReturnsIt() {
    let lookUp: @Sendable (String) -> String? = UnimplementedClients.unimplementedEndpoint(
      "Edge.lookUp", placeholder: "unknown")
    var value: String?
    let issues = issuesReported { value = lookUp("Paris") }
    #expect(
      value == "unknown" && issues.map(\.firstLine) == ["Unimplemented: 'Edge.lookUp'"],
      """
      An optional endpoint given placeholder: "unknown" returned \(String(describing: value)) \
      and reported \(issues.map(\.firstLine)); a placeholder, when given, is what it returns.
      """)
  }

  @Test func everyKindPointsAtItsDefinition() async {
    let before = #line
    let syncThrowing: @Sendable (Int) throws -> Int = UnimplementedClients.unimplementedEndpoint(
      "Edge.a")
    let asyncThrowing: @Sendable (Int) async throws -> Int =
      UnimplementedClients.unimplementedEndpoint("Edge.b")
    let syncPlaceholder: @Sendable (Int) -> Int = UnimplementedClients.unimplementedEndpoint(
      "Edge.c", placeholder: 0)
    let asyncPlaceholder: @Sendable (Int) async -> Void =
      UnimplementedClients.unimplementedEndpoint("Edge.d")
    let syncOptional: @Sendable (Int) -> Int? = UnimplementedClients.unimplementedEndpoint(
      "Edge.e")
    let asyncOptional: @Sendable (Int) async -> Int? = UnimplementedClients.unimplementedEndpoint(
      "Edge.f")
    let after = #line

    let issues = await issuesReported {
      _ = try? syncThrowing(1)
      _ = try? await asyncThrowing(1)
      _ = syncPlaceholder(1)
      await asyncPlaceholder(1)
      _ = syncOptional(1)
      _ = await asyncOptional(1)
    }
    let misplaced = issues.filter {
      $0.fileID != #fileID || !(before...after).contains($0.line ?? 0)
    }
    #expect(
      issues.count == 6 && misplaced.isEmpty,
      """
      Six endpoints of every kind (sync and async; throwing, placeholder, optional) reported \
      \(issues.count) issue(s); \(misplaced.count) of them pointed away from where the endpoint \
      was defined (\(misplaced.map { "\($0.fileID ?? "nowhere"):\($0.line ?? 0)" })). Every \
      endpoint function passes its fileID, filePath, line and column to the report.
      """)
  }

  @Test func theArgumentsKeepTheirOrderAndQuotes() {
    let send: @Sendable (String, Int?, [Int]) -> Void = UnimplementedClients.unimplementedEndpoint(
      "Edge.send")
    let issues = issuesReported { send("a, b", nil, [1, 2]) }
    let lines = issues.first?.message.split(separator: "\n").map { $0.trimmingSpaces } ?? []
    #expect(
      issues.count == 1 && lines.contains("\"a, b\", nil, [1, 2]"),
      """
      send("a, b", nil, [1, 2]) must report one issue with the line "\\"a, b\\", nil, [1, 2]": \
      every argument as String(reflecting:) shows it, in order, joined by ", ". It reported \
      \(issues.map(\.message)).
      """)
  }
}

@Suite(.dependencies) struct ClientEdgeCaseTests {
  @Test func overridingOneEndpointLeavesTheRestUnimplemented() async {
    let issues = await withDependencies {
      $0.weather.forecast = { city in sunny(city) }
    } operation: {
      @Dependency(\.weather) var weather
      return await issuesReported {
        _ = try? await weather.forecast("Paris")
        _ = try? await weather.search("Par", 2)
        weather.track("search")
      }
    }
    #expect(
      issues.map(\.firstLine) == [
        "Unimplemented: 'WeatherClient.search'", "Unimplemented: 'WeatherClient.track'",
      ],
      """
      With only `forecast` overridden, calling forecast, search and track reported \
      \(issues.map(\.firstLine)); the overridden endpoint reports nothing and each other one \
      reports once, by name.
      """)
  }

  @Test func theInitializerOverridesOnlyWhatItNames() async {
    let client = UnimplementedClients.WeatherClient(
      isFavorite: { _ in true }, track: { _ in })
    var isFavorite = false
    var favorites = ["not called"]
    let issues = await issuesReported {
      isFavorite = client.isFavorite("Paris")
      client.track("opened")
      favorites = await client.favorites()
    }
    #expect(
      issues.map(\.firstLine) == ["Unimplemented: 'WeatherClient.favorites'"] && isFavorite
        && favorites == [],
      """
      WeatherClient(isFavorite:track:) called for isFavorite, track and favorites reported \
      \(issues.map(\.firstLine)) and returned isFavorite \(isFavorite), favorites \
      \(favorites); only `favorites`, which was not given, may report (and return []).
      """)
  }

  @Test func theClientsIssuesPointAtWeatherClient() async {
    @Dependency(\.weather) var weather
    let issues = await issuesReported {
      _ = try? await weather.forecast("Paris")
      _ = weather.isFavorite("Paris")
      _ = weather.lastCity()
    }
    let files = issues.map { $0.fileID ?? "nowhere" }
    #expect(
      files.count == 3 && files.allSatisfy { $0 == "UnimplementedClients/WeatherClient.swift" },
      """
      The test value's issues pointed at \(files); they must point at WeatherClient.swift, \
      where each unimplemented endpoint is defined (the initializer's defaults).
      """)
  }

  @Test @MainActor func aModelWithNothingOverriddenFailsLoudly() async {
    let model = ForecastModel()
    let issues = await issuesReported {
      await model.searchChanged("Par")
      await model.load("Oslo")
    }
    #expect(
      issues.map(\.firstLine) == [
        "Unimplemented: 'WeatherClient.search'", "Unimplemented: 'WeatherClient.forecast'",
        "Unimplemented: 'WeatherClient.isFavorite'",
      ] && model.results == [] && model.forecast == nil && !model.isFavorite,
      """
      A model whose test overrode nothing reported \(issues.map(\.firstLine)) and shows \
      results \(model.results), forecast \(String(describing: model.forecast)); every call \
      must report by name, and the model must get errors or placeholders, never made-up data.
      """)
  }
}
