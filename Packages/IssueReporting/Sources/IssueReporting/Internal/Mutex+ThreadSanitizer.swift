import Synchronization

// Why this lives here, as SPI: IssueReporting, Clocks and Dependencies all guard state with a
// `Mutex` that ThreadSanitizer must be able to follow, and IssueReporting is the one package the
// other two build on (`package` access does not cross SwiftPM packages). It is not part of the
// library: `@_spi` keeps it out of the public surface and the documentation, and only code that
// writes `@_spi(ThreadSanitizer) import IssueReporting` sees it.

extension Mutex where Value: ~Copyable {
  /// `withLock`, with each hand-over of the mutex between threads made visible to
  /// ThreadSanitizer.
  ///
  /// On Linux a contended `Mutex` waits and hands over in the kernel (a priority-inheritance
  /// futex), from library code the sanitizer does not instrument, so it would report every
  /// hand-over as a data race on the value. An acquiring load of `witness` after locking and a
  /// releasing store before unlocking state the order the mutex already guarantees; they cost
  /// two plain moves on x86. Give each mutex its own witness.
  ///
  /// - Parameters:
  ///   - witness: An atomic kept beside this mutex, used for nothing else.
  ///   - body: Reads or changes the value, holding the lock. Keep it short; it cannot `await`.
  /// - Returns: What `body` returns.
  @_spi(ThreadSanitizer)
  @inlinable
  public borrowing func withLock<Result>(
    witness: borrowing Atomic<UInt8>, _ body: (inout sending Value) -> sending Result
  ) -> sending Result {
    withLock { value in
      _ = witness.load(ordering: .acquiring)
      defer { witness.store(0, ordering: .releasing) }
      return body(&value)
    }
  }
}
