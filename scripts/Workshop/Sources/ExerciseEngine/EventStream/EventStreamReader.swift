import Foundation

/// Reads an event stream while it is still being written: each call reads only the lines
/// completed since the one before, so watching a run costs one reading of its stream in all,
/// not one per look.
///
/// ``StreamWatcher`` looks at a running test process's stream five times a second, to find a
/// test past its time limit. Parsing the whole stream at every look made the cost grow with
/// the square of the stream's length. It shows where a long stream is watched for long: in a
/// `perf` profile of a check run where many tests crashed or waited out their limit, nearly nine
/// tenths of the tool's own CPU time went to it (in an ordinary check run, the tool's own time is
/// a few seconds either way).
///
/// ```swift
/// var reader = EventStreamReader(testModule: "InjectionTests")
/// let summary = reader.summary(of: pipe.received)  // the complete lines so far
/// print(summary.unfinished)
/// ```
struct EventStreamReader {
  private var parser: EventStreamSummary.Parser
  /// How many bytes of the stream have been read: up to the end of its last complete line.
  private var consumed = 0

  init(testModule: String) {
    parser = EventStreamSummary.Parser(testModule: testModule, graded: nil)
  }

  /// The summary of every complete line of `data`, which begins with the bytes every earlier
  /// call was given. A last line without its line feed yet is left for a later call.
  mutating func summary(of data: Data) -> EventStreamSummary {
    guard data.count >= consumed else { return parser.summary }
    var start = data.startIndex + consumed
    while let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) {
      parser.read(line: data[start..<end], isLast: false)
      start = end + 1
    }
    consumed = start - data.startIndex
    return parser.summary
  }
}
