import Foundation

/// Watches an event stream while tests run, noting when each test started.
///
/// Used by the thread that runs the tests only (its ``poll()`` is the process's monitor).
final class StreamWatcher {
  let limit: Double
  let read: () -> Data
  private var startedAt: [String: Date] = [:]
  private(set) var overdue: Set<String> = []
  /// Whether a test that fails stops the process too (``TestRunner/firstFailureEnds``).
  let stopsAtFailure: Bool
  /// The tests that had failed when the process was stopped for it.
  private(set) var failed: Set<String> = []
  private var lastRead = Date.distantPast
  /// Reads each line of the stream once, however many times it is looked at.
  private var reader: EventStreamReader

  init(
    testModule: String, limit: Double, stopsAtFailure: Bool = false, read: @escaping () -> Data
  ) {
    self.stopsAtFailure = stopsAtFailure
    self.limit = limit
    self.read = read
    reader = EventStreamReader(testModule: testModule)
  }

  /// Returns true when some test has run past the limit, or, with ``stopsAtFailure``, has
  /// failed.
  func poll() -> Bool {
    let now = Date()
    guard now.timeIntervalSince(lastRead) >= 0.2 else { return false }
    lastRead = now
    let summary = reader.summary(of: read())
    for key in summary.unfinished where startedAt[key] == nil { startedAt[key] = now }
    overdue = Set(
      summary.unfinished.filter { now.timeIntervalSince(startedAt[$0]!) > limit })
    if stopsAtFailure {
      failed = Set(summary.tests.filter { !$0.value.failures.isEmpty }.keys)
    }
    return !overdue.isEmpty || !failed.isEmpty
  }
}
