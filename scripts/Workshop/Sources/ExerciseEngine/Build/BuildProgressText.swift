import Foundation

/// A line of SwiftPM's build output, as the learner reads it while an exercise builds: how far
/// along the build is and about how long is left, then what it is doing.
///
/// ```swift
/// BuildProgressText.describe("[15/41] Compiling Clocks TestClock.swift", seconds: 10)
/// // "step 15 of 41, about 18 s left: Compiling Clocks TestClock.swift"
/// ```
public enum BuildProgressText {
  /// The most characters of a progress line that a terminal redraws in place: narrower than any
  /// terminal, since a line the terminal wraps cannot be cleared.
  public static let lineWidth = 79

  /// `line` with its `[done/total]` prefix in words, and an estimate of the time left from the
  /// `seconds` the build has taken so far (once three steps are done); any other line as it is.
  public static func describe(_ line: String, seconds: Double) -> String {
    guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return line }
    let counts = line[line.index(after: line.startIndex)..<close].split(separator: "/")
    guard counts.count == 2, let done = Int(counts[0]), let total = Int(counts[1]) else {
      return line
    }
    let rest = line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)
    var text = "step \(done) of \(total)"
    if done >= 3, total > done {
      let left = Int((seconds * Double(total - done) / Double(done)).rounded(.up))
      text += ", about \(max(1, left)) s left"
    }
    return rest.isEmpty ? text : text + ": " + rest
  }
}
