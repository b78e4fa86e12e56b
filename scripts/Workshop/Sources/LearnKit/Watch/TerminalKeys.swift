import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Watch mode's key source: the learner's keys, read one at a time from the terminal without
/// waiting for Return, and posted as ``WatchEvent``s.
///
/// ``enable(posting:)`` turns off line buffering and echo (signals such as Ctrl-C still work)
/// and posts every key as it comes (the system says when there is one; nothing polls): Enter
/// posts ``WatchEvent/runRequested``, Ctrl-D or the end of input ``WatchEvent/inputEnded``,
/// any other ASCII key ``WatchEvent/key(_:)``; arrow, function and non-ASCII keys are skipped.
/// ``restore()`` stops reading and puts the terminal back as it was; it must run before the
/// tool exits.
///
/// ```swift
/// guard let keys = TerminalKeys() else { return }  // not a terminal
/// keys.enable(posting: events)
/// defer { keys.restore() }
/// ```
public final class TerminalKeys: Sendable {
  /// The terminal's settings before ``enable(posting:)``, while they are changed.
  private let original = Mutex<termios?>(nil)
  /// What reads standard input, while keys are read.
  private let reader = Mutex<(any DispatchSourceRead)?>(nil)

  /// Nil when standard input is not a terminal.
  public init?() {
    guard isatty(STDIN_FILENO) == 1 else { return nil }
  }

  /// Reads keys as they are pressed, without echoing them, and posts them to `events`.
  public func enable(posting events: WatchEventQueue) {
    original.withLock { original in
      var saved = termios()
      guard original == nil, tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
      var raw = saved
      raw.c_lflag &= ~(tcflag_t(ICANON) | tcflag_t(ECHO))
      withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
        bytes[Int(VMIN)] = 1
        bytes[Int(VTIME)] = 0
      }
      if tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 { original = saved }
    }
    reader.withLock { reader in
      reader?.cancel()
      let source = DispatchSource.makeReadSource(
        fileDescriptor: STDIN_FILENO, queue: DispatchQueue(label: "learn.keys"))
      source.setEventHandler { [self] in
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(STDIN_FILENO, &bytes, bytes.count)
        guard count > 0 else {
          events.post(.inputEnded)
          stopReading()
          return
        }
        for event in Self.events(from: bytes[..<count]) { events.post(event) }
      }
      source.resume()
      reader = source
    }
  }

  /// Stops reading keys (those pressed later stay in the terminal's buffer), and puts the
  /// terminal back as it was before ``enable(posting:)``.
  public func restore() {
    stopReading()
    original.withLock { original in
      guard var saved = original else { return }
      _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
      original = nil
    }
  }

  private func stopReading() {
    reader.withLock { reader in
      reader?.cancel()
      reader = nil
    }
  }

  /// The events of the bytes one read returned. An escape sequence (an arrow or function key)
  /// arrives in one read, and is skipped with what follows it; so are non-ASCII bytes.
  static func events(from bytes: ArraySlice<UInt8>) -> [WatchEvent] {
    var events: [WatchEvent] = []
    for byte in bytes {
      switch byte {
      case 0x1B: return events
      case 0x80...0xFF: continue
      case 0x0A, 0x0D: events.append(.runRequested)
      case 0x04: events.append(.inputEnded)
      default: events.append(.key(Character(Unicode.Scalar(byte))))
      }
    }
    return events
  }
}
