// Decoy: the wrapper reads the dependency once, when it is made, and keeps that copy. An
// override made later never reaches a model that already exists. Writes do reach the store.
@propertyWrapper
public struct Injected<Value> {
  private let keyPath: WritableKeyPath<InjectedValues, Value>
  private let value: Value

  public init(_ keyPath: WritableKeyPath<InjectedValues, Value>) {
    self.keyPath = keyPath
    self.value = InjectedValues[keyPath]
  }

  public var wrappedValue: Value {
    get { value }
    nonmutating set { InjectedValues[keyPath] = newValue }
  }
}
