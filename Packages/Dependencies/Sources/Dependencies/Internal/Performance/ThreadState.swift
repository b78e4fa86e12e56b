// Speed only. These per-thread facts (where a dependency is being read, whether an update
// closure runs, the current preparation) could be task-locals, as in the reference; pushing a
// task-local on every read cost more than the rest of the read.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a `@Dependency` was declared, for messages that point the reader at it.
@usableFromInline
struct DependencyLocation: Sendable {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// Per-thread facts about the dependency read or write in progress.
///
/// They only matter while synchronous code runs (reading a property, computing a default value,
/// running a `withDependencies` update closure), so a thread-local is enough, and it is far
/// cheaper than pushing a task-local on every read.
///
/// Each thread owns one, allocated on first use and freed when the thread ends; `current` hands
/// out a pointer to it. Every field is a plain value, so reading and writing them involves no
/// reference counting and no exclusivity checks, and only the owning thread ever touches them.
@usableFromInline
struct ThreadState {
  /// Where the `@Dependency` being read on this thread was declared, if one is being read. The
  /// pointer is valid only while that read runs: whoever sets it restores the previous one
  /// before the pointee goes away.
  @usableFromInline var reading: UnsafePointer<DependencyLocation>?
  /// The name of the `DependencyValues` property being read (`#function` of its accessor).
  var name: StaticString?
  /// True while a synchronous `withDependencies` update closure runs.
  @usableFromInline var isSetting = false
  /// Set while a `prepareDependencies` closure runs.
  @usableFromInline var preparationID: UUID?

  @usableFromInline init() {}

  @usableFromInline static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        let state = pointer.assumingMemoryBound(to: ThreadState.self)
      #else
        guard let state = pointer?.assumingMemoryBound(to: ThreadState.self) else { return }
      #endif
      state.deinitialize(count: 1)
      state.deallocate()
    }
    precondition(status == 0, "Dependencies: could not create a thread-local key")
    return key
  }()

  /// This thread's state. The pointer must not be handed to another thread.
  @inlinable
  static var current: UnsafeMutablePointer<ThreadState> {
    if let pointer = pthread_getspecific(key) {
      return pointer.assumingMemoryBound(to: ThreadState.self)
    }
    return makeCurrent()
  }

  @usableFromInline
  static func makeCurrent() -> UnsafeMutablePointer<ThreadState> {
    let state = UnsafeMutablePointer<ThreadState>.allocate(capacity: 1)
    state.initialize(to: ThreadState())
    pthread_setspecific(key, state)
    return state
  }
}

extension ThreadState {
  /// Runs `body` with `location` as this thread's ``reading``, then puts the previous one back.
  ///
  /// The thread-local holds a pointer to `location` only while `body` runs: this is the one
  /// place that sets it.
  @inlinable
  static func reading<R>(_ location: DependencyLocation, _ body: () throws -> R) rethrows -> R {
    try withUnsafePointer(to: location) { location in
      let state = current
      let saved = state.pointee.reading
      state.pointee.reading = location
      defer { state.pointee.reading = saved }
      return try body()
    }
  }
}

/// True while an `async` `withDependencies` update closure runs (it may hop threads).
enum AsyncSettingFlag {
  @TaskLocal static var isSetting = false
}

extension DependencyValues {
  /// Whether the code running now is a `withDependencies` or `prepareDependencies` update
  /// closure, where reading a dependency in order to change it must not report anything.
  static var isSetting: Bool {
    ThreadState.current.pointee.isSetting || AsyncSettingFlag.isSetting
  }
}
