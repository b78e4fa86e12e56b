import Dispatch
import Synchronization

/// The one stream of ``WatchEvent``s that watch mode runs on: any thread posts, the session
/// takes them in order.
///
/// The session waits for the next event without polling; while a build runs it looks at the
/// events already posted (``poll()``), so `q` stops the build.
///
/// ```swift
/// let events = WatchEventQueue()
/// keys.enable(posting: events)  // the terminal posts every key
/// if events.next() == .key("q") { … }  // waits for the first one
/// ```
public final class WatchEventQueue: Sendable {
  private let events = Mutex<[WatchEvent]>([])
  /// Counts the events in `events`: one signal per post, one wait per take.
  private let available = DispatchSemaphore(value: 0)

  public init() {}

  /// Adds `event` at the end (from any thread).
  public func post(_ event: WatchEvent) {
    events.withLock { $0.append(event) }
    available.signal()
  }

  /// The next event, waiting as long as it takes.
  public func next() -> WatchEvent {
    available.wait()
    return events.withLock { $0.removeFirst() }
  }

  /// The next event, waiting at most `seconds`; nil when none came.
  public func next(within seconds: Double) -> WatchEvent? {
    guard available.wait(timeout: .now() + seconds) == .success else { return nil }
    return events.withLock { $0.removeFirst() }
  }

  /// The next event already posted, without waiting; nil when there is none.
  public func poll() -> WatchEvent? {
    guard available.wait(timeout: .now()) == .success else { return nil }
    return events.withLock { $0.removeFirst() }
  }
}
