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
/// Only its own thread ever touches a `ThreadState`, so no two accesses can overlap, and the
/// runtime's exclusivity checks (a call into the runtime for every access of a class property)
/// are switched off for its properties.
@usableFromInline
final class ThreadState {
  /// The `@Dependency` being read on this thread, if any.
  @exclusivity(unchecked) @usableFromInline var reading: DependencyLocation?
  /// The name of the `DependencyValues` property being read (`#function` of its accessor).
  @exclusivity(unchecked) var name: StaticString?
  /// True while a synchronous `withDependencies` update closure runs.
  @exclusivity(unchecked) @usableFromInline var isSetting = false
  /// Set while a `prepareDependencies` closure runs.
  @exclusivity(unchecked) @usableFromInline var preparationID: UUID?

  @usableFromInline init() {}

  @usableFromInline static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        Unmanaged<ThreadState>.fromOpaque(pointer).release()
      #else
        if let pointer { Unmanaged<ThreadState>.fromOpaque(pointer).release() }
      #endif
    }
    precondition(status == 0, "Dependencies: could not create a thread-local key")
    return key
  }()

  /// This thread's state.
  @inlinable
  static var current: ThreadState {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<ThreadState>.fromOpaque(pointer).takeUnretainedValue()
    }
    return makeCurrent()
  }

  @usableFromInline
  static func makeCurrent() -> ThreadState {
    let state = ThreadState()
    pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
    return state
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
    ThreadState.current.isSetting || AsyncSettingFlag.isSetting
  }
}
