import Foundation
import WorkshopCore

/// What the `check` command's worker threads share: the next exercise to check, the verdicts so
/// far, and standard output (one line at a time, so lines of different exercises never mix).
final class CheckTally: @unchecked Sendable {
  private let lock = NSLock()
  private var taken = 0
  private(set) var passes = 0
  private(set) var failures = 0

  /// The next exercise nobody has taken yet, or nil when all are taken.
  func next(of ids: [String]) -> String? {
    lock.withLock {
      guard taken < ids.count else { return nil }
      defer { taken += 1 }
      return ids[taken]
    }
  }

  func add(_ verdicts: [ExerciseChecks.Verdict]) {
    lock.withLock {
      passes += verdicts.filter(\.passed).count
      failures += verdicts.filter { !$0.passed }.count
    }
  }

  func print(_ line: String) {
    lock.withLock { Swift.print(line) }
  }
}
