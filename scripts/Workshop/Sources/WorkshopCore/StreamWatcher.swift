import Foundation

/// Watches an event stream while tests run, noting when each test started.
///
/// Used by the thread that runs the tests only (its ``poll()`` is the process's monitor).
final class StreamWatcher {
  let limit: Double
  let read: () -> Data
  private var startedAt: [String: Date] = [:]
  private(set) var overdue: Set<String> = []
  private var lastRead = Date.distantPast
  /// Reads each line of the stream once, however many times it is looked at.
  private var reader: EventStreamReader

  init(testModule: String, limit: Double, read: @escaping () -> Data) {
    self.limit = limit
    self.read = read
    reader = EventStreamReader(testModule: testModule)
  }

  /// Returns true when some test has run past the limit.
  func poll() -> Bool {
    let now = Date()
    guard now.timeIntervalSince(lastRead) >= 0.2 else { return false }
    lastRead = now
    let summary = reader.summary(of: read())
    for key in summary.unfinished where startedAt[key] == nil { startedAt[key] = now }
    overdue = Set(
      summary.unfinished.filter { now.timeIntervalSince(startedAt[$0]!) > limit })
    return !overdue.isEmpty
  }
}
