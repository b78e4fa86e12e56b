import IssueReporting
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The one random number generator behind a `WithRandomNumberGenerator` and all its copies.
///
/// Each use takes its turn (uses from other threads wait), takes the generator out, lends it to
/// the work, and puts the advanced generator back, even when the work throws. A second use from
/// inside the first (same thread, turn already taken) cannot share the lent generator, so it gets
/// a throwaway copy and an issue is reported, instead of deadlocking or silently repeating
/// numbers.
final class SharedRandomNumberGenerator: Sendable {
  private struct State {
    var generator: any RandomNumberGenerator & Sendable
    /// The thread the generator is lent to, while a use runs.
    var borrower: UInt?
  }

  /// Held for the whole of one use, so that uses take turns.
  private let turn = Mutex(())
  /// Held only to take the generator out and put it back.
  private let state: Mutex<State>

  init(_ generator: some RandomNumberGenerator & Sendable) {
    state = Mutex(State(generator: generator))
  }

  func withGenerator<Result>(
    _ work: (inout any RandomNumberGenerator & Sendable) throws -> Result
  ) rethrows -> Result {
    let thread = currentThread()
    // Only this thread ever lends the generator to itself, so seeing it as the borrower means
    // this use runs inside another one.
    let nested = state.withLock { $0.borrower == thread ? $0.generator : nil }
    if var copy = nested {
      reportIssue(
        """
        'WithRandomNumberGenerator' was called from inside its own closure. The inner call gets \
        a copy of the generator, so it repeats numbers the outer call also produces. Pass the \
        outer closure's generator down instead, e.g. 'Int.random(in: 1...6, using: &generator)'.
        """
      )
      return try work(&copy)
    }

    return try turn.withLock { _ in
      var lent = state.withLock { state in
        state.borrower = thread
        return state.generator
      }
      defer {
        state.withLock { [lent] state in
          state.generator = lent
          state.borrower = nil
        }
      }
      return try work(&lent)
    }
  }
}

/// An identifier of the calling thread, unique among the threads running now.
private func currentThread() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
