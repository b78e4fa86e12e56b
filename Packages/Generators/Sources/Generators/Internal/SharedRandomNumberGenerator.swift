import Foundation
import IssueReporting

/// The one random number generator behind a `WithRandomNumberGenerator` and all its copies.
///
/// Each use takes the generator out under a recursive lock, lends it to the work, and puts the
/// advanced generator back, even when the work throws. A second use from inside the first (same
/// thread, lock already held) cannot share the lent generator, so it gets a throwaway copy and an
/// issue is reported, instead of deadlocking or silently repeating numbers.
final class SharedRandomNumberGenerator: @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private var generator: any RandomNumberGenerator & Sendable
  private var isLent = false

  init(_ generator: some RandomNumberGenerator & Sendable) {
    self.generator = generator
  }

  func withGenerator<Result>(
    _ work: (inout any RandomNumberGenerator & Sendable) throws -> Result
  ) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }

    guard !isLent else {
      reportIssue(
        """
        'WithRandomNumberGenerator' was called from inside its own closure. The inner call gets \
        a copy of the generator, so it repeats numbers the outer call also produces. Pass the \
        outer closure's generator down instead, e.g. 'Int.random(in: 1...6, using: &generator)'.
        """
      )
      var copy = generator
      return try work(&copy)
    }

    isLent = true
    var lent = generator
    defer {
      generator = lent
      isLent = false
    }
    return try work(&lent)
  }
}
