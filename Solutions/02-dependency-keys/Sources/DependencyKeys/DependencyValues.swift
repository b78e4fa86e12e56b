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

  #if SOLUTION
    /// The values set through the subscript, by key type.
    private var values: [ObjectIdentifier: any Sendable] = [:]
  #else
    // Step 3: add storage for the values set through the subscript, one for each key type (not
    // each value type: two keys may share one). It belongs to the struct, so a value set on one
    // copy of `DependencyValues` stays in that copy.
  #endif

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
      #if SOLUTION
        if let value = values[ObjectIdentifier(key)] {
          return value as! Key.Value
        }
        let context = context
        if context == .live, !(Key.self is any DependencyKey.Type) {
          reportIssue(
            """
            \(Key.self) has no live value, but the live context asked for it, so its test value \
            was used instead. To fix this, conform \(Key.self) to 'DependencyKey' with a \
            'liveValue' (in the module that has the real implementation, linked into the app), \
            or set the dependency at the app's entry point.
            """)
        }
        return DefaultValueCache.shared.value(for: Key.self, in: context) {
          Self.defaultValue(of: Key.self, in: context)
        }
      #else
        // Step 3: a value set for this key wins: return it, and compute or report nothing.
        // Otherwise return the key's default for `context`: its live value in the live
        // context, its preview value in previews, its test value in tests. Only a
        // `DependencyKey` has a live value, and only the key type at run time can say whether
        // it is one; a key without one gives its test value, and every such live read reports
        // an issue naming the key and how to give it a live value. Get defaults through the
        // shared `DefaultValueCache`, so each is computed once (Step 4 makes it work), but keep
        // that issue out of what the cache computes: it must come on every read, not the first.
        return Key.testValue
      #endif
    }
    set {
      #if SOLUTION
        values[ObjectIdentifier(key)] = newValue
      #else
        // Step 3: remember `newValue` for this key in these values: from now on it wins over
        // the default, in this copy only.
      #endif
    }
  }

  #if SOLUTION
    /// The default of `key` in `context`, computed afresh: what the cache stores.
    private static func defaultValue<Key: TestDependencyKey>(
      of key: Key.Type, in context: DependencyContext
    ) -> Key.Value {
      switch context {
      case .live:
        // Only a `DependencyKey` has a live value; ask the key type at run time.
        if let liveKey = Key.self as? any DependencyKey.Type,
          let value = liveKey.liveValue as? Key.Value
        {
          return value
        }
        return Key.testValue
      case .preview:
        return Key.previewValue
      case .test:
        return Key.testValue
      }
    }
  #endif
}
