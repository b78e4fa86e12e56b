// Decoy: each value is filed under the type of the value, not the type of the key. Two
// dependencies that are both a String (a greeting and an accent colour) then share one entry.
public struct InjectedValues: Sendable {
  private var overrides: [ObjectIdentifier: any Sendable] = [:]

  public init() {}

  public subscript<Key: InjectionKey>(key: Key.Type) -> Key.Value {
    get { overrides[ObjectIdentifier(Key.Value.self)] as? Key.Value ?? Key.defaultValue }
    set { overrides[ObjectIdentifier(Key.Value.self)] = newValue }
  }

  private static let current = Locked(InjectedValues())

  public static subscript<Value>(_ keyPath: WritableKeyPath<InjectedValues, Value>) -> Value {
    get { current.withLock { $0[keyPath: keyPath] } }
    set { current.withLock { $0[keyPath: keyPath] = newValue } }
  }
}
