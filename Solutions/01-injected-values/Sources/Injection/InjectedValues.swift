/// The dependencies of an app: for each ``InjectionKey``, either the value someone set, or the
/// key's default.
///
/// An `InjectedValues` is a plain struct. Apps extend it with one computed property per
/// dependency (see ``InjectionKey``), so that a dependency has a key path,
/// `\InjectedValues.networkProvider`. The app as a whole reads and writes one shared copy
/// through the static key-path subscript:
///
/// ```swift
/// let provider = InjectedValues[\.networkProvider]     // the default, URLSessionNetworkProvider
/// InjectedValues[\.networkProvider] = MockNetworkProvider()
/// let mocked = InjectedValues[\.networkProvider]       // MockNetworkProvider, for everyone
/// ```
public struct InjectedValues: Sendable {
  /// The values set so far, by key. A key that is not in here reads its default.
  ///
  /// `ObjectIdentifier(Key.self)` names a key type; each key type has its own entry, even
  /// when two keys have the same `Value` type.
  private var overrides: [ObjectIdentifier: any Sendable] = [:]

  /// Values where every key reads its default.
  public init() {}

  /// The value of the dependency `key`: the value set for it in these values, or else the
  /// key's ``InjectionKey/defaultValue``.
  ///
  /// Setting it changes these values only (`InjectedValues` is a struct):
  ///
  /// ```swift
  /// var values = InjectedValues()
  /// values[GreetingKey.self]         // "Hello", the default
  /// values[GreetingKey.self] = "Hi"
  /// values[GreetingKey.self]         // "Hi"
  /// ```
  public subscript<Key: InjectionKey>(key: Key.Type) -> Key.Value {
    get {
      #if SOLUTION
        return overrides[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue
      #else
        // Step 1: give back the value set for this key in these values, as the key's own
        // `Value` type (`overrides` holds them as `any Sendable`). Only when nothing was set
        // for the key does its default answer. (This placeholder always gives the default, so
        // a value that was set is never seen.)
        return Key.defaultValue
      #endif
    }
    set {
      #if SOLUTION
        overrides[ObjectIdentifier(key)] = newValue
      #else
        // Step 1: remember `newValue` in `overrides`, filed under the key type itself, so that
        // the getter finds it again. Not under the type of the value: a greeting and an accent
        // colour may both be `String`s, and each must keep a value of its own.
      #endif
    }
  }

  /// The values the whole app reads: one shared copy, behind a lock.
  ///
  /// Not a `static var`: Swift 6 rejects a mutable static property that every thread could
  /// change at once. A `let` holding a lock that guards the value is safe.
  private static let current = Locked(InjectedValues())

  /// Reads or writes one dependency in the app's current values.
  ///
  /// `keyPath` is usually one of the properties apps add to `InjectedValues`, and may reach
  /// inside one (`\.settings.fontSize`). A write is seen by every later read, from any thread:
  ///
  /// ```swift
  /// InjectedValues[\.networkProvider] = MockNetworkProvider()
  /// let model = ArticleListModel()  // its @Injected provider is the mock
  /// ```
  public static subscript<Value>(_ keyPath: WritableKeyPath<InjectedValues, Value>) -> Value {
    get {
      #if SOLUTION
        return current.withLock { $0[keyPath: keyPath] }
      #else
        // Step 2: read through `keyPath` from the app's one shared copy, `current`: only that
        // copy holds what the app has set. Read it while holding its lock, so that no other
        // thread changes it halfway through. (This placeholder reads a brand-new
        // `InjectedValues`, so it always sees the defaults.)
        return InjectedValues()[keyPath: keyPath]
      #endif
    }
    set {
      #if SOLUTION
        current.withLock { $0[keyPath: keyPath] = newValue }
      #else
        // Step 2: write `newValue` through `keyPath` into the shared copy itself, while holding
        // its lock, so that every later read, from any thread, sees it. Values copied out of
        // the lock and changed afterwards are not the store: the change would be lost.
      #endif
    }
  }
}
