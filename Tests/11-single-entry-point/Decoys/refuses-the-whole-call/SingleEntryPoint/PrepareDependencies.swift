// Decoy: a late preparation is all-or-nothing. One key already decided makes the whole call
// ignored, and the keys that were still in time are lost.

import Dependencies

/// Decides dependencies once, for the whole process, at the app's entry point.
///
/// Call it first thing, before anything reads a dependency. Each key it sets becomes that key's
/// default for the rest of the process, on every thread and in every task, detached ones too:
///
/// ```swift
/// // main.swift
/// prepareDependencies {
///   $0[DatabaseKey.self] = Database(path: "app.sqlite")
/// }
/// App.run()
/// ```
///
/// A key that was already decided, because something read it or an earlier preparation set it,
/// keeps its value: the new value is ignored, and an issue pointing at this call says so. The
/// other keys of the same call are still prepared.
public func prepareDependencies(
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ updateValues: (inout PreparedValues) throws -> Void
) rethrows {
  var prepared = PreparedValues()
  try updateValues(&prepared)
  let refused = DependencyDefaults.entries.withLock { entries in
    let refused = prepared.order.compactMap { id -> (keyName: String, wasPrepared: Bool)? in
      guard let decided = entries[id], let value = prepared.values[id] else { return nil }
      return (value.keyName, decided.wasPrepared)
    }
    // One late key and the whole call is ignored.
    guard refused.isEmpty else { return refused }
    for id in prepared.order {
      guard let value = prepared.values[id] else { continue }
      entries[id] = DependencyDefaults.Entry(value: value.value, wasPrepared: true)
    }
    return refused
  }
  // Reported outside the lock, at the caller's location: the app's line is what needs fixing.
  for (keyName, wasPrepared) in refused {
    reportIssue(
      alreadyDecidedMessage(keyName: keyName, wasPrepared: wasPrepared),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// What is reported when a preparation comes too late for a key.
public func alreadyDecidedMessage(keyName: String, wasPrepared: Bool) -> String {
  """
  The dependency '\(keyName)' was already \(wasPrepared ? "prepared" : "read") in this process, \
  so this preparation of it is ignored and it keeps its value. Prepare dependencies once, as \
  early as possible: at the app's entry point, before anything reads them.
  """
}
