import ExerciseModel
import Testing

@testable import AuthoringKit

/// How the checks compare a decoy's five runs: statuses that move, and words that change.
@Suite struct DecoyRunsTests {
  func result(_ status: TestStatus, _ message: String?) -> TestResult {
    TestResult(
      id: "S/t()", isVisible: true, status: status, message: message, location: nil, points: 0,
      maximumPoints: 1, hint: nil)
  }

  @Test func aStatusThatMovesIsNamedWithEveryRunsStatus() {
    let runs = [[result(.failed, "a")], [result(.passed, nil)], [result(.failed, "a")]]
    #expect(AuthorChecks.flippingTests(runs) == ["S/t(): failed, passed, failed"])
    #expect(AuthorChecks.changingWords(runs).isEmpty)
  }

  @Test func wordsThatChangeAreNamedWithTwoOfThem() {
    let runs = [
      [result(.failed, "It read 3 s.\nmore")], [result(.failed, "It read 3 s.\nmore")],
      [result(.failed, "It read 10 s.")],
    ]
    #expect(AuthorChecks.flippingTests(runs).isEmpty)
    #expect(
      AuthorChecks.changingWords(runs) == [#"S/t(): "It read 3 s.", then "It read 10 s.""#])
  }

  @Test func theSameWordsInEveryRunAreFine() {
    let runs = Array(repeating: [result(.failed, "Same."), result(.passed, nil)], count: 5)
    #expect(AuthorChecks.changingWords(runs).isEmpty)
  }
}
