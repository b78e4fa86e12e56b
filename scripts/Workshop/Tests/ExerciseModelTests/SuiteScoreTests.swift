import Foundation
import Testing

@testable import ExerciseModel

/// The score of a learner's suite: hand mutants' points, plus each step's share for the
/// generated mutants, earned in proportion and rounded down.
struct SuiteScoreTests {
  static let hand = [
    ManifestMutant(name: "a", behaviour: "a", step: 1, points: 2),
    ManifestMutant(name: "b", behaviour: "b", step: 1, points: 3),
    ManifestMutant(name: "c", behaviour: "c", step: 2, points: 1),
  ]

  static func generated(_ caught: [Bool], step: Int, behaviour: String = "it works")
    -> [SuiteReport.GeneratedVerdict]
  {
    caught.enumerated().map {
      SuiteReport.GeneratedVerdict(
        id: "F.swift:op:\(step)\($0.offset)", step: step, behaviour: behaviour,
        isCaught: $0.element)
    }
  }

  @Test func aStepsShareIsItsHandPointsAndOnlyAllOfItsBugsEarnAllOfIt() {
    #expect(SuiteScore.share(step: 1, handMutants: Self.hand) == 5)
    #expect(SuiteScore.share(step: 3, handMutants: Self.hand) == 1)
    #expect(SuiteScore.earned(share: 5, caught: 7, of: 7) == 5)
    #expect(SuiteScore.earned(share: 5, caught: 6, of: 7) == 4)
    #expect(SuiteScore.earned(share: 5, caught: 3, of: 7) == 2)
    #expect(SuiteScore.earned(share: 5, caught: 0, of: 7) == 0)
  }

  @Test func everyHandMutantButHalfTheGeneratedOnesIsNotFullMarks() {
    let report = SuiteReport(
      tests: ["T/a()"], wrongTests: [], realTime: [],
      verdicts: Self.hand.map { SuiteReport.Verdict(mutant: $0, caughtBy: "T/a()") },
      generated: Self.generated([true, false, true, false], step: 1)
        + Self.generated([true], step: 2))
    let score = report.score
    #expect(score.maximum == 6 + 5 + 1)
    #expect(score.points == 6 + 2 + 1)
  }

  /// A test that waited for real time is not told it would take none "with a TestClock": it
  /// may have used one, and waited for a timeout.
  @Test func aTestThatWaitedForRealTimeIsToldWhereToLook() {
    let report = SuiteReport(
      tests: ["T/a()"], wrongTests: [],
      realTime: [SuiteReport.TimedTest(test: "T/a()", seconds: 2.4)], verdicts: [],
      generated: [])
    let note = SuiteFeedback.notes(report).joined()
    #expect(
      note.contains("Your test T/a() waited for real time: it took over 2 seconds"), "\(note)")
    #expect(!note.contains("With a TestClock, it would take none"))
    #expect(note.contains("waitForSleepers gives up after its timeout"))
  }

  /// `results.json` names each hand mutant by its place, never by the manifest's name, which
  /// describes its code (`welcome-after-nine-seconds`).
  @Test func resultsNameMutantsByTheirPlace() {
    let hand = [
      ManifestMutant(name: "welcome-after-nine-seconds", behaviour: "a", step: 1, points: 2),
      ManifestMutant(name: "timer-stops-early", behaviour: "b", step: 2, points: 3),
      ManifestMutant(name: "welcome-never-shown", behaviour: "c", step: 1, points: 1),
    ]
    let report = SuiteReport(
      tests: ["T/a()"], wrongTests: [], realTime: [],
      verdicts: hand.map { SuiteReport.Verdict(mutant: $0, caughtBy: nil) }, generated: [])
    #expect(
      ResultsSuite(report).mutants.map(\.name)
        == ["step-1-mutant-1", "step-2-mutant-1", "step-1-mutant-2"])
  }

  @Test func aRowPerStepNamesTheBehavioursNotCaughtWithTheirBugs() {
    let verdicts =
      Self.generated([true, false, false], step: 2, behaviour: "the timer counts 1, 2, 3")
      + Self.generated([false], step: 2, behaviour: "a cancelled timer stops")
      + Self.generated([true], step: 1, behaviour: "the welcome waits 10 seconds")
    let rows = SuiteFeedback.generatedRows(verdicts, handMutants: Self.hand)
    #expect(
      rows.map(\.id) == [
        "Step 1: every bug a complete suite catches", "Step 2: every bug a complete suite catches",
      ])
    #expect(rows[0].status == .passed)
    #expect(rows[0].message == nil)
    #expect(rows[0].points == 5)
    #expect(rows[1].status == .failed)
    #expect(rows[1].points == 0)
    #expect(rows[1].maximumPoints == 1)
    #expect(
      rows[1].message
        == "Your tests catch 1 of the 4 bugs that a complete suite for step 2 catches. Not "
        + "caught yet:\n- the timer counts 1, 2, 3 (2 bugs)\n- a cancelled timer stops (1 bug)")
    #expect(rows.allSatisfy { $0.mutant != nil })
  }

  @Test func aSuiteThatCouldNotRunScoresNothingOutOfTheSameMaximum() {
    let verdicts = Self.generated([false, false], step: 1)
    let rows = SuiteFeedback.generatedRows(
      verdicts, handMutants: Self.hand, notGraded: (.error, "Your tests do not compile."))
    #expect(rows.map(\.points) == [0])
    #expect(rows.map(\.maximumPoints) == [5])
    #expect(rows[0].message == "Your tests do not compile.")
  }
}
