import Dependencies

/// The weather for one city, as the weather service returns it.
public struct Forecast: Equatable, Sendable {
  public var city: String
  public var summary: String
  public var high: Int
  public var low: Int

  public init(city: String, summary: String, high: Int, low: Int) {
    self.city = city
    self.summary = summary
    self.high = high
    self.low = low
  }
}

/// The weather app's dependency on its weather service: a struct of closures, one per endpoint.
///
/// Its initializer gives every endpoint an *unimplemented* default, so `WeatherClient()` is the
/// test value: a client that fails the test calling any endpoint, by name. A test overrides only
/// the endpoints it expects to be called; the rest stay unimplemented:
///
/// ```swift
/// let model = withDependencies {
///   $0.weather.search = { query, page in ["Paris", "Parma"] }
/// } operation: {
///   ForecastModel()
/// }
/// await model.searchChanged("Par")  // search is overridden: no issue
/// await model.load("Paris")         // ❌ Unimplemented: 'WeatherClient.forecast' …
/// ```
public struct WeatherClient: Sendable {
  /// Today's forecast for a city (async, throwing, 1 argument).
  public var forecast: @Sendable (_ city: String) async throws -> Forecast
  /// The names of the cities matching `query`, one page at a time (async, throwing, 2 arguments).
  public var search: @Sendable (_ query: String, _ page: Int) async throws -> [String]
  /// Whether the user starred the city (sync, non-throwing, 1 argument).
  public var isFavorite: @Sendable (_ city: String) -> Bool
  /// The starred cities (async, non-throwing, no arguments).
  public var favorites: @Sendable () async -> [String]
  /// Sends an analytics event (sync, non-throwing, returns nothing).
  public var track: @Sendable (_ event: String) -> Void
  /// The city the user looked at last, if any (sync, optional result, no arguments).
  public var lastCity: @Sendable () -> String?
  /// Asks to be alerted when a city's temperature leaves a range (sync, throwing, 3 arguments).
  public var saveAlert: @Sendable (_ city: String, _ low: Int, _ high: Int) throws -> Void

  /// A client whose endpoints are the ones you pass, and unimplemented for everything else.
  public init(
    // Step 6: these defaults quietly pretend: a test that calls them never notices. Replace
    // each with an unimplemented endpoint (Steps 3 to 5) named "WeatherClient.<endpoint>",
    // so that a failure says which client and which endpoint were called. Throwing endpoints
    // throw rather than return made-up data; a non-throwing endpoint that returns a value
    // needs a placeholder of its type; `track` (Void) and `lastCity` (optional) need none.
    forecast: @escaping @Sendable (_ city: String) async throws -> Forecast = { _ in
      throw CancellationError()
    },
    search: @escaping @Sendable (_ query: String, _ page: Int) async throws -> [String] = {
      _, _ in []
    },
    isFavorite: @escaping @Sendable (_ city: String) -> Bool = { _ in false },
    favorites: @escaping @Sendable () async -> [String] = { [] },
    track: @escaping @Sendable (_ event: String) -> Void = { _ in },
    lastCity: @escaping @Sendable () -> String? = { nil },
    saveAlert: @escaping @Sendable (_ city: String, _ low: Int, _ high: Int) throws -> Void = {
      _, _, _ in
    }
  ) {
    self.forecast = forecast
    self.search = search
    self.isFavorite = isFavorite
    self.favorites = favorites
    self.track = track
    self.lastCity = lastCity
    self.saveAlert = saveAlert
  }
}

extension WeatherClient: TestDependencyKey {
  /// Every endpoint unimplemented: a test must override what it expects to be called.
  public static var testValue: WeatherClient { WeatherClient() }
}

extension DependencyValues {
  /// The weather service. Tests start from ``WeatherClient/testValue`` and override endpoints:
  /// `$0.weather.forecast = { city in … }`.
  public var weather: WeatherClient {
    get { self[WeatherClient.self] }
    set { self[WeatherClient.self] = newValue }
  }
}
