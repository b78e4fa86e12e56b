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
      #if SOLUTION
        if let prepared = values[ObjectIdentifier(key)] { return prepared.value as! Key.Value }
        return DependencyDefaults.peek(key)
      #else
        // Step 2: the value this preparation set for `key`, if it set one; otherwise the key's
        // current default, read WITHOUT deciding the key (`DependencyDefaults.peek(_:)` looks
        // without deciding). A read through `DependencyDefaults.value(for:)` would decide the
        // key, and the preparation of it would then be refused.
        return Key.liveValue
      #endif
    }
    set {
      #if SOLUTION
        let id = ObjectIdentifier(key)
        if values[id] == nil { order.append(id) }
        values[id] = Prepared(keyName: String(describing: key), value: newValue)
      #else
        // Step 2: remember `newValue` for `key` in `values`, together with the key's name (the
        // report of Step 4 names the key), and add the key's id to `order` the first time it is
        // set, so keys are applied and reported in the order they were first set. Setting the
        // same key again in one preparation replaces its value: the last one wins.
      #endif
    }
  }
}
