/// A property that reads and writes one dependency of the app's current ``InjectedValues``.
///
/// ```swift
/// @MainActor final class ArticleListModel {
///   @Injected(\.networkProvider) var networkProvider: any NetworkProviding
///
///   func load() async throws -> [String] {
///     try await networkProvider.fetchArticleTitles()
///   }
/// }
/// ```
///
/// The wrapper holds only the key path. Each read asks the store again, so a test that
/// overrides the provider after the model was made still reaches the model. Setting the
/// property sets the dependency for the whole app.
@propertyWrapper
public struct Injected<Value> {
  /// Which dependency this property stands for.
  private let keyPath: WritableKeyPath<InjectedValues, Value>

  /// A property standing for the dependency at `keyPath`, such as `\.networkProvider`.
  public init(_ keyPath: WritableKeyPath<InjectedValues, Value>) {
    self.keyPath = keyPath
  }

  /// The dependency's value in the app's current values, read at each access.
  ///
  /// The setter is `nonmutating`: it changes the shared store, not this wrapper, so it also
  /// works on a property of a `let` struct.
  public var wrappedValue: Value {
    get {
      #if SOLUTION
        return InjectedValues[keyPath]
      #else
        // Step 3: give the dependency's value in the app's current values, the store you
        // built in Step 2, asked for again at every read, never a copy kept in the wrapper: a
        // model made before a test overrides the dependency must still see the override. (This
        // placeholder reads a brand-new `InjectedValues`, so it always sees the defaults.)
        return InjectedValues()[keyPath: keyPath]
      #endif
    }
    nonmutating set {
      #if SOLUTION
        InjectedValues[keyPath] = newValue
      #else
        // Step 3: change the dependency in the app's current values, not in the wrapper, so
        // that every other `@Injected` property for it, in any object, sees the new value.
      #endif
    }
  }
}
