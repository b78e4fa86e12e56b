import Foundation

/// What a Swift Testing event stream (`--event-stream-output-path`) says about each test: the
/// only source of results the tools trust, because code under test cannot fake it by printing.
public struct EventStreamSummary: Sendable, Equatable {
  /// One failing issue of a test.
  public struct Failure: Sendable, Equatable {
    /// The framework's own line, such as `Expectation failed: (count → 2) == 3`. It quotes the
    /// test's source, so reports show it for visible tests only.
    public var summary: String
    /// The explanations the test's author attached (the comment of `#expect` or of
    /// `Issue.record`): plain words meant for the learner.
    public var details: [String]
    /// `File.swift:line` where the issue was recorded, when the stream says.
    public var location: String?

    public init(summary: String, details: [String] = [], location: String? = nil) {
      self.summary = summary
      self.details = details
      self.location = location
    }

    /// The author's explanations first (plain words), then the framework's summary line.
    public var text: String { (details + [summary]).joined(separator: "\n") }

    /// Orders failures by where they were recorded, then by text: the same set of failures
    /// always reads the same, whatever order parallel test cases recorded them in.
    public static func sortKey(_ failure: Failure) -> (String, Int, String) {
      let parts = (failure.location ?? "").split(separator: ":")
      let line = parts.last.flatMap { Int($0) } ?? 0
      return (parts.first.map(String.init) ?? "", line, failure.text)
    }
  }

  public struct Test: Sendable, Equatable {
    /// `Suite/function()`, without the test module and the source location.
    public var key: String
    public var started = false
    public var ended = false
    /// The issues that failed the test, in the order they were recorded.
    public var failures: [Failure] = []
  }

  /// Tests by key, in the order the stream declared them.
  public var tests: [String: Test] = [:]
  public var order: [String] = []
  /// Whether the run reached its end (a crash stops the stream before).
  public var runEnded = false
  /// The tests that started and did not end: the ones running when the stream stopped.
  public var unfinished: [String] {
    order.filter { tests[$0]!.started && !tests[$0]!.ended }
  }

  public init() {}

  /// Reads the stream's JSON lines. Only tests of `testModule` are kept; lines that are not
  /// valid events (a partly written last line, say) are ignored.
  public static func parse(_ data: Data, testModule: String) -> EventStreamSummary {
    var summary = EventStreamSummary()
    for line in data.split(separator: UInt8(ascii: "\n")) {
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
        let payload = object["payload"] as? [String: Any]
      else { continue }
      switch object["kind"] as? String {
      case "test":
        guard payload["kind"] as? String == "function", let id = payload["id"] as? String,
          let key = testKey(id, testModule: testModule), summary.tests[key] == nil
        else { continue }
        summary.tests[key] = Test(key: key)
        summary.order.append(key)
      case "event":
        summary.apply(payload, testModule: testModule)
      default:
        continue
      }
    }
    return summary
  }

  private mutating func apply(_ payload: [String: Any], testModule: String) {
    let kind = payload["kind"] as? String
    if kind == "runEnded" {
      runEnded = true
      return
    }
    guard let id = payload["testID"] as? String, let key = Self.testKey(id, testModule: testModule),
      tests[key] != nil
    else { return }
    switch kind {
    case "testStarted": tests[key]!.started = true
    case "testEnded": tests[key]!.ended = true
    case "issueRecorded":
      let issue = payload["issue"] as? [String: Any] ?? [:]
      let isFailure =
        (issue["isFailure"] as? Bool)
        ?? (issue["isKnown"] as? Bool != true && issue["severity"] as? String != "warning")
      guard isFailure else { return }
      let messages = payload["messages"] as? [[String: Any]] ?? []
      let summary = messages.filter { $0["symbol"] as? String != "details" }
        .compactMap { $0["text"] as? String }.joined(separator: "\n")
      let details = messages.filter { $0["symbol"] as? String == "details" }
        .compactMap { $0["text"] as? String }
      var location: String?
      if let source = issue["sourceLocation"] as? [String: Any],
        let fileID = source["fileID"] as? String, let line = source["line"] as? Int
      {
        location = "\(fileID.split(separator: "/").last.map(String.init) ?? fileID):\(line)"
      }
      tests[key]!.failures.append(
        Failure(summary: summary, details: details, location: location))
    default:
      break
    }
  }

  /// `Module.Suite/function()/File.swift:3:4` → `Suite/function()`, for tests of `testModule`
  /// (a suite's id, `Module.Outer/Inner`, gives `Outer/Inner`); nil for another module's ids.
  public static func testKey(_ id: String, testModule: String) -> String? {
    guard id.hasPrefix(testModule + ".") else { return nil }
    var parts = id.dropFirst(testModule.count + 1).split(separator: "/").map(String.init)
    if let last = parts.last,
      last.range(of: #"\.swift:[0-9]+:[0-9]+$"#, options: .regularExpression) != nil
    {
      parts.removeLast()
    }
    return parts.joined(separator: "/")
  }
}
