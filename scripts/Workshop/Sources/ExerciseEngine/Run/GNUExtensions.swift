import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// glibc functions Swift's `Glibc` module does not import (they need `_GNU_SOURCE`), found at
/// run time; each has a fallback.
enum GNUExtensions {
  #if os(Linux)
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias AddCloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
      dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)
    }
    private static let pipe2 = symbol("pipe2").map {
      unsafeBitCast($0, to: Pipe2.self)
    }
    private static let addCloseFrom = symbol(
      "posix_spawn_file_actions_addclosefrom_np"
    ).map { unsafeBitCast($0, to: AddCloseFrom.self) }
  #endif

  /// A pipe whose two ends are closed on `exec`: `pipe2(O_CLOEXEC)` where there is one, so no
  /// process started by another thread at the same moment inherits it.
  static func makePipe(_ fds: inout [Int32]) -> Bool {
    #if os(Linux)
      if let pipe2 {
        return fds.withUnsafeMutableBufferPointer { pipe2($0.baseAddress!, Int32(O_CLOEXEC)) } == 0
      }
    #endif
    guard pipe(&fds) == 0 else { return false }
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    return true
  }

  #if os(Linux)
    /// Asks `posix_spawn` to close every descriptor from `first` on in the child (glibc 2.34+).
    static func closeFrom(_ first: Int32, in actions: inout posix_spawn_file_actions_t) {
      guard let addCloseFrom else { return }
      _ = addCloseFrom(&actions, first)
    }
  #endif
}
