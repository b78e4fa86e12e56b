import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The learner's keys, read one at a time from the terminal without waiting for Return.
///
/// ``enable()`` turns off line buffering and echo (signals such as Ctrl-C still work);
/// ``restore()`` puts the terminal back as it was, and must run before the tool exits.
///
/// ```swift
/// guard let keys = TerminalKeys() else { return }  // not a terminal
/// keys.enable()
/// defer { keys.restore() }
/// if keys.nextKey(timeout: 0.1) == "q" { … }
/// ```
public final class TerminalKeys: KeyInput, @unchecked Sendable {
  private let lock = NSLock()
  private var original = termios()
  private var enabled = false

  /// Nil when standard input is not a terminal.
  public init?() {
    guard isatty(STDIN_FILENO) == 1 else { return nil }
  }

  /// Reads keys as they are pressed, without echoing them.
  public func enable() {
    lock.withLock {
      guard !enabled, tcgetattr(STDIN_FILENO, &original) == 0 else { return }
      var raw = original
      raw.c_lflag &= ~(tcflag_t(ICANON) | tcflag_t(ECHO))
      withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
        bytes[Int(VMIN)] = 1
        bytes[Int(VTIME)] = 0
      }
      enabled = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0
    }
  }

  /// Puts the terminal back as it was before ``enable()``.
  public func restore() {
    lock.withLock {
      guard enabled else { return }
      var saved = original
      _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
      enabled = false
    }
  }

  /// The next key pressed within `timeout` seconds; arrow keys and non-ASCII keys are skipped.
  public func nextKey(timeout: Double) -> Character? {
    guard let byte = readByte(timeout: timeout) else { return nil }
    switch byte {
    case 0x1B, 0x80...0xFF:
      // An arrow or function key (an escape sequence), or a non-ASCII character: skipped.
      while readByte(timeout: 0.005) != nil {}
      return nil
    default:
      return Character(Unicode.Scalar(byte))
    }
  }

  /// One byte from standard input within `timeout` seconds; end of input reads as Ctrl-D.
  private func readByte(timeout: Double) -> UInt8? {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, Int32(max(timeout, 0) * 1_000)) > 0 else { return nil }
    var byte: UInt8 = 0
    let count = read(STDIN_FILENO, &byte, 1)
    return count == 1 ? byte : 0x04
  }
}
