/// A name for one dependency of an app, and the value it has until someone overrides it.
///
/// Declare one key per dependency, then expose it as a property of ``InjectedValues`` so that
/// code can reach it through a key path:
///
/// ```swift
/// enum NetworkProviderKey: InjectionKey {
///   static let defaultValue: any NetworkProviding = URLSessionNetworkProvider()
/// }
///
/// extension InjectedValues {
///   var networkProvider: any NetworkProviding {
///     get { self[NetworkProviderKey.self] }
///     set { self[NetworkProviderKey.self] = newValue }
///   }
/// }
/// ```
///
/// The key type itself is what tells two dependencies apart, so two keys may share a `Value`
/// type (two `String` settings, say) and still hold different values. The key only *provides*
/// the default: it stores nothing, because a `static var` holding the current value would be
/// global mutable state, which Swift 6 rejects.
public protocol InjectionKey {
  /// The type of the dependency. It must be `Sendable`: one value is shared by every thread
  /// and task of the app.
  associatedtype Value: Sendable

  /// The value used while nothing overrides this key: in an app, the real thing.
  static var defaultValue: Value { get }
}
