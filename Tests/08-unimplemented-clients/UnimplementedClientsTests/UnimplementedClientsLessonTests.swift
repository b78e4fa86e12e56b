import Dependencies
import DependenciesTestSupport
import Testing
import UnimplementedClients

// The lesson's tests, one suite per step. They call your module by name
// (`UnimplementedClients.unimplementedEndpoint`), so your code runs, not the library's.
// Run one step with `swift test --filter EndpointMessageTests` (the suite's type name).

@Suite("Step 1: the message names the endpoint and says how to fix it")
struct EndpointMessageTests {
  @Test func theFirstLineNamesTheEndpoint() {
    for name in ["WeatherClient.forecast", "AlertClient.save"] {
      let message = UnimplementedClients.unimplementedEndpointMessage(
        name, arguments: ["\"Paris\""])
      let firstLine = String(message.prefix { $0 != "\n" })
      #expect(
        firstLine == "Unimplemented: '\(name)'",
        """
        unimplementedEndpointMessage("\(name)", arguments: ["\\"Paris\\""]) begins with \
        "\(firstLine)". Its first line must be exactly "Unimplemented: '\(name)'": it is what \
        a failing test shows first, and what tests match on. Step 1.
        """)
    }
  }

  @Test func theArgumentsFollowTheFirstLine() {
    let message = UnimplementedClients.unimplementedEndpointMessage(
      "WeatherClient.search", arguments: ["\"rain\"", "2"])
    let lines = message.split(separator: "\n").map { $0.trimmingSpaces }
    #expect(
      lines.contains("Invoked with:"),
      """
      The message for arguments ["\\"rain\\"", "2"] has no line "Invoked with:" (spaces \
      around it aside); it reads \(String(reflecting: message)). Step 1: when there are \
      arguments, list them after the first line, under a line "Invoked with:".
      """)
    #expect(
      lines.contains("\"rain\", 2"),
      """
      The message for arguments ["\\"rain\\"", "2"] has a line "Invoked with:" but no line \
      "\\"rain\\", 2" (the arguments joined by ", "); it reads \(String(reflecting: message)). \
      Step 1: put the arguments, joined by ", ", on the line after "Invoked with:".
      """)
    let noArguments = UnimplementedClients.unimplementedEndpointMessage(
      "WeatherClient.lastCity", arguments: [])
    #expect(
      noArguments.hasPrefix("Unimplemented: 'WeatherClient.lastCity'"),
      """
      For an endpoint called with no arguments the message must start with \
      "Unimplemented: 'WeatherClient.lastCity'"; it begins with \
      "\(String(noArguments.prefix { $0 != "\n" }))". Step 1.
      """)
    #expect(
      !noArguments.contains("Invoked with"),
      """
      For an endpoint called with no arguments the message must have no "Invoked with" \
      section; it reads \(String(reflecting: noArguments)). Step 1: add that section only when \
      there are arguments.
      """)
  }

  @Test func itSaysHowToFixIt() {
    let message = UnimplementedClients.unimplementedEndpointMessage(
      "WeatherClient.forecast", arguments: [])
    let rest = message.drop { $0 != "\n" }
    #expect(
      rest.contains("'WeatherClient.forecast'"),
      """
      After its first line, the message must say how to fix the failure, naming the endpoint \
      again in quotes ('WeatherClient.forecast'); after the first line it reads \
      \(String(reflecting: String(rest))). Step 1: end the message with a sentence that names \
      the endpoint and says to override it in 'withDependencies' if the call is expected.
      """)
    #expect(
      rest.contains("withDependencies"),
      """
      After its first line, the message names 'WeatherClient.forecast' again but never says \
      "withDependencies"; after the first line it reads \(String(reflecting: String(rest))). \
      Step 1: the closing sentence must say to override the endpoint in 'withDependencies' if \
      the call is expected.
      """)
  }
}

@Suite("Step 2: arguments of any number and type are described")
struct ArgumentDescriptionTests {
  @Test func describesEveryArityInOrder() {
    let one = UnimplementedClients.describeArguments("Paris")
    let two = UnimplementedClients.describeArguments("rain", 2)
    let three = UnimplementedClients.describeArguments("Oslo", -5, true)
    let zero = UnimplementedClients.describeArguments()
    #expect(
      one == ["\"Paris\""],
      """
      describeArguments("Paris") returned \(one); expected ["\\"Paris\\""]: one string per \
      argument, as String(reflecting:) writes it (strings keep their quotes). Step 2.
      """)
    #expect(
      two == ["\"rain\"", "2"],
      """
      describeArguments("rain", 2) returned \(two); expected ["\\"rain\\"", "2"], one entry per \
      argument, in order. Step 2: loop with `for value in repeat each argument`.
      """)
    #expect(
      three == ["\"Oslo\"", "-5", "true"],
      """
      describeArguments("Oslo", -5, true) returned \(three); expected \
      ["\\"Oslo\\"", "-5", "true"]. Step 2.
      """)
    #expect(
      zero == [],
      "describeArguments() returned \(zero); with no arguments it must return []. Step 2.")
  }

  @Test func optionalsAndCollectionsReadAsDebugPrintShowsThem() {
    let described = UnimplementedClients.describeArguments(
      nil as Int?, Optional(3), ["a", "b"], 2.5)
    #expect(
      described == ["nil", "Optional(3)", "[\"a\", \"b\"]", "2.5"],
      """
      describeArguments(nil as Int?, Optional(3), ["a", "b"], 2.5) returned \(described); \
      expected ["nil", "Optional(3)", "[\\"a\\", \\"b\\"]", "2.5"]. Step 2: use \
      String(reflecting:) for each value, not String(describing:).
      """)
  }
}

@Suite("Step 3: throwing endpoints report, then throw")
struct ThrowingEndpointTests {
  static let fix =
    "Step 3: in the closure, call reportUnimplementedEndpoint, then throw UnimplementedFailure."

  @Test func syncEndpointsReportOnceThenThrow() {
    let zero: @Sendable () throws -> Int = UnimplementedClients.unimplementedEndpoint(
      "AlertClient.count")
    let one: @Sendable (String) throws -> [String] = UnimplementedClients.unimplementedEndpoint(
      "AlertClient.alerts")
    let three: @Sendable (String, Int, Int) throws -> Void =
      UnimplementedClients.unimplementedEndpoint("AlertClient.save")

    var zeroResult: Result<Int, any Error> = .failure(NotCalled())
    var oneResult: Result<[String], any Error> = .failure(NotCalled())
    var threeResult: Result<Void, any Error> = .failure(NotCalled())
    let zeroIssues = issuesReported { zeroResult = Result { try zero() } }
    let oneIssues = issuesReported { oneResult = Result { try one("Oslo") } }
    let threeIssues = issuesReported { threeResult = Result { try three("Oslo", -5, 25) } }

    expectReportedOnce(zeroIssues, by: "AlertClient.count", when: "count()", fix: Self.fix)
    expectReportedOnce(oneIssues, by: "AlertClient.alerts", when: "alerts(_:)", fix: Self.fix)
    expectReportedOnce(threeIssues, by: "AlertClient.save", when: "save(_:_:_:)", fix: Self.fix)
    expectUnimplementedFailure(
      zeroResult, named: "AlertClient.count", when: "count()", fix: Self.fix)
    expectUnimplementedFailure(
      oneResult, named: "AlertClient.alerts", when: "alerts(_:)", fix: Self.fix)
    expectUnimplementedFailure(
      threeResult, named: "AlertClient.save", when: "save(_:_:_:)", fix: Self.fix)
  }

  @Test func asyncEndpointsReportOnceThenThrow() async {
    let zero: @Sendable () async throws -> String = UnimplementedClients.unimplementedEndpoint(
      "AccountClient.token")
    let two: @Sendable (String, Int) async throws -> [String] =
      UnimplementedClients.unimplementedEndpoint("WeatherClient.search")

    var zeroResult: Result<String, any Error> = .failure(NotCalled())
    var twoResult: Result<[String], any Error> = .failure(NotCalled())
    let zeroIssues = await issuesReported { zeroResult = await outcome { try await zero() } }
    let twoIssues = await issuesReported {
      twoResult = await outcome { try await two("rain", 2) }
    }

    expectReportedOnce(zeroIssues, by: "AccountClient.token", when: "token()", fix: Self.fix)
    expectReportedOnce(twoIssues, by: "WeatherClient.search", when: "search(_:_:)", fix: Self.fix)
    expectUnimplementedFailure(
      zeroResult, named: "AccountClient.token", when: "token()", fix: Self.fix)
    expectUnimplementedFailure(
      twoResult, named: "WeatherClient.search", when: "search(_:_:)", fix: Self.fix)
  }

  @Test func theReportListsTheArguments() {
    let save: @Sendable (String, Int, Int) throws -> Void =
      UnimplementedClients.unimplementedEndpoint("AlertClient.save")
    let issues = issuesReported { _ = try? save("Oslo", -5, 25) }
    let lines = issues.first?.message.split(separator: "\n").map { $0.trimmingSpaces } ?? []
    #expect(
      issues.count == 1,
      """
      save("Oslo", -5, 25) on an unimplemented endpoint must report exactly one issue; it \
      reported \(issues.count) issue(s) \(issues.map(\.firstLine)). Step 3: in the closure, \
      call reportUnimplementedEndpoint once, then throw.
      """)
    #expect(
      lines.contains("\"Oslo\", -5, 25"),
      """
      save("Oslo", -5, 25) on an unimplemented endpoint reported one issue, but no line of it \
      reads "\\"Oslo\\", -5, 25"; it reads \(String(reflecting: issues.first?.message ?? "")). The \
      arguments line comes from describeArguments (Step 2), which the closure must call with the \
      arguments of this call and pass to reportUnimplementedEndpoint (Step 3).
      """)
  }

  @Test func theIssuePointsAtTheEndpointsDefinition() {
    let before = #line
    let fetch: @Sendable (String) throws -> Int = UnimplementedClients.unimplementedEndpoint(
      "AlertClient.fetch")
    let after = #line
    let issues = issuesReported { _ = try? fetch("Oslo") }
    guard let issue = issues.first else {
      Issue.record(
        """
        fetch("Oslo") on an unimplemented endpoint reported no issue, so it cannot point \
        anywhere. Step 3: report inside the closure, at each call.
        """)
      return
    }
    #expect(
      issue.fileID == #fileID && (before...after).contains(issue.line ?? 0),
      """
      The issue of an unimplemented endpoint must point where the endpoint was defined (this \
      test, \(#fileID), lines \(before)–\(after)); it pointed at \(issue.fileID ?? "nowhere"), \
      line \(issue.line ?? 0). Step 3: pass the fileID, filePath, line and column that \
      unimplementedEndpoint received on to reportUnimplementedEndpoint.
      """)
  }
}

@Suite("Step 4: other endpoints report, then return a placeholder")
struct PlaceholderEndpointTests {
  static let fix = "Step 4: in the closure, report, then return placeholder()."

  @Test func syncEndpointsReportOnceThenReturnThePlaceholder() {
    let zero: @Sendable () -> Int = UnimplementedClients.unimplementedEndpoint(
      "CounterClient.count", placeholder: 7)
    let one: @Sendable (String) -> [String] = UnimplementedClients.unimplementedEndpoint(
      "WeatherClient.neighbours", placeholder: [])
    let two: @Sendable (String, Int) -> Bool = UnimplementedClients.unimplementedEndpoint(
      "WeatherClient.isWarm", placeholder: true)

    var zeroValue = 0
    var oneValue = ["not called"]
    var twoValue = false
    let zeroIssues = issuesReported { zeroValue = zero() }
    let oneIssues = issuesReported { oneValue = one("Paris") }
    let twoIssues = issuesReported { twoValue = two("Paris", 20) }

    expectReportedOnce(zeroIssues, by: "CounterClient.count", when: "count()", fix: Self.fix)
    expectReportedOnce(
      oneIssues, by: "WeatherClient.neighbours", when: "neighbours(_:)", fix: Self.fix)
    expectReportedOnce(twoIssues, by: "WeatherClient.isWarm", when: "isWarm(_:_:)", fix: Self.fix)
    #expect(
      zeroValue == 7,
      "count() returned \(zeroValue) instead of its placeholder 7. \(Self.fix)")
    #expect(
      oneValue == [],
      "neighbours(\"Paris\") returned \(oneValue) instead of its placeholder []. \(Self.fix)")
    #expect(
      twoValue,
      "isWarm(\"Paris\", 20) returned false instead of its placeholder true. \(Self.fix)")
  }

  @Test func asyncEndpointsReportOnceThenReturnThePlaceholder() async {
    let zero: @Sendable () async -> [String] = UnimplementedClients.unimplementedEndpoint(
      "WeatherClient.favorites", placeholder: ["placeholder"])
    let three: @Sendable (String, Int, Bool) async -> Int =
      UnimplementedClients.unimplementedEndpoint("WeatherClient.rain", placeholder: -1)

    var zeroValue: [String] = []
    var threeValue = 0
    let zeroIssues = await issuesReported { zeroValue = await zero() }
    let threeIssues = await issuesReported { threeValue = await three("Paris", 3, true) }

    expectReportedOnce(
      zeroIssues, by: "WeatherClient.favorites", when: "favorites()", fix: Self.fix)
    expectReportedOnce(threeIssues, by: "WeatherClient.rain", when: "rain(_:_:_:)", fix: Self.fix)
    #expect(
      zeroValue == ["placeholder"],
      """
      The async favorites() returned \(zeroValue) instead of its placeholder ["placeholder"]. \
      \(Self.fix)
      """)
    #expect(
      threeValue == -1,
      """
      The async rain("Paris", 3, true) returned \(threeValue) instead of its placeholder -1. \
      \(Self.fix)
      """)
  }

  @Test func voidEndpointsNeedNoPlaceholder() async {
    let track: @Sendable (String) -> Void = UnimplementedClients.unimplementedEndpoint(
      "WeatherClient.track")
    let log: @Sendable (String, Int, Bool) async -> Void =
      UnimplementedClients.unimplementedEndpoint("Logger.log")

    let trackIssues = issuesReported { track("opened") }
    let logIssues = await issuesReported { await log("opened", 1, false) }

    expectReportedOnce(trackIssues, by: "WeatherClient.track", when: "track(_:)", fix: Self.fix)
    expectReportedOnce(logIssues, by: "Logger.log", when: "log(_:_:_:)", fix: Self.fix)
  }
}

@Suite("Step 5: optional results fall back to nil")
struct OptionalEndpointTests {
  static let fix = "Step 5: in the closure, report, then return nil."

  @Test func syncOptionalEndpointsReportOnceThenReturnNil() {
    let zero: @Sendable () -> String? = UnimplementedClients.unimplementedEndpoint(
      "WeatherClient.lastCity")
    let two: @Sendable (String, Int) -> Forecast? = UnimplementedClients.unimplementedEndpoint(
      "WeatherClient.cached")

    var zeroValue: String? = "not called"
    var twoValue: Forecast? = sunny("not called")
    let zeroIssues = issuesReported { zeroValue = zero() }
    let twoIssues = issuesReported { twoValue = two("Paris", 1) }

    expectReportedOnce(zeroIssues, by: "WeatherClient.lastCity", when: "lastCity()", fix: Self.fix)
    expectReportedOnce(twoIssues, by: "WeatherClient.cached", when: "cached(_:_:)", fix: Self.fix)
    #expect(
      zeroValue == nil,
      "lastCity() returned \(String(reflecting: zeroValue)) instead of nil. \(Self.fix)")
    #expect(
      twoValue == nil,
      """
      cached("Paris", 1) returned \(String(describing: twoValue)) instead of nil. \(Self.fix)
      """)
  }

  @Test func asyncOptionalEndpointsReportOnceThenReturnNil() async {
    let one: @Sendable (String) async -> Int? = UnimplementedClients.unimplementedEndpoint(
      "WeatherClient.uvIndex")
    let three: @Sendable (String, Int, Int) async -> String? =
      UnimplementedClients.unimplementedEndpoint("WeatherClient.stormNotice")

    var oneValue: Int? = -1
    var threeValue: String? = "not called"
    let oneIssues = await issuesReported { oneValue = await one("Paris") }
    let threeIssues = await issuesReported { threeValue = await three("Paris", 1, 2) }

    expectReportedOnce(oneIssues, by: "WeatherClient.uvIndex", when: "uvIndex(_:)", fix: Self.fix)
    expectReportedOnce(
      threeIssues, by: "WeatherClient.stormNotice", when: "stormNotice(_:_:_:)", fix: Self.fix)
    #expect(
      oneValue == nil,
      """
      The async uvIndex("Paris") returned \(String(describing: oneValue)) instead of nil. \
      \(Self.fix)
      """)
    #expect(
      threeValue == nil,
      """
      The async stormNotice("Paris", 1, 2) returned \(String(reflecting: threeValue)) instead of \
      nil. \(Self.fix)
      """)
  }
}

@Suite("Step 6: WeatherClient's test value is made of unimplemented endpoints", .dependencies)
struct WeatherClientTests {
  static let fix = """
    Step 6: give each parameter of WeatherClient's initializer the default \
    unimplementedEndpoint("WeatherClient.<endpoint>").
    """

  @Test func buildingTheTestValueReportsNothing() {
    var client = WeatherClient.testValue
    let buildIssues = issuesReported {
      client = UnimplementedClients.WeatherClient()
      @Dependency(\.weather) var weather
      client = weather
    }
    #expect(
      buildIssues.isEmpty,
      """
      Building WeatherClient() and reading it as a dependency reported \
      \(buildIssues.map(\.firstLine)). Nothing may be reported before an endpoint is called: \
      report inside each endpoint's closure, not when the endpoint is made.
      """)
    let callIssues = issuesReported { _ = client.lastCity() }
    expectReportedOnce(
      callIssues, by: "WeatherClient.lastCity", when: "weather.lastCity()", fix: Self.fix)
  }

  @Test func everyEndpointReportsItsOwnName() async {
    @Dependency(\.weather) var weather
    var forecast: Result<Forecast, any Error> = .failure(NotCalled())
    var search: Result<[String], any Error> = .failure(NotCalled())
    var isFavorite = true
    var favorites = ["not called"]
    var lastCity: String? = "not called"
    var saveAlert: Result<Void, any Error> = .failure(NotCalled())
    let issues = await issuesReported {
      forecast = await outcome { try await weather.forecast("Paris") }
      search = await outcome { try await weather.search("Par", 1) }
      isFavorite = weather.isFavorite("Paris")
      favorites = await weather.favorites()
      weather.track("opened")
      lastCity = weather.lastCity()
      saveAlert = Result { try weather.saveAlert("Oslo", -5, 25) }
    }

    let endpoints = [
      "forecast", "search", "isFavorite", "favorites", "track", "lastCity", "saveAlert",
    ]
    let expected = endpoints.map { "Unimplemented: 'WeatherClient.\($0)'" }
    #expect(
      issues.map(\.firstLine) == expected,
      """
      Calling each endpoint of the test value once, in the order \(endpoints), reported \
      \(issues.map(\.firstLine)); it should report exactly one issue per call, naming each \
      endpoint as 'WeatherClient.<endpoint>'. \(Self.fix)
      """)
    expectUnimplementedFailure(
      forecast, named: "WeatherClient.forecast", when: "weather.forecast(\"Paris\")",
      fix: Self.fix)
    expectUnimplementedFailure(
      search, named: "WeatherClient.search", when: "weather.search(\"Par\", 1)", fix: Self.fix)
    expectUnimplementedFailure(
      saveAlert, named: "WeatherClient.saveAlert", when: "weather.saveAlert(\"Oslo\", -5, 25)",
      fix: Self.fix)
    #expect(
      !isFavorite,
      """
      weather.isFavorite("Paris") returned true instead of its placeholder false. \(Self.fix)
      """)
    #expect(
      favorites == [],
      """
      weather.favorites() returned \(favorites) instead of its placeholder []. \(Self.fix)
      """)
    #expect(
      lastCity == nil,
      """
      weather.lastCity() returned \(String(reflecting: lastCity)) instead of nil. \(Self.fix)
      """)
  }

  @Test @MainActor func aTestOverridesOnlyWhatItUses() async {
    let model = withDependencies {
      $0.weather.search = { query, page in ["\(query)is", "\(query)ma"] }
    } operation: {
      ForecastModel()
    }

    let searchIssues = await issuesReported { await model.searchChanged("Par") }
    #expect(
      searchIssues.isEmpty,
      """
      The test overrode `search`, the only endpoint searchChanged uses, yet searching reported \
      \(searchIssues.map(\.firstLine)). An endpoint the test overrode must not report anything.
      """)
    #expect(
      model.results == ["Paris", "Parma"],
      """
      The test overrode `search` to return ["Paris", "Parma"] for "Par", yet the model shows \
      \(model.results). Overriding an endpoint in withDependencies must replace it.
      """)

    let loadIssues = await issuesReported { await model.load("Paris") }
    #expect(
      loadIssues.map(\.firstLine) == [
        "Unimplemented: 'WeatherClient.forecast'", "Unimplemented: 'WeatherClient.isFavorite'",
      ],
      """
      load("Paris") calls `forecast` and `isFavorite`, which this test did not override; it \
      reported \(loadIssues.map(\.firstLine)) instead of one issue for each, in that order. \
      \(Self.fix)
      """)
    #expect(
      model.forecast == nil,
      """
      With `forecast` unimplemented, the model shows the forecast \
      \(String(describing: model.forecast)) instead of none. The unimplemented `forecast` must \
      throw, not return a made-up forecast. \(Self.fix)
      """)
    #expect(
      model.errorMessage != nil,
      """
      With `forecast` unimplemented, the model shows no error message: the call did not throw. \
      The unimplemented `forecast` must throw, so the model takes its error path. \(Self.fix)
      """)
  }

  @Test @MainActor func anEndpointTheTestDidNotOverrideIsReported() async {
    let model = withDependencies {
      $0.weather.forecast = { city in sunny(city) }
    } operation: {
      ForecastModel()
    }

    let issues = await issuesReported { await model.load("Paris") }
    #expect(
      issues.map(\.firstLine) == ["Unimplemented: 'WeatherClient.isFavorite'"],
      """
      The test overrode only `forecast`; load("Paris") also calls `isFavorite`, so it must \
      report exactly one issue, "Unimplemented: 'WeatherClient.isFavorite'". It reported \
      \(issues.map(\.firstLine)). \(Self.fix)
      """)
    #expect(
      model.forecast == sunny("Paris"),
      """
      The test overrode `forecast` to return a sunny forecast for the city, yet the model shows \
      \(String(describing: model.forecast)). Overriding an endpoint in withDependencies must \
      replace it.
      """)
    #expect(
      !model.isFavorite,
      """
      With `isFavorite` unimplemented, the model shows isFavorite true instead of the \
      placeholder false. \(Self.fix)
      """)
  }
}

extension Substring {
  /// The line without the spaces around it.
  var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
