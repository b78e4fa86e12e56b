import Foundation

/// What a Swift Testing event stream (`swift test --event-stream-output-path`) says about each
/// test: the only source of results the tools trust, because code under test cannot fake it by
/// printing.
public struct EventStreamSummary: Sendable, Equatable {
  public struct Test: Sendable, Equatable {
    /// `Suite/function()`, without the test module and the source location.
    public var key: String
    public var started = false
    public var ended = false
    /// The messages of issues that failed the test.
    public var failures: [String] = []
  }

  /// Tests by key, in the order the stream declared them.
  public var tests: [String: Test] = [:]
  public var order: [String] = []
  /// Whether the run reached its end (a crash stops the stream before).
  public var runEnded = false
  /// The last test that started and did not end: the one running when a crash happened.
  public var unfinished: [String] {
    order.filter { tests[$0]!.started && !tests[$0]!.ended }
  }

  /// Reads the stream's JSON lines. Only tests of `testModule` are kept; lines that are not
  /// valid events are ignored.
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
      let messages = (payload["messages"] as? [[String: Any]] ?? []).compactMap {
        $0["text"] as? String
      }
      tests[key]!.failures.append(messages.joined(separator: "\n"))
    default:
      break
    }
  }

  /// `Module.Suite/function()/File.swift:3:4` → `Suite/function()`, for tests of `testModule`.
  static func testKey(_ id: String, testModule: String) -> String? {
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
