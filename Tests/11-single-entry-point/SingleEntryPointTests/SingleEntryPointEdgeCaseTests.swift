import Dependencies
import Foundation
import SingleEntryPoint
import Testing

// Hidden edge cases: the rules of the lesson, to the letter.

enum MixedReadKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "MixedReadKey") }
}
enum MixedFreshKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "MixedFreshKey") }
}
enum RacedKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "RacedKey") }
}
enum ReadElsewhereKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "ReadElsewhereKey") }
}
enum LateFirstKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "LateFirstKey") }
}
enum LateSecondKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "LateSecondKey") }
}
enum BaseKey: DependencyKey {
  static var liveValue: String { computeLiveValue(of: "BaseKey") }
}
enum DerivedKey: DependencyKey {
  static var liveValue: String {
    "derived from " + DependencyDefaults.value(for: BaseKey.self)
  }
}

@Suite struct PrepareEdgeCaseTests {
  @Test func onlyTheDecidedKeyIsRefused() {
    let early = DependencyDefaults.value(for: MixedReadKey.self)
    let issues = reportedIssues(
      """
      One call prepared two keys, one of them already read, and reported no issue: the key \
      already read should be reported.
      """
    ) {
      SingleEntryPoint.prepareDependencies {
        $0[MixedReadKey.self] = "too late"
        $0[MixedFreshKey.self] = "in time"
      }
    }
    #expect(
      issues.count == 1,
      """
      One key of two was already read: exactly one issue, about that key, is expected; the \
      call reported \(issues.count).
      """)
    let late = DependencyDefaults.value(for: MixedReadKey.self)
    #expect(
      late == early,
      """
      The key that was already read must keep its value, \(early.debugDescription); after the \
      late preparation it read \(late.debugDescription).
      """)
    let fresh = DependencyDefaults.value(for: MixedFreshKey.self)
    #expect(
      fresh == "in time",
      """
      A late key does not spoil the rest of the call: the key nobody had read yet must take \
      its prepared value, "in time", but it read \(fresh.debugDescription).
      """)
  }

  @Test func everyRefusedKeyIsReportedInTheOrderItWasSet() {
    _ = DependencyDefaults.value(for: LateFirstKey.self)
    _ = DependencyDefaults.value(for: LateSecondKey.self)
    let issues = reportedIssues(
      """
      One call prepared two keys that were both already read, and reported no issue: each \
      should be reported.
      """
    ) {
      SingleEntryPoint.prepareDependencies {
        $0[LateFirstKey.self] = "too late"
        $0[LateSecondKey.self] = "too late as well"
      }
    }
    let named = issues.map { issue in
      let words = text(of: issue)
      return words.contains("'LateFirstKey'")
        ? "LateFirstKey" : words.contains("'LateSecondKey'") ? "LateSecondKey" : "another key"
    }
    #expect(
      named == ["LateFirstKey", "LateSecondKey"],
      """
      One call set LateFirstKey, then LateSecondKey, both already read: one issue for each, in \
      the order they were set, is expected (LateFirstKey, LateSecondKey); the issues named \
      \(named.isEmpty ? "nothing" : named.joined(separator: ", ")).
      """)
  }

  @Test func concurrentPreparationsKeepOneValue() async {
    let issueCount = LockIsolated(0)
    await withKnownIssue(
      """
      Eight tasks prepared one key at once and no issue was reported: the seven that came too \
      late should each be reported.
      """
    ) {
      await withTaskGroup(of: Void.self) { group in
        for index in 1...8 {
          group.addTask {
            SingleEntryPoint.prepareDependencies { $0[RacedKey.self] = "value \(index)" }
          }
        }
      }
    } matching: { _ in
      issueCount.withValue { $0 += 1 }
      return true
    }
    #expect(
      issueCount.value == 7,
      """
      Eight tasks prepared one key at once: the first to record it wins and each of the seven \
      others is reported, so seven issues are expected; \(issueCount.value) were reported.
      """)
    let value = DependencyDefaults.value(for: RacedKey.self)
    #expect(
      (1...8).map { "value \($0)" }.contains(value),
      """
      After eight tasks prepared one key at once, it read \(value.debugDescription): it must \
      hold one of the prepared values, "value 1" to "value 8".
      """)
  }

  @Test func aReadInAnotherTaskDecidesTheKeyToo() async {
    let early = await Task.detached { DependencyDefaults.value(for: ReadElsewhereKey.self) }.value
    let issues = reportedIssues(
      """
      A detached task read a key, then this task prepared it, and no issue was reported: a read \
      in another task decides the key for the whole process, so the late preparation is \
      reported.
      """
    ) {
      SingleEntryPoint.prepareDependencies { $0[ReadElsewhereKey.self] = "too late" }
    }
    #expect(
      issues.count == 1,
      """
      A detached task read a key, then this task prepared it: exactly one issue is expected; \
      the call reported \(issues.count).
      """)
    let late = DependencyDefaults.value(for: ReadElsewhereKey.self)
    #expect(
      late == early,
      """
      A detached task read \(early.debugDescription), then this task prepared the key: it must \
      keep that value, but it read \(late.debugDescription). A read in another task decides the \
      key for the whole process: the late preparation is ignored.
      """)
  }

  @Test func aDefaultMayReadAnotherDependency() {
    let value = DependencyDefaults.value(for: DerivedKey.self)
    #expect(
      value == "derived from BaseKey live #1",
      """
      A key whose live value reads another key (BaseKey) read \(value.debugDescription) instead \
      of "derived from BaseKey live #1".
      """)
    #expect(
      DependencyDefaults.isDecided(BaseKey.self),
      """
      Reading a key whose live value reads BaseKey left BaseKey undecided: a read made while \
      computing another key's default decides that key too, like any read.
      """)
  }
}

@Suite struct PreparedAppEdgeCaseTests {
  @Test func aSecondPreparationIsReportedAtTheAppsLine() throws {
    let twice = try runPreparedApp("twice")
    #expect(
      twice.standardOutput == "server=https://staging.example.com\n",
      """
      The app prepared the server with "https://staging.example.com", then with \
      "https://other.example.com": it must keep the first value, but it printed \
      \(twice.standardOutput.debugDescription).
      """)
    let reports = twice.standardError.split(separator: "\n").filter {
      $0.hasPrefix("PreparedApp/main.swift:") && $0.contains("'ServerKey' was already prepared")
    }
    #expect(
      reports.count == 1,
      """
      The second preparation must be reported once, at the app's line \
      ("PreparedApp/main.swift:<line>:"), saying the key was already prepared. The app's \
      standard error held \(reports.count) such reports. It wrote:
      \(twice.standardError.isEmpty ? "(nothing)" : twice.standardError)
      """)
    #expect(
      twice.status == 0,
      "After the second preparation the app must go on and exit normally. \(twice)")
  }
}
