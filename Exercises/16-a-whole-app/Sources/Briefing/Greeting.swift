// TODO: replace this example with the exercise's feature. Keep what the learner writes
// inside `#if SOLUTION … #else … #endif`: the starter is generated from the #else side.

/// A greeting for `name`.
public func greeting(for name: String) -> String {
  // Step 1: return "Hello, " followed by the name and "!".
  return ""
}
