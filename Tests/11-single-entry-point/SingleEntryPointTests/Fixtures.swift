import Dependencies
import Foundation
import SingleEntryPoint
import Testing

// The dependencies the tests prepare and read. The defaults of a process are decided once and
// shared by every test running in it, so every test uses keys of its own: no two tests ever
// prepare or read the same key.

/// How many times each fixture key's live value was computed, by key name.
let liveValueComputations = LockIsolated<[String: Int]>([:])

/// A live value that says which key it belongs to and how many times it was computed:
/// `"<key> live #<n>"`.
func computeLiveValue(of key: String) -> String {
  liveValueComputations.withValue { counts in
    counts[key, default: 0] += 1
    return "\(key) live #\(counts[key]!)"
  }
}

/// How many times the live value of `key` was computed so far.
func computations(of key: String) -> Int {
  liveValueComputations.value[key] ?? 0
}

// Each key's live value is computed, and counted, on every access.

// Step 1
enum FirstReadKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "FirstReadKey") }
}
enum RepeatedReadKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "RepeatedReadKey") }
}
enum ConcurrentReadKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "ConcurrentReadKey") }
}

// Step 2
enum DraftKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "DraftKey") }
}
enum BuildOnDefaultKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "BuildOnDefaultKey") }
}

// Step 3
enum PreparedServerKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "PreparedServerKey") }
}
enum DetachedReadKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "DetachedReadKey") }
}
enum FirstOfTwoKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "FirstOfTwoKey") }
}
enum SecondOfTwoKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "SecondOfTwoKey") }
}

// Step 4
enum ReadTooEarlyKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "ReadTooEarlyKey") }
}
enum PreparedTwiceKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "PreparedTwiceKey") }
}
enum LocatedIssueKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "LocatedIssueKey") }
}
enum SetTwiceKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "SetTwiceKey") }
}

/// The issues recorded inside `body`, which must record at least one: if it records none, the
/// test fails with `noIssue`, which says what was done and that nothing was reported. Each issue
/// is counted and kept, so a test can look at how many there were and what they said.
func reportedIssues(
  _ noIssue: Comment, sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void
) -> [Issue] {
  let issues = LockIsolated<[Issue]>([])
  withKnownIssue(noIssue, sourceLocation: sourceLocation) {
    body()
  } matching: { issue in
    issues.withValue { $0.append(issue) }
    return true
  }
  return issues.value
}

/// The text of an issue's comments, joined.
func text(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}
