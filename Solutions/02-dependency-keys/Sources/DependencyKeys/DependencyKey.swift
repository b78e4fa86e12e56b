import IssueReporting

/// A key for a dependency that has a test value (and perhaps a preview value) but no live one.
///
/// Use it to declare a dependency in a module that must not link the real implementation (an
/// interface module that features depend on, so they build quickly). The app module adds the
/// live value later by conforming to ``DependencyKey``:
///
/// ```swift
/// // WeatherClientInterface: no networking code here.
/// extension WeatherClient: TestDependencyKey {
///   static let testValue = WeatherClient(forecast: { _ in .sunny })
/// }
/// ```
///
/// `Value` is the type of the dependency; it defaults to the key type itself, so a client type
/// can be its own key.
public protocol TestDependencyKey {
  /// The type of the dependency. Defaults to the key type itself.
  associatedtype Value: Sendable = Self

  /// The value tests get when they do not set the dependency themselves.
  static var testValue: Value { get }

  /// The value previews get. Defaults to ``testValue``.
  static var previewValue: Value { get }
}

extension TestDependencyKey {
  /// Without a live value to fall back on, previews use the test value.
  public static var previewValue: Value { testValue }
}

/// A key that registers a dependency with its live value, and perhaps a preview and a test value.
///
/// ```swift
/// enum WeatherClientKey: DependencyKey {
///   static let liveValue = WeatherClient.live        // talks to the server
///   static let testValue = WeatherClient.unimplemented
/// }
/// ```
///
/// What a key leaves out falls back along a cascade:
///
/// | asked for | if the key does not define it |
/// |---|---|
/// | `previewValue` | `liveValue` |
/// | `testValue` | `previewValue` (so, in the end, `liveValue`), after reporting an issue |
///
/// A test that ends up with a live value is reported because it may be calling a real server,
/// writing to disk or sending analytics without anyone noticing. Setting the dependency in the
/// test, or giving the key a `testValue`, silences it.
public protocol DependencyKey: TestDependencyKey {
  /// The value the running app gets.
  static var liveValue: Value { get }

  // Repeated from `TestDependencyKey`: without these lines Swift would take `Value = Self` from
  // the parent protocol instead of inferring it from `liveValue`, and the defaults below would
  // not be the ones chosen for keys that conform to `DependencyKey`.
  associatedtype Value = Self
  static var previewValue: Value { get }
  static var testValue: Value { get }
}

extension DependencyKey {
  #if SOLUTION
    /// Without a preview value of its own, a preview shows the real thing.
    public static var previewValue: Value { liveValue }
  #else
    // Step 1: give `DependencyKey` a public default `previewValue` of its own: a key that has a
    // live value but no preview value previews the real thing. (Until you do, the
    // `TestDependencyKey` default above applies, so previews get the test value, and once the
    // `testValue` below falls back to the preview value, the two defaults would call each
    // other forever. Write this one first.)
  #endif

  /// Without a test value of its own, a test gets the preview value (which is the live value
  /// unless the key has a preview value), and an issue is reported that names the key and says
  /// how to fix it.
  public static var testValue: Value {
    #if SOLUTION
      reportIssue(
        """
        \(Self.self) has no test value, so a test fell back to its live value. A test must not \
        reach a real server, the disk or analytics by accident. To fix this, override \
        \(Self.self) in the test (values[\(Self.self).self] = …), or give \(Self.self) a \
        'testValue' so that every test gets a safe default.
        """)
      return previewValue
    #else
      // Step 1: a key without a test value falls back along the cascade to its preview value,
      // not straight to its live value: a key may have a preview value of its own and no test
      // value, and then tests must get that preview value.
      // Step 2: that fallback is dangerous in a test (a real server, the disk, analytics), so
      // report an issue through IssueReporting before falling back; it fails the running test.
      // Its message is read in a failing CI log: it must name the key and give both fixes,
      // overriding the dependency in that test or giving the key a `testValue`.
      return liveValue
    #endif
  }
}
