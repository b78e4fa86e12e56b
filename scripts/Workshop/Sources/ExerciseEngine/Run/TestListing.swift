import ExerciseModel
import Foundation

/// One visible test of an exercise, with the lesson step it belongs to.
public struct ListedTest: Sendable, Equatable, Codable {
  /// `Suite/function()`, as the runner names it (``EventStreamSummary/testKey(_:testModule:)``).
  public var key: String
  /// The test's display name, or its function name.
  public var name: String
  /// The steps the test belongs to: the numbers in the display name of its nearest enclosing
  /// suite that names steps (`"Steps 1 and 2: …"` gives `[1, 2]`). Empty when no suite does.
  public var steps: [Int]
  /// The name of the suite that gives the steps, or of the innermost suite when none does
  /// (`"The app: …"`); nil for a test outside any suite.
  public var suite: String?
  /// Where the test is declared: `File.swift` and line, for ordering and for the learner.
  public var file: String
  public var line: Int

  public init(
    key: String, name: String, steps: [Int], suite: String?, file: String = "", line: Int = 0
  ) {
    self.key = key
    self.name = name
    self.steps = steps
    self.suite = suite
    self.file = file
    self.line = line
  }

  /// The lowest step, or nil for a test in a suite without steps.
  public var firstStep: Int? { steps.first }

  /// The order to show tests in: numbered steps first, lowest first, then the rest; within
  /// those, the order of the source.
  public static func learningOrder(_ lhs: ListedTest, _ rhs: ListedTest) -> Bool {
    let left = (lhs.firstStep ?? Int.max, lhs.file, lhs.line, lhs.key)
    let right = (rhs.firstStep ?? Int.max, rhs.file, rhs.line, rhs.key)
    return left < right
  }
}

/// The visible tests of an exercise, read from a Swift Testing event stream written while the
/// test binary listed its tests (`--list-tests`): each test and each suite is declared there
/// with its display name, so ``StepIndex`` knows the steps without running anything and without
/// reading human-readable output.
public enum TestListing {
  /// The tests of `testModule` declared in `data` (JSON lines), in learning order.
  public static func parse(_ data: Data, testModule: String) -> [ListedTest] {
    // Suites by key: their display name (where ``StepIndex`` reads steps from) and type name.
    var suites: [String: (displayName: String?, name: String)] = [:]
    var functions: [(key: String, name: String, file: String, line: Int)] = []
    for line in data.split(separator: UInt8(ascii: "\n")) {
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
        object["kind"] as? String == "test",
        let payload = object["payload"] as? [String: Any],
        let id = payload["id"] as? String,
        let key = EventStreamSummary.testKey(id, testModule: testModule)
      else { continue }
      let displayName = payload["displayName"] as? String
      let name = displayName ?? (payload["name"] as? String) ?? key
      switch payload["kind"] as? String {
      case "suite":
        suites[key] = (displayName, name)
      case "function":
        let source = payload["sourceLocation"] as? [String: Any] ?? [:]
        let fileID = source["fileID"] as? String ?? ""
        let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
        if !functions.contains(where: { $0.key == key }) {
          functions.append((key, name, file, source["line"] as? Int ?? 0))
        }
      default:
        continue
      }
    }
    let steps = StepIndex(suiteDisplayNames: suites.compactMapValues(\.displayName))
    return functions.map { function in
      let step = steps.lessonStep(of: function.key)
      // Without a step, the innermost suite: `A/B/f()` is in `A/B`.
      let innermost = function.key.split(separator: "/").dropLast().joined(separator: "/")
      let suite =
        step?.title
        ?? (innermost.isEmpty
          ? nil : suites[innermost]?.name ?? String(innermost.split(separator: "/").last!))
      return ListedTest(
        key: function.key, name: function.name, steps: step?.numbers ?? [], suite: suite,
        file: function.file, line: function.line)
    }.sorted(by: ListedTest.learningOrder)
  }
}
