import Foundation

/// What a Swift Testing event stream (`--event-stream-output-path`) says about each test: the
/// only source of results the tools trust, because code under test cannot fake it by printing.
///
/// Code under test can write into the stream itself, though (it runs in the same process), so
/// the stream is read record by record, in order, and every record an honest run never writes is
/// listed in ``refusals``: such a stream is not to be trusted at all.
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
    /// For a parameterized test, which of its arguments (test cases) recorded the issue: its
    /// place among the test's arguments as the stream declared them (0 for the first); nil when
    /// the stream does not say.
    public var argument: Int?
    /// Its place among the test's failures in the order the stream recorded them (0 for the
    /// first), or nil when not read from a stream.
    public var sequence: Int?

    public init(
      summary: String, details: [String] = [], location: String? = nil, argument: Int? = nil,
      sequence: Int? = nil
    ) {
      self.summary = summary
      self.details = details
      self.location = location
      self.argument = argument
      self.sequence = sequence
    }

    /// The author's explanations first (plain words), then the framework's summary line.
    public var text: String { (details + [summary]).joined(separator: "\n") }

    /// Orders failures by the test's arguments (in the order the test lists them; failures
    /// whose argument the stream does not name come last), then by where they were recorded,
    /// then by text: the same set of failures always reads the same, whatever order parallel
    /// test cases recorded them in, and a parameterized test's message follows its arguments.
    public static func sortKey(_ failure: Failure) -> (Int, String, Int, String) {
      let parts = (failure.location ?? "").split(separator: ":")
      let line = parts.last.flatMap { Int($0) } ?? 0
      return (failure.argument ?? Int.max, parts.first.map(String.init) ?? "", line, failure.text)
    }
  }

  public struct Test: Sendable, Equatable {
    /// `Suite/function()`, without the test module and the source location.
    public var key: String
    public var started = false
    public var ended = false
    /// The issues that failed the test, in the order they were recorded.
    public var failures: [Failure] = []
    /// When it started and ended, in the stream's seconds (`instant.absolute`), when recorded.
    var startedAt: Double?
    var endedAt: Double?

    /// How long it ran, by the stream's own clock; nil before it ended.
    public var seconds: Double? {
      guard let startedAt, let endedAt else { return nil }
      return max(0, endedAt - startedAt)
    }
  }

  /// Tests by key, in the order the stream declared them.
  public var tests: [String: Test] = [:]
  public var order: [String] = []
  /// Whether the run started (`runStarted`).
  public var runStarted = false
  /// Whether the run reached its end (a crash stops the stream before).
  public var runEnded = false
  /// How many failing issues the stream records, attributed to a test or not.
  public var failingIssueCount = 0
  /// Records that an honest run never writes, each said in plain words (at most a few): a
  /// record after the run ended, a result for a test that was never declared or that the
  /// manifest does not list, a test that ends without having started, and the like. A stream
  /// with any is not to be trusted at all.
  public var refusals: [String] = []
  /// The tests that started and did not end: the ones running when the stream stopped.
  public var unfinished: [String] {
    order.filter { tests[$0]!.started && !tests[$0]!.ended }
  }

  public init() {}

  /// Reads the stream's JSON lines. Only tests of `testModule` are kept. A partly written
  /// last line (a crash while writing) is ignored.
  ///
  /// - Parameter graded: the tests the manifest lists, by key; a declared test of
  ///   `testModule` outside it is refused. Nil accepts every test of the module.
  public static func parse(_ data: Data, testModule: String, graded: Set<String>? = nil)
    -> EventStreamSummary
  {
    var parser = Parser(testModule: testModule, graded: graded)
    let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      parser.read(line: line, isLast: index == lines.count - 1)
    }
    return parser.summary
  }

  /// Reads records one by one, in order, refusing those an honest run does not write.
  struct Parser {
    let testModule: String
    let graded: Set<String>?
    var summary = EventStreamSummary()
    /// Declared suites, by full id.
    var suites = Set<String>()
    /// Declared functions: full id to key.
    var functions: [String: String] = [:]
    /// The test cases of each declared parameterized test, by key: their ids, in the order of
    /// the test's arguments (streams of version 0 declare them; later versions do not).
    var testCases: [String: [String]] = [:]

    init(testModule: String, graded: Set<String>?) {
      self.testModule = testModule
      self.graded = graded
    }

    mutating func refuse(_ reason: String) {
      if summary.refusals.count < 5, !summary.refusals.contains(reason) {
        summary.refusals.append(reason)
      }
    }

    /// Reads one line of the stream (without its line feed). Only the `isLast` line may be cut
    /// short (the writer died mid-line): any other line that is not a record is refused.
    mutating func read(line: Data.SubSequence, isLast: Bool) {
      if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { return }
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
        let payload = object["payload"] as? [String: Any]
      else {
        if !isLast { refuse("a line that is not an event record") }
        return
      }
      read(kind: object["kind"] as? String, payload: payload)
    }

    mutating func read(kind: String?, payload: [String: Any]) {
      if summary.runEnded {
        refuse("a record after the run ended")
        return
      }
      switch kind {
      case "test": declare(payload)
      case "event": apply(payload)
      default: refuse("a record of an unknown kind")
      }
    }

    mutating func declare(_ payload: [String: Any]) {
      guard let id = payload["id"] as? String else { return refuse("a test without an id") }
      if summary.runStarted { refuse("a test declared after the run started") }
      guard id.hasPrefix(testModule + ".") else {
        return refuse("a test outside the solution tests (\(id))")
      }
      switch payload["kind"] as? String {
      case "suite":
        suites.insert(id)
      case "function":
        guard let key = EventStreamSummary.testKey(id, testModule: testModule) else { return }
        if functions[id] != nil || summary.tests[key] != nil {
          return refuse("a test declared twice (\(key))")
        }
        if let graded, !graded.contains(key) {
          return refuse("a result for \(key), a test the manifest does not list")
        }
        functions[id] = key
        if let cases = payload["_testCases"] as? [[String: Any]] {
          testCases[key] = cases.compactMap { $0["id"] as? String }
        }
        summary.tests[key] = Test(key: key)
        summary.order.append(key)
      default:
        refuse("a test of an unknown kind")
      }
    }

    /// The event's time on the stream's monotonic clock, in seconds.
    static func instant(_ payload: [String: Any]) -> Double? {
      (payload["instant"] as? [String: Any])?["absolute"] as? Double
    }

    mutating func apply(_ payload: [String: Any]) {
      let kind = payload["kind"] as? String
      if kind == "runStarted" {
        if summary.runStarted { refuse("a second start of the run") }
        summary.runStarted = true
        return
      }
      guard summary.runStarted else { return refuse("an event before the run started") }
      if kind == "runEnded" {
        if let running = summary.unfinished.first {
          refuse("the end of the run while \(running) was still running")
        }
        summary.runEnded = true
        return
      }
      let isFailure = kind == "issueRecorded" && Self.isFailure(payload)
      if isFailure { summary.failingIssueCount += 1 }
      guard let id = payload["testID"] as? String else { return }
      if suites.contains(id) { return }
      guard let key = functions[id] else {
        return refuse("an event for a test that was never declared (\(id))")
      }
      switch kind {
      case "testStarted":
        if summary.tests[key]!.started { return refuse("\(key) started twice") }
        summary.tests[key]!.started = true
        summary.tests[key]!.startedAt = Self.instant(payload)
      case "testEnded":
        guard summary.tests[key]!.started else {
          return refuse("\(key) ended without having started")
        }
        if summary.tests[key]!.ended { return refuse("\(key) ended twice") }
        summary.tests[key]!.ended = true
        summary.tests[key]!.endedAt = Self.instant(payload)
      case "testCaseStarted", "testCaseEnded":
        guard summary.tests[key]!.started, !summary.tests[key]!.ended else {
          return refuse("a test case of \(key) outside the test's run")
        }
      case "issueRecorded":
        guard isFailure else { return }
        var failure = Self.failure(payload)
        if let testCase = (payload["_testCase"] as? [String: Any])?["id"] as? String {
          failure.argument = testCases[key]?.firstIndex(of: testCase)
        }
        failure.sequence = summary.tests[key]!.failures.count
        summary.tests[key]!.failures.append(failure)
      default:
        break
      }
    }

    static func isFailure(_ payload: [String: Any]) -> Bool {
      let issue = payload["issue"] as? [String: Any] ?? [:]
      return (issue["isFailure"] as? Bool)
        ?? (issue["isKnown"] as? Bool != true && issue["severity"] as? String != "warning")
    }

    static func failure(_ payload: [String: Any]) -> Failure {
      let issue = payload["issue"] as? [String: Any] ?? [:]
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
      return Failure(summary: summary, details: details, location: location)
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
