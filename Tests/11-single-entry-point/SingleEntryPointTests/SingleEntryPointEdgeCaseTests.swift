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
    let issues = reportedIssues {
      SingleEntryPoint.prepareDependencies {
        $0[MixedReadKey.self] = "too late"
        $0[MixedFreshKey.self] = "in time"
      }
    }
    #expect(
      issues.count == 1,
      "One key of two was already read: exactly one issue, about that key, is expected.")
    #expect(
      DependencyDefaults.value(for: MixedReadKey.self) == early,
      "The key that was already read must keep its value.")
    #expect(
      DependencyDefaults.value(for: MixedFreshKey.self) == "in time",
      """
      A late key does not spoil the rest of the call: the key nobody had read yet must take \
      its prepared value.
      """)
  }

  @Test func concurrentPreparationsKeepOneValue() async {
    let issueCount = LockIsolated(0)
    await withKnownIssue {
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
      others is reported, so seven issues are expected.
      """)
    let value = DependencyDefaults.value(for: RacedKey.self)
    #expect(
      (1...8).map { "value \($0)" }.contains(value),
      "The key must hold one of the prepared values, not its live value.")
  }

  @Test func aReadInAnotherTaskDecidesTheKeyToo() async {
    let early = await Task.detached { DependencyDefaults.value(for: ReadElsewhereKey.self) }.value
    let issues = reportedIssues {
      SingleEntryPoint.prepareDependencies { $0[ReadElsewhereKey.self] = "too late" }
    }
    #expect(
      issues.count == 1 && DependencyDefaults.value(for: ReadElsewhereKey.self) == early,
      """
      A read in another task decides the key for the whole process: the late preparation is \
      reported and ignored.
      """)
  }

  @Test func aDefaultMayReadAnotherDependency() {
    let value = DependencyDefaults.value(for: DerivedKey.self)
    #expect(
      value == "derived from BaseKey live #1",
      """
      A live value that reads another dependency must work (and not wait forever on the lock): \
      compute the live value outside the lock.
      """)
    #expect(
      DependencyDefaults.isDecided(BaseKey.self),
      "The dependency read while computing another one's default is decided too.")
  }
}

@Suite struct PreparedAppEdgeCaseTests {
  @Test func aSecondPreparationIsReportedAtTheAppsLine() throws {
    let twice = try runPreparedApp("twice")
    #expect(
      twice.standardOutput == "server=https://staging.example.com\n",
      "Prepared twice, the app must keep the first value.")
    let reports = twice.standardError.split(separator: "\n").filter {
      $0.hasPrefix("PreparedApp/main.swift:") && $0.contains("'ServerKey' was already prepared")
    }
    #expect(
      reports.count == 1 && twice.status == 0,
      """
      The second preparation must be reported once, at the app's line, saying the key was \
      already prepared; the app goes on and exits normally.
      """)
  }
}
