import Synchronization

extension Mutex where Value: ~Copyable {
  /// `withLock`, with each hand-over of the mutex between threads made visible to
  /// ThreadSanitizer.
  ///
  /// On Linux a contended `Mutex` waits and hands over in the kernel (a priority-inheritance
  /// futex), from library code the sanitizer does not instrument, so it would report every
  /// hand-over as a data race on the value. An acquiring load of `witness` after locking and a
  /// releasing store before unlocking state the order the mutex already guarantees; they cost
  /// two plain moves on x86. Give each mutex its own witness.
  borrowing func withLock<Result>(
    witness: borrowing Atomic<UInt8>, _ body: (inout sending Value) -> sending Result
  ) -> sending Result {
    withLock { value in
      _ = witness.load(ordering: .acquiring)
      defer { witness.store(0, ordering: .releasing) }
      return body(&value)
    }
  }
}
