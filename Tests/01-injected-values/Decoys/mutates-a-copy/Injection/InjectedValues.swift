// Decoy: the setter takes the current values out of the lock and writes into that copy. The
// copy is a struct of its own; the shared values never change.
public struct InjectedValues: Sendable {
  private var overrides: [ObjectIdentifier: any Sendable] = [:]

  public init() {}

  public subscript<Key: InjectionKey>(key: Key.Type) -> Key.Value {
    get { overrides[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
    set { overrides[ObjectIdentifier(key)] = newValue }
  }

  private static let current = Locked(InjectedValues())

  public static subscript<Value>(_ keyPath: WritableKeyPath<InjectedValues, Value>) -> Value {
    get { current.withLock { $0[keyPath: keyPath] } }
    set {
      var values = current.withLock { $0 }
      values[keyPath: keyPath] = newValue
    }
  }
}
