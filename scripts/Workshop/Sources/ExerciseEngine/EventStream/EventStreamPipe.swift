import ExerciseModel
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The named pipe a test process writes its Swift Testing event stream into, read by the
/// grader as it is written.
///
/// A named pipe rather than a file: what was written cannot be read back, rewritten or
/// truncated by the code under test, only added to, and the grader sees every record in the
/// order it arrived, so records after the run's end are recognized as such. At most
/// ``limit`` bytes are kept; a stream that grows past it is marked ``overflowed``.
///
/// The reader waits for the pipe and for a second, private pipe at once: ``finish()`` writes to
/// the second, so the reader stops as soon as it has read what is left, not at its next timeout.
public final class EventStreamPipe: Sendable {
  /// The pipe's path on the host.
  public let url: URL
  /// The most bytes kept.
  public static let limit = 32 << 20

  private let descriptor: Int32
  /// The private pipe that wakes the reader: read end, write end.
  private let wake: (read: Int32, write: Int32)
  private let store: Received
  private let reader: WorkerThread

  /// Creates the pipe at `url` (replacing what is there) and starts reading it.
  public init(at url: URL) throws {
    self.url = url
    try? FileManager.default.removeItem(at: url)
    guard mkfifo(url.path, 0o600) == 0 else {
      throw WorkshopError(
        "Cannot create the named pipe \(url.path): \(String(cString: strerror(errno))).")
    }
    // Read and write, so opening never waits for a writer and the end of one writer is not
    // the end of the stream; never blocking, so the reader can stop when asked.
    let descriptor = open(url.path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw WorkshopError(
        "Cannot open the named pipe \(url.path): \(String(cString: strerror(errno))).")
    }
    var ends: [Int32] = [-1, -1]
    guard GNUExtensions.makePipe(&ends) else {
      close(descriptor)
      throw WorkshopError("Cannot create a pipe: \(String(cString: strerror(errno))).")
    }
    self.descriptor = descriptor
    let wake = (read: ends[0], write: ends[1])
    self.wake = wake
    let received = Received()
    store = received
    reader = WorkerThread(stackSize: 256 << 10) {
      received.readUntilStopped(descriptor, wake: wake.read)
    }
  }

  /// What has arrived so far.
  public var received: Data { store.state.withLock { $0.data } }

  /// Whether more than ``limit`` bytes arrived.
  public var overflowed: Bool { store.state.withLock { $0.overflow } }

  /// Reads what is left, stops reading and closes the pipe; returns everything that arrived.
  /// Call it once the writing process has ended.
  public func finish() -> Data {
    store.state.withLock { $0.stopping = true }
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
    reader.wait()
    close(descriptor)
    close(wake.read)
    close(wake.write)
    try? FileManager.default.removeItem(at: url)
    return received
  }
}

/// What the reader of an ``EventStreamPipe`` has received, shared with the thread that asks.
private final class Received: Sendable {
  struct State {
    var data = Data()
    var overflow = false
    /// Asked to stop once nothing is left to read.
    var stopping = false
  }
  let state = Mutex(State())

  /// Reads `descriptor` until asked to stop and nothing is left; waits for it and for `wake`
  /// (written to when the reader is asked to stop) at once.
  func readUntilStopped(_ descriptor: Int32, wake: Int32) {
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    var pollers = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        append(buffer[0..<count])
        continue
      }
      if count < 0, errno == EINTR { continue }
      // Nothing to read now.
      if state.withLock({ $0.stopping }) { return }
      _ = poll(&pollers, 2, 1000)
    }
  }

  private func append(_ bytes: ArraySlice<UInt8>) {
    state.withLock { state in
      let room = max(0, EventStreamPipe.limit - state.data.count)
      if bytes.count > room { state.overflow = true }
      state.data.append(contentsOf: bytes.prefix(room))
    }
  }
}
