// Decoy: reportIssue is called without the caller's location, so the warning points here,
// inside the library, instead of at the app's line.

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
    var refused: [(keyName: String, wasPrepared: Bool)] = []
    for id in prepared.order {
      guard let value = prepared.values[id] else { continue }
      if let decided = entries[id] {
        refused.append((value.keyName, decided.wasPrepared))
      } else {
        entries[id] = DependencyDefaults.Entry(value: value.value, wasPrepared: true)
      }
    }
    return refused
  }
  // Reported outside the lock, at the caller's location: the app's line is what needs fixing.
  for (keyName, wasPrepared) in refused {
    reportIssue(alreadyDecidedMessage(keyName: keyName, wasPrepared: wasPrepared))
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
