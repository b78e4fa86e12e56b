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

/// Declares a fixture key whose live value is computed (and counted) on every access.
protocol CountedKey: DependencyKey where Value == String {}

extension CountedKey {
  static var liveValue: String { computeLiveValue(of: String(describing: Self.self)) }
}

// Step 1
enum FirstReadKey: CountedKey {}
enum RepeatedReadKey: CountedKey {}
enum ConcurrentReadKey: CountedKey {}
// Step 2
enum DraftKey: CountedKey {}
enum BuildOnDefaultKey: CountedKey {}
// Step 3
enum PreparedServerKey: CountedKey {}
enum DetachedReadKey: CountedKey {}
enum FirstOfTwoKey: CountedKey {}
enum SecondOfTwoKey: CountedKey {}
// Step 4
enum ReadTooEarlyKey: CountedKey {}
enum PreparedTwiceKey: CountedKey {}
enum LocatedIssueKey: CountedKey {}
enum SetTwiceKey: CountedKey {}

/// The issues recorded inside `body`, which must record at least one. Each issue is counted and
/// kept, so a test can look at how many there were and what they said.
func reportedIssues(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> [Issue] {
  let issues = LockIsolated<[Issue]>([])
  withKnownIssue(sourceLocation: sourceLocation) {
    try body()
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
