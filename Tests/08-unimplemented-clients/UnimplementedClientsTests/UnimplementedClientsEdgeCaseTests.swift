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
    let kinds = [
      ("Edge.fetch", "throwing", 3), ("Edge.count", "placeholder", 4),
      ("Edge.find", "optional", 5), ("Edge.load", "async throwing", 3),
    ]
    let tallies = kinds.map { name, kind, step in
      (name, kind, step, issues.filter { $0.firstLine == "Unimplemented: '\(name)'" }.count)
    }
    let counts = tallies.map { name, kind, _, count in "\(name) (\(kind)): \(count)" }
    let silentSteps = Set(tallies.filter { $0.3 == 0 }.map { $0.2 }).sorted().map { "\($0)" }
    let cause: String
    if !issues.allSatisfy({ perRound.contains($0.firstLine) }) {
      cause = """
        Each issue's first line must be "Unimplemented: '<name>'", with the name the endpoint \
        was made with (Steps 1 and 3 to 5).
        """
    } else if let last = silentSteps.last {
      let steps =
        silentSteps.count == 1
        ? "Step \(last)" : "Steps \(silentSteps.dropLast().joined(separator: ", ")) and \(last)"
      cause = "The endpoints that reported nothing are made by the code of \(steps)."
    } else {
      cause = """
        Each call must report exactly once, every time: nothing may remember that an endpoint \
        already reported.
        """
    }
    #expect(
      issues.map(\.firstLine) == perRound + perRound + perRound,
      """
      Four endpoints, each called three times in turn, reported \(issues.count) issues \
      (\(issues.map(\.firstLine))); by name: \(counts.joined(separator: ", ")). Every call \
      must report, 12 issues in call order. \(cause)
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
      values == [10, 20],
      """
      Two calls of an endpoint whose placeholder counts its evaluations (10, 20, …) returned \
      \(values) instead of [10, 20]: each call must evaluate the placeholder anew (Step 4).
      """)
    #expect(
      issues.count == 2,
      """
      Two calls of an endpoint with a placeholder reported \(issues.count) issue(s) \
      (\(issues.map(\.firstLine))) instead of 2: each call must report once, then return the \
      placeholder (Step 4).
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
      issues.count == 20,
      """
      20 concurrent calls of an async throwing endpoint reported \(issues.count) issue(s); \
      each call, from any task, must report exactly one (Step 3).
      """)
    let misnamed = issues.map(\.firstLine).filter { $0 != "Unimplemented: 'Edge.concurrent'" }
    #expect(
      misnamed.isEmpty,
      """
      20 concurrent calls reported 20 issues, but \(misnamed.count) of them began with another \
      line than "Unimplemented: 'Edge.concurrent'" (\(Set(misnamed).sorted())).
      """)
    #expect(
      failures == 20,
      """
      20 concurrent calls of an async throwing endpoint reported their issues but threw only \
      \(failures) time(s); each call must throw after reporting.
      """)
  }

  @Test func anOptionalEndpointWithAPlaceholderReturnsIt() {
    let lookUp: @Sendable (String) -> String? = UnimplementedClients.unimplementedEndpoint(
      "Edge.lookUp", placeholder: "unknown")
    var value: String?
    let issues = issuesReported { value = lookUp("Paris") }
    #expect(
      value == "unknown",
      """
      An optional endpoint given placeholder: "unknown" returned \(String(reflecting: value)); \
      a placeholder, when given, is what it returns (Step 4).
      """)
    #expect(
      issues.map(\.firstLine) == ["Unimplemented: 'Edge.lookUp'"],
      """
      An optional endpoint given placeholder: "unknown" returned it, but reported \
      \(issues.map(\.firstLine)) instead of one issue "Unimplemented: 'Edge.lookUp'": an \
      endpoint with a placeholder reports, then returns the placeholder (Step 4).
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
      issues.count == 6,
      """
      Six endpoints, called once each, reported \(issues.count) issue(s) \
      (\(issues.map(\.firstLine))) instead of 6: Edge.a (sync throwing), Edge.b (async \
      throwing), Edge.c (sync placeholder), Edge.d (async Void), Edge.e (sync optional) and \
      Edge.f (async optional) must each report once.
      """)
    let places = misplaced.map { "\($0.firstLine) at \($0.fileID ?? "nowhere"):\($0.line ?? 0)" }
    #expect(
      misplaced.isEmpty,
      """
      Six endpoints of every kind (sync and async; throwing, placeholder, optional) reported 6 \
      issues, but \(misplaced.count) of them pointed away from where the endpoint was defined \
      (\(#fileID), lines \(before)–\(after)): \(places). Every endpoint function passes its \
      fileID, filePath, line and column to the report.
      """)
  }

  @Test func theArgumentsKeepTheirOrderAndQuotes() {
    let send: @Sendable (String, Int?, [Int]) -> Void = UnimplementedClients.unimplementedEndpoint(
      "Edge.send")
    let issues = issuesReported { send("a, b", nil, [1, 2]) }
    let lines = issues.first?.message.split(separator: "\n").map { $0.trimmingSpaces } ?? []
    #expect(
      issues.count == 1,
      """
      send("a, b", nil, [1, 2]) on an unimplemented Void endpoint must report exactly one issue; \
      it reported \(issues.count) (\(issues.map(\.firstLine))). A Void endpoint is one with a \
      placeholder, `()`: it reports, then returns it (Step 4).
      """)
    #expect(
      lines.contains("\"a, b\", nil, [1, 2]"),
      """
      send("a, b", nil, [1, 2]) reported one issue, but without the line \
      "\\"a, b\\", nil, [1, 2]": every argument as String(reflecting:) shows it, in order, \
      joined by ", ". The issue reads \(String(reflecting: issues.first?.message ?? "")).
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
      reports once, by name, as the unimplemented default of WeatherClient's initializer \
      (Step 6).
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
      issues.map(\.firstLine) == ["Unimplemented: 'WeatherClient.favorites'"],
      """
      A WeatherClient(isFavorite:track:), called for isFavorite, track and favorites, reported \
      \(issues.map(\.firstLine)) instead of one issue, for `favorites`: only the endpoint the \
      initializer was not given reports, through its unimplemented default (Step 6).
      """)
    #expect(
      isFavorite,
      """
      A WeatherClient(isFavorite:track:) given an isFavorite that returns true returned false \
      from isFavorite: the initializer must keep the endpoints it is given.
      """)
    #expect(
      favorites == [],
      """
      A WeatherClient(isFavorite:track:), not given favorites, returned \(favorites) from it \
      instead of the placeholder [] (Step 6).
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
      files.count == 3,
      """
      Calling forecast, isFavorite and lastCity on the test value reported \(files.count) \
      issue(s) (\(issues.map(\.firstLine))) instead of 3: each default of WeatherClient's \
      initializer must be an unimplemented endpoint (Step 6).
      """)
    #expect(
      files.allSatisfy { $0 == "UnimplementedClients/WeatherClient.swift" },
      """
      The test value's three issues pointed at \(files); they must point at WeatherClient.swift, \
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
      ],
      """
      A model whose test overrode nothing searched and loaded a forecast, calling search, \
      forecast and isFavorite; it reported \(issues.map(\.firstLine)) instead of one issue for \
      each, in that order. Every endpoint of the test value must report by name (Step 6).
      """)
    #expect(
      model.results == [],
      """
      A model whose test overrode nothing shows the search results \(model.results) instead of \
      none: an unimplemented endpoint must throw or return its placeholder, never made-up data.
      """)
    #expect(
      model.forecast == nil,
      """
      A model whose test overrode nothing shows the forecast \
      \(String(describing: model.forecast)) instead of none: the unimplemented `forecast` must \
      throw, never return made-up data.
      """)
    #expect(
      !model.isFavorite,
      """
      A model whose test overrode nothing shows isFavorite true instead of the placeholder \
      false: an unimplemented endpoint must return its placeholder, never made-up data.
      """)
  }
}
