import Dependencies
import Foundation
import SingleEntryPoint
import Testing

// The lesson's tests, in the order of its steps. They call your module by name
// (`SingleEntryPoint.prepareDependencies`), so your code runs, not the library's.

@Suite("Step 1: a default is decided once, by the first read")
struct DecidedDefaultTests {
  @Test func theFirstReadDecidesTheLiveValue() {
    let value = DependencyDefaults.value(for: FirstReadKey.self)
    #expect(
      value == "FirstReadKey live #1",
      """
      The first read of a key nobody prepared gave \(value.debugDescription) instead of its \
      live value, computed once: "FirstReadKey live #1" (Step 1).
      """)
    #expect(
      DependencyDefaults.isDecided(FirstReadKey.self),
      """
      After the first read, the key is not decided: value(for:) must record the value it \
      returns in `entries` (Step 1), so that later reads, and later preparations, know it.
      """)
  }

  @Test func laterReadsGetTheSameValue() {
    let reads = (1...3).map { _ in DependencyDefaults.value(for: RepeatedReadKey.self) }
    #expect(
      reads == Array(repeating: "RepeatedReadKey live #1", count: 3),
      """
      Three reads of one key gave \(reads). A default is decided once: the first read computes \
      the live value and records it, later reads return the recorded value (Step 1).
      """)
    #expect(
      computations(of: "RepeatedReadKey") == 1,
      """
      The key's live value was computed \(computations(of: "RepeatedReadKey")) times for three \
      reads; it should be computed once (Step 1).
      """)
  }

  @Test func readsFromManyTasksAgree() async {
    let values = await withTaskGroup(of: String.self) { group in
      for _ in 1...8 {
        group.addTask { DependencyDefaults.value(for: ConcurrentReadKey.self) }
      }
      return await group.reduce(into: Set<String>()) { $0.insert($1) }
    }
    #expect(
      values.count == 1,
      """
      Eight tasks reading one key at once got \(values.count) different values; they should \
      all get the one value the first read recorded. A read returns the recorded value when \
      there is one, and when two tasks both find the key undecided, only one may record its \
      value: check `entries` again inside the lock before recording (Step 1).
      """)
  }
}

@Suite("Step 2: a preparation keeps the values it sets")
struct PreparedValuesTests {
  @Test func theLastValueSetIsReadBack() {
    var seen: [String] = []
    SingleEntryPoint.prepareDependencies {
      $0[DraftKey.self] = "draft"
      seen.append($0[DraftKey.self])
      $0[DraftKey.self] = "final"
      seen.append($0[DraftKey.self])
    }
    #expect(
      seen == ["draft", "final"],
      """
      Inside the preparation, reading a key just set gave \(seen) instead of ["draft", \
      "final"]: the subscript's setter must keep the value in `values`, and its getter return \
      it (Step 2).
      """)
  }

  @Test func aPreparationCanBuildOnADefault() {
    var seen = ""
    var decidedWhilePreparing = true
    SingleEntryPoint.prepareDependencies {
      $0[BuildOnDefaultKey.self] = $0[BuildOnDefaultKey.self] + " (staging)"
      seen = $0[BuildOnDefaultKey.self]
      decidedWhilePreparing = DependencyDefaults.isDecided(BuildOnDefaultKey.self)
    }
    #expect(
      seen == "BuildOnDefaultKey live #1 (staging)",
      """
      `$0[key] = $0[key] + " (staging)"` inside the preparation, read back, gave \
      \(seen.debugDescription). Reading a key this preparation has not set gives its current \
      default; reading it after setting it gives the value set (Step 2).
      """)
    #expect(
      !decidedWhilePreparing,
      """
      Reading a default inside the preparation decided the key, so the preparation of that key \
      would be refused. Use DependencyDefaults.peek(_:), which decides nothing (Step 2).
      """)
  }
}

@Suite("Step 3: prepared values become the process's defaults")
struct PreparedDefaultTests {
  @Test func aPreparedValueBecomesTheDefault() {
    SingleEntryPoint.prepareDependencies {
      $0[PreparedServerKey.self] = "https://staging.example.com"
    }
    let value = DependencyDefaults.value(for: PreparedServerKey.self)
    #expect(
      value == "https://staging.example.com",
      """
      After preparing the key, reading it gave \(value.debugDescription) instead of the \
      prepared "https://staging.example.com": store each prepared value in \
      DependencyDefaults.entries (Step 3).
      """)
    #expect(
      computations(of: "PreparedServerKey") == 0,
      """
      A prepared key never needs its live value, but it was computed \
      \(computations(of: "PreparedServerKey")) times (Step 3).
      """)
  }

  @Test func everyTaskSeesThePreparedValue() async {
    SingleEntryPoint.prepareDependencies {
      $0[DetachedReadKey.self] = "prepared"
    }
    let value = await Task.detached { DependencyDefaults.value(for: DetachedReadKey.self) }.value
    #expect(
      value == "prepared",
      """
      A detached task read \(value.debugDescription) instead of "prepared". Unlike a \
      withDependencies scope, a preparation changes the process's defaults, which every task \
      sees, detached ones too (Step 3).
      """)
  }

  @Test func oneCallPreparesSeveralKeys() {
    SingleEntryPoint.prepareDependencies {
      $0[FirstOfTwoKey.self] = "one"
      $0[SecondOfTwoKey.self] = "two"
    }
    let values = [
      DependencyDefaults.value(for: FirstOfTwoKey.self),
      DependencyDefaults.value(for: SecondOfTwoKey.self),
    ]
    #expect(
      values == ["one", "two"],
      """
      Preparing two keys in one call, then reading them, gave \(values) instead of ["one", \
      "two"]: every key the preparation set must become a default (Step 3).
      """)
  }
}

@Suite("Step 4: too late, or twice: reported and ignored")
struct TooLateTests {
  @Test func preparingAfterAReadIsReportedAndIgnored() {
    let early = DependencyDefaults.value(for: ReadTooEarlyKey.self)
    let issues = reportedIssues(
      "Preparing a key that was already read reported no issue; it should report one (Step 4)."
    ) {
      SingleEntryPoint.prepareDependencies { $0[ReadTooEarlyKey.self] = "too late" }
    }
    #expect(
      issues.count == 1,
      """
      Preparing a key that was already read should report exactly one issue; it reported \
      \(issues.count) (Step 4).
      """)
    #expect(
      issues.allSatisfy {
        text(of: $0) == alreadyDecidedMessage(keyName: "ReadTooEarlyKey", wasPrepared: false)
      },
      """
      The issue should be alreadyDecidedMessage(keyName: "ReadTooEarlyKey", wasPrepared: \
      false): it names the key and says it was already read (Step 4). It said:
      \(issues.map { text(of: $0) }.joined(separator: "\n"))
      """)
    let later = DependencyDefaults.value(for: ReadTooEarlyKey.self)
    #expect(
      later == early,
      """
      After a late preparation the key read \(later.debugDescription) instead of the value \
      already read, \(early.debugDescription). A decided key keeps its value for the rest of \
      the process: the late value is ignored (Step 4).
      """)
  }

  @Test func preparingTwiceIsReportedAndTheFirstValueKept() {
    SingleEntryPoint.prepareDependencies { $0[PreparedTwiceKey.self] = "first" }
    let issues = reportedIssues(
      "A second preparation of a key reported no issue; it should report one (Step 4)."
    ) {
      SingleEntryPoint.prepareDependencies { $0[PreparedTwiceKey.self] = "second" }
    }
    #expect(
      issues.count == 1,
      """
      A second preparation of a key should report exactly one issue; it reported \
      \(issues.count) (Step 4).
      """)
    #expect(
      issues.allSatisfy {
        text(of: $0) == alreadyDecidedMessage(keyName: "PreparedTwiceKey", wasPrepared: true)
      },
      """
      The issue should be alreadyDecidedMessage(keyName: "PreparedTwiceKey", wasPrepared: \
      true): it names the key and says it was already prepared (Step 4). It said:
      \(issues.map { text(of: $0) }.joined(separator: "\n"))
      """)
    let value = DependencyDefaults.value(for: PreparedTwiceKey.self)
    #expect(
      value == "first",
      """
      After two preparations the key read \(value.debugDescription) instead of "first": the \
      first preparation decides the key, the second is ignored (Step 4).
      """)
  }

  @Test func theIssuePointsAtTheCall() {
    _ = DependencyDefaults.value(for: LocatedIssueKey.self)
    let noIssue: Comment = "Preparing a key that was already read reported no issue (Step 4)."
    let callLine = #line + 2
    let issues = reportedIssues(noIssue) {
      SingleEntryPoint.prepareDependencies { $0[LocatedIssueKey.self] = "too late" }
    }
    let locations = issues.compactMap(\.sourceLocation)
    #expect(
      !locations.isEmpty,
      """
      The issue had no source location. It should point at the line that called \
      prepareDependencies: pass prepareDependencies' fileID, filePath, line and column on to \
      reportIssue (Step 4).
      """)
    #expect(
      locations.allSatisfy {
        $0.fileID.hasSuffix("SingleEntryPointLessonTests.swift") && $0.line == callLine
      },
      """
      The issue should point at the line that called prepareDependencies (this test's line \
      \(callLine)), because that is the line to fix; it pointed at \
      \(locations.map { "\($0.fileID):\($0.line)" }). Pass prepareDependencies' fileID, \
      filePath, line and column on to reportIssue (Step 4).
      """)
  }

  @Test func oneCallMaySetAKeyTwice() {
    SingleEntryPoint.prepareDependencies {
      $0[SetTwiceKey.self] = "draft"
      $0[SetTwiceKey.self] = "final"
    }
    let value = DependencyDefaults.value(for: SetTwiceKey.self)
    #expect(
      value == "final",
      """
      One preparation set the key to "draft", then "final"; the key read \
      \(value.debugDescription). Within one call the last value wins, and nothing is reported \
      (Steps 2 and 3).
      """)
  }
}
