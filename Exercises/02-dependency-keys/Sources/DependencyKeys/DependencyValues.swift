import IssueReporting

/// The dependencies of one context: the values set on it, and the defaults of every other key.
///
/// Register a dependency with a computed property that goes through the key subscript, then read
/// and set it like any property:
///
/// ```swift
/// extension DependencyValues {
///   var weatherClient: WeatherClient {
///     get { self[WeatherClientKey.self] }
///     set { self[WeatherClientKey.self] = newValue }
///   }
/// }
///
/// var values = DependencyValues(context: .test)
/// values.weatherClient                     // WeatherClientKey.testValue
/// values.weatherClient = .alwaysRaining    // set: this one wins from now on
/// ```
///
/// It is a value type: setting a dependency changes this copy only. Defaults are not stored
/// here but in one cache for the whole process, so each key's default for a context is computed
/// once, however many `DependencyValues` read it.
public struct DependencyValues: Sendable {
  /// Which default each key gives here: its live, preview or test value.
  public let context: DependencyContext

  // Step 3: add a stored property that keeps the values set through the subscript, by key
  // type, for example a dictionary from `ObjectIdentifier` (of the key type) to `any Sendable`.

  /// Dependencies with nothing set, whose defaults come from `context`.
  public init(context: DependencyContext) {
    self.context = context
  }

  /// Reads or sets the dependency registered by `key`.
  ///
  /// A value set here wins. Otherwise it is the key's default for ``context``: `liveValue`,
  /// `previewValue` or `testValue`, computed the first time any `DependencyValues` of that
  /// context asks for it, then reused. A key that has no live value (a ``TestDependencyKey``
  /// only) gives its test value in the live context, and every such read is reported.
  ///
  /// ```swift
  /// var values = DependencyValues(context: .preview)
  /// values[WeatherClientKey.self]                   // WeatherClientKey.previewValue
  /// values[WeatherClientKey.self] = .alwaysSunny
  /// values[WeatherClientKey.self]                   // .alwaysSunny
  /// ```
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      // Step 3: if a value was set for this key, return it. Otherwise return the key's
      // default for `context`: `Key.liveValue` for a `DependencyKey` in the live context (a
      // key that has none reports an issue naming it, and gives its test value),
      // `Key.previewValue` in previews, `Key.testValue` in tests. Get it through
      // `DefaultValueCache.shared.value(for:in:compute:)` (Step 4 makes that cache work).
      return Key.testValue
    }
    set {
      // Step 3: remember `newValue` for this key; it wins over the default from now on.
    }
  }

}
