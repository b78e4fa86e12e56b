import Foundation
import Testing

@testable import ExerciseEngine

/// The reader a running test process is watched with: the stream in pieces, as a pipe delivers
/// it, must read as the whole stream does, each line once.
@Suite struct EventStreamReaderTests {
  let records = EventStreamTests()

  /// A run of two tests, the second one failing, as Swift Testing writes it.
  var stream: String {
    [
      records.test("a()"), records.test("b()"), records.runStarted,
      records.event("testStarted", "a()"), records.event("testEnded", "a()"),
      records.event("testStarted", "b()"),
      records.event(
        "issueRecorded", "b()", issue: #"{"isFailure":true,"isKnown":false,"severity":"error"}"#),
      records.event("testEnded", "b()"), records.runEnded,
    ].joined(separator: "\n") + "\n"
  }

  @Test func aStreamReadInPiecesReadsAsTheWholeStream() {
    let whole = Data(stream.utf8)
    // Cut everywhere, also inside lines and right after a line feed.
    for size in [1, 7, 64, whole.count] {
      var reader = EventStreamReader(testModule: "MTests")
      var summary = reader.summary(of: Data())
      var delivered = 0
      while delivered < whole.count {
        delivered = min(whole.count, delivered + size)
        summary = reader.summary(of: whole.prefix(delivered))
      }
      #expect(
        summary == EventStreamSummary.parse(whole, testModule: "MTests"),
        "read \(size) bytes at a time")
    }
  }

  @Test func aLineNotEndedYetIsReadOnceItEnds() {
    let started = [records.test("a()"), records.runStarted, records.event("testStarted", "a()")]
    let text = started.joined(separator: "\n")
    var reader = EventStreamReader(testModule: "MTests")
    #expect(reader.summary(of: Data(text.utf8)).unfinished == [], "its last line has no line feed")
    #expect(reader.summary(of: Data((text + "\n").utf8)).unfinished == ["S/a()"])
    let ended = text + "\n" + records.event("testEnded", "a()") + "\n"
    #expect(reader.summary(of: Data(ended.utf8)).unfinished == [])
  }

  @Test func aBrokenLineIsRefusedOnceItEnds() {
    var reader = EventStreamReader(testModule: "MTests")
    let text = [records.test("a()"), "not a record", records.runStarted].joined(separator: "\n")
    #expect(reader.summary(of: Data(text.utf8)).refusals == ["a line that is not an event record"])
  }
}
