// Decoy: the key-path subscript reads from a brand-new InjectedValues(), as in the article,
// where the instance is only an accessor and the values live on the keys. Here the values live
// in the instance, so a fresh one knows only the defaults. Writes do reach the store.
public struct InjectedValues: Sendable {
  private var overrides: [ObjectIdentifier: any Sendable] = [:]

  public init() {}

  public subscript<Key: InjectionKey>(key: Key.Type) -> Key.Value {
    get { overrides[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
    set { overrides[ObjectIdentifier(key)] = newValue }
  }

  private static let current = Locked(InjectedValues())

  public static subscript<Value>(_ keyPath: WritableKeyPath<InjectedValues, Value>) -> Value {
    get { InjectedValues()[keyPath: keyPath] }
    set { current.withLock { $0[keyPath: keyPath] = newValue } }
  }
}
