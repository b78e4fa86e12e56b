import Foundation
import Synchronization

/// What the `check` command's workers share: the verdicts so far, and standard output (one
/// line at a time, so lines of different exercises never mix).
final class CheckTally: Sendable {
  private struct Counts {
    var passes = 0
    var failures = 0
  }
  private let counts = Mutex(Counts())

  var passes: Int { counts.withLock { $0.passes } }
  var failures: Int { counts.withLock { $0.failures } }

  func add(_ verdicts: [AuthorChecks.Verdict]) {
    counts.withLock {
      $0.passes += verdicts.filter(\.passed).count
      $0.failures += verdicts.filter { !$0.passed }.count
    }
  }

  func print(_ line: String) {
    counts.withLock { _ in Swift.print(line) }
  }
}
