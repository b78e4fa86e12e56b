import Dependencies

/// The forecast screen of the weather app: it searches cities and shows one city's forecast.
///
/// Each action uses only the endpoints it needs, so a test overrides only those:
///
/// | action | endpoints it calls |
/// |---|---|
/// | ``searchChanged(_:)`` | `search` |
/// | ``load(_:)`` | `forecast`, then `isFavorite` |
///
/// ```swift
/// let model = withDependencies {
///   $0.weather.forecast = { city in Forecast(city: city, summary: "Sunny", high: 24, low: 13) }
///   $0.weather.isFavorite = { _ in true }
/// } operation: {
///   ForecastModel()
/// }
/// await model.load("Paris")
/// ```
@MainActor
public final class ForecastModel {
  @Dependency(\.weather) private var weather

  /// The cities matching the last search.
  public private(set) var results: [String] = []
  /// The forecast on screen, if it loaded.
  public private(set) var forecast: Forecast?
  /// Whether the city on screen is starred.
  public private(set) var isFavorite = false
  /// What the screen shows when the forecast could not load.
  public private(set) var errorMessage: String?

  public init() {}

  /// The search field changed: shows the first page of matching cities.
  public func searchChanged(_ query: String) async {
    do {
      results = try await weather.search(query, 1)
    } catch {
      results = []
    }
  }

  /// A city was picked: loads its forecast, then whether it is starred.
  public func load(_ city: String) async {
    do {
      forecast = try await weather.forecast(city)
      errorMessage = nil
    } catch {
      forecast = nil
      errorMessage = "The forecast for \(city) could not load."
    }
    isFavorite = weather.isFavorite(city)
  }
}
