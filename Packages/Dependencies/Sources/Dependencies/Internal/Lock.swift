#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A plain, non-recursive lock for the few instructions of a cache lookup.
///
/// `NSLock` costs a dynamic call on top of the mutex, and `Synchronization.Mutex` needs macOS 15;
/// this calls the system lock directly (`os_unfair_lock` on Apple platforms, a `pthread_mutex_t`
/// elsewhere). The lock lives at a fixed heap address, as both require.
final class Lock: @unchecked Sendable {
  #if canImport(Darwin)
    private let primitive: UnsafeMutablePointer<os_unfair_lock>
  #else
    private let primitive: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  init() {
    primitive = .allocate(capacity: 1)
    #if canImport(Darwin)
      primitive.initialize(to: os_unfair_lock())
    #else
      primitive.initialize(to: pthread_mutex_t())
      let status = pthread_mutex_init(primitive, nil)
      precondition(status == 0, "Dependencies: could not create a lock")
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      pthread_mutex_destroy(primitive)
    #endif
    primitive.deinitialize(count: 1)
    primitive.deallocate()
  }

  /// Runs `body` while holding the lock. `body` must not take the lock again.
  @inline(__always)
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    #if canImport(Darwin)
      os_unfair_lock_lock(primitive)
      defer { os_unfair_lock_unlock(primitive) }
    #else
      pthread_mutex_lock(primitive)
      defer { pthread_mutex_unlock(primitive) }
    #endif
    return try body()
  }
}
