// Decoy: a default read inside the preparation goes through value(for:), which decides the
// key, so a preparation that builds on a default refuses itself.

import Dependencies

/// The values one call of ``prepareDependencies(fileID:filePath:line:column:_:)`` sets.
///
/// Inside the preparation, read and write keys with the subscript. Reading a key that this
/// preparation has not set gives its current default *without deciding it*, so a preparation may
/// build on a default:
///
/// ```swift
/// prepareDependencies {
///   $0[ServerKey.self] = "https://staging.example.com"
///   $0[UserAgentKey.self] = $0[UserAgentKey.self] + " (staging)"
/// }
/// ```
public struct PreparedValues {
  /// One value this preparation set, with the key's name for messages.
  struct Prepared {
    var keyName: String
    var value: any Sendable
  }

  /// The values set so far, by the key's type.
  var values: [ObjectIdentifier: Prepared] = [:]
  /// The keys in the order they were first set, so they are applied and reported in that order.
  var order: [ObjectIdentifier] = []

  init() {}

  /// The value of `key` in this preparation.
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value where Key.Value: Sendable {
    get {
      if let prepared = values[ObjectIdentifier(key)] { return prepared.value as! Key.Value }
      return DependencyDefaults.value(for: key)
    }
    set {
      let id = ObjectIdentifier(key)
      if values[id] == nil { order.append(id) }
      values[id] = Prepared(keyName: String(describing: key), value: newValue)
    }
  }
}
