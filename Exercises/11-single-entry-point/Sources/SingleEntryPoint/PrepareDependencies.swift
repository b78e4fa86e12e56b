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
  // Step 3: make each prepared value its key's default for the whole process: for every key
  // the preparation set, in `order`, store it in the same `DependencyDefaults.entries` that
  // reads use, marked as prepared, all under one lock. From then on every task, detached
  // ones too, reads it.
  // Step 4: a key that is already decided (read, or prepared earlier) keeps its entry: only
  // that key is refused, the other keys of this call still go through. Check and write in
  // the same locked pass, so that racing preparations cannot both win. Note each refused
  // key's name and whether its entry was prepared; after the lock is released (never
  // report while holding it), report each one with `reportIssue` and the given
  // `alreadyDecidedMessage`, at this call's own location, so the issue points at the app's
  // line, not into your library.
  _ = prepared
}

/// What is reported when a preparation comes too late for a key.
public func alreadyDecidedMessage(keyName: String, wasPrepared: Bool) -> String {
  """
  The dependency '\(keyName)' was already \(wasPrepared ? "prepared" : "read") in this process, \
  so this preparation of it is ignored and it keeps its value. Prepare dependencies once, as \
  early as possible: at the app's entry point, before anything reads them.
  """
}
