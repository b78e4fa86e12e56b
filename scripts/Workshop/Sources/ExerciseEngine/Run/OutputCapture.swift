import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Copies a pipe into a log file, up to a limit; the rest is counted, and the count noted at
/// the end of the log.
///
/// One thread drains the pipe (``drain(_:)``) while the one that started the process may
/// ``abandon()`` or ``finish()`` the copy.
final class OutputCapture: Sendable {
  private struct State {
    var handle: FileHandle
    var written = 0
    var closed = false
    var dropped = 0
  }
  private let limit: Int
  private let state: Mutex<State>

  init(log: URL, limit: Int) throws {
    try FileManager.default.createDirectory(
      at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    state = Mutex(State(handle: try FileHandle(forWritingTo: log)))
    self.limit = limit
  }

  /// Reads `descriptor` to its end, then closes it.
  func drain(_ descriptor: Int32) {
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return }
      let chunk = Data(buffer[0..<count])
      state.withLock { state in
        guard !state.closed else { return }
        let room = max(0, limit - state.written)
        if room > 0 {
          state.handle.write(chunk.prefix(room))
          state.written += min(room, chunk.count)
        }
        state.dropped += max(0, chunk.count - room)
      }
    }
  }

  /// Stops copying: a process outside our control still holds the pipe.
  func abandon() {
    state.withLock { $0.closed = true }
  }

  /// Notes how much output was dropped, stops copying and closes the log.
  func finish() {
    state.withLock { state in
      if state.dropped > 0 {
        state.handle.write(
          Data("\n[… \(state.dropped) more bytes of output were dropped]\n".utf8))
      }
      state.closed = true
      try? state.handle.close()
    }
  }
}
