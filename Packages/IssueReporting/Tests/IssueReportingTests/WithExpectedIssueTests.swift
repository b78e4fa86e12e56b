import IssueReporting
import Testing

@Suite struct WithExpectedIssueTests {
  struct Failure: Error {}

  @Test func aReportedIssueIsExpectedInSwiftTesting() {
    withExpectedIssue {
      reportIssue("Expected")
    }
  }

  @Test func aThrownErrorIsExpectedInSwiftTesting() {
    withExpectedIssue("It throws") {
      throw Failure()
    }
  }

  @Test func asyncIsExpectedInSwiftTesting() async {
    await withExpectedIssue {
      await Task { reportIssue("From a task") }.value
    }
  }

  @Test func intermittentToleratesNoIssue() {
    withExpectedIssue(isIntermittent: true) {}
  }

  // Outside a Swift Testing test (a detached task has no current test), only issues reported
  // through IssueReporting can be seen: they become expected, and a missing one is reported.
  @Test func outsideSwiftTestingIssuesBecomeExpected() async {
    let collector = CollectingReporter()
    await Task.detached {
      withIssueReporters([collector]) {
        withExpectedIssue { reportIssue("Seen") }
      }
    }.value
    #expect(collector.reports.map(\.expected) == [true])
    #expect(collector.messages == ["Seen"])
  }

  @Test func outsideSwiftTestingAMissingIssueIsReported() async {
    let collector = CollectingReporter()
    await Task.detached {
      await withIssueReporters([collector]) {
        await withExpectedIssue("Needed one") { await Task.yield() }
      }
    }.value
    #expect(collector.messages == ["Known issue was not recorded: Needed one"])
    #expect(collector.reports.map(\.expected) == [false])
  }

  @Test func outsideSwiftTestingAThrownErrorIsExpected() async {
    let collector = CollectingReporter()
    await Task.detached {
      withIssueReporters([collector]) {
        withExpectedIssue { throw Failure() }
      }
    }.value
    #expect(collector.reports.map(\.expected) == [true])
    #expect(collector.messages == ["Caught error: Failure()"])
  }
}
