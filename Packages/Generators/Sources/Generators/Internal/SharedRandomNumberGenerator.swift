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
  /// Held for the whole of one use, so that uses take turns.
  private let turn = Mutex(())
  /// The thread whose turn it is, or 0.
  private let borrower = Atomic<UInt>(0)
  /// The generator, touched only by the thread whose turn it is.
  private let generator: Mutex<any RandomNumberGenerator & Sendable>

  init(_ generator: some RandomNumberGenerator & Sendable) {
    self.generator = Mutex(generator)
  }

  func withGenerator<Result>(
    _ work: (inout any RandomNumberGenerator & Sendable) throws -> Result
  ) rethrows -> Result {
    let thread = currentThread()
    // Only this thread ever stores its own identifier, so seeing it means this use runs inside
    // another one, which has the generator out.
    if borrower.load(ordering: .relaxed) == thread {
      reportIssue(
        """
        'WithRandomNumberGenerator' was called from inside its own closure. The inner call gets \
        a copy of the generator, so it repeats numbers the outer call also produces. Pass the \
        outer closure's generator down instead, e.g. 'Int.random(in: 1...6, using: &generator)'.
        """
      )
      var copy = generator.withLock { $0 }
      return try work(&copy)
    }

    return try turn.withLock { _ in
      borrower.store(thread, ordering: .relaxed)
      defer { borrower.store(0, ordering: .relaxed) }
      // `generator`'s own mutex is never contended (only the thread whose turn it is takes it),
      // so ThreadSanitizer sees each use follow the last; `turn` hands over in the kernel.
      var lent = generator.withLock { $0 }
      defer { generator.withLock { [lent] in $0 = lent } }
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
