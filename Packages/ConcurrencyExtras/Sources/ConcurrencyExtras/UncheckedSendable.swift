/// Wraps a value the compiler cannot prove `Sendable`, taking responsibility for it.
///
/// Use it sparingly, where you know a non-`Sendable` value is not shared unsafely, for example a
/// formatter that is only read:
///
/// ```swift
/// let formatter = UncheckedSendable(DateFormatter())
/// Task { print(formatter.value.string(from: .now)) }
/// ```
///
/// It also works as a property wrapper: `@UncheckedSendable var formatter = DateFormatter()`.
@dynamicMemberLookup
@propertyWrapper
public struct UncheckedSendable<Value>: @unchecked Sendable {
  /// The wrapped value.
  public var value: Value

  /// Wraps `value`.
  ///
  /// - Parameter value: The value to vouch for.
  public init(_ value: Value) {
    self.value = value
  }

  /// Wraps `wrappedValue`, for use as a property wrapper.
  ///
  /// - Parameter wrappedValue: The value to vouch for: the property's initial value.
  public init(wrappedValue: Value) {
    self.value = wrappedValue
  }

  /// The wrapped value.
  public var wrappedValue: Value {
    _read { yield value }
    _modify { yield &value }
  }

  /// The wrapper itself, to pass the value on as `Sendable`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Reads a property of the value.
  ///
  /// - Parameter keyPath: The property to read.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    value[keyPath: keyPath]
  }

  /// Reads or writes a property of the value.
  ///
  /// - Parameter keyPath: The property to read or write.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Subject {
    get { value[keyPath: keyPath] }
    set { value[keyPath: keyPath] = newValue }
  }
}

extension UncheckedSendable: Equatable where Value: Equatable {}
extension UncheckedSendable: Hashable where Value: Hashable {}
