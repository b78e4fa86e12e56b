import IssueReporting
import Testing

@Suite struct ReportIssueTests {
  struct Failure: Error, Equatable {}

  @Test func failsTheRunningSwiftTestingTest() {
    withKnownIssue {
      reportIssue("Something went wrong")
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Something went wrong"]
    }
  }

  @Test func reportsAThrownErrorAsThatError() {
    withKnownIssue {
      reportIssue(Failure(), "while saving")
    } matching: { issue in
      issue.error as? Failure == Failure()
    }
  }

  @Test func aWarningDoesNotFailTheTest() {
    // If this were recorded as an error, this test would fail.
    reportIssue("Only a warning", severity: .warning)
  }

  @Test func reachesSwiftTestingFromAChildTask() async {
    await withKnownIssue {
      await Task { reportIssue("From a child task") }.value
    }
  }

  @Test func sendsMessageSeverityAndLocationToEveryReporter() {
    let first = CollectingReporter()
    let second = CollectingReporter()
    withIssueReporters([first, second]) {
      reportIssue("Boom", severity: .warning)
    }
    let expected = CollectingReporter.Report(
      message: "Boom", severity: .warning, fileID: "IssueReportingTests/ReportIssueTests.swift",
      line: #line - 4)
    #expect(first.reports == [expected])
    #expect(second.reports == [expected])
  }

  @Test func anErrorReportsCaughtErrorWithTheMessage() {
    let collector = CollectingReporter()
    withIssueReporters([collector]) {
      reportIssue(Failure(), "while saving")
      reportIssue(Failure())
    }
    #expect(
      collector.messages == [
        "Caught error: Failure(): while saving", "Caught error: Failure()",
      ])
  }

  @Test func noReportersMeansNothingIsReported() {
    // With an empty list nothing may reach the test: this test would fail otherwise.
    withIssueReporters([]) {
      reportIssue("Silenced")
    }
  }

  @Test func scopedReportersReachChildTasksAndCanBeReplaced() async {
    let collector = CollectingReporter()
    let replacement = CollectingReporter()
    await withIssueReporters([collector]) {
      await Task { reportIssue("In a task") }.value
      IssueReporters.current = [replacement]
      reportIssue("After replacing")
    }
    #expect(collector.messages == ["In a task"])
    #expect(replacement.messages == ["After replacing"])
  }

  @Test func theMessageIsNotBuiltWhenNobodyListens() {
    withIssueReporters([]) {
      reportIssue(neverCalled())
    }
  }

  private func neverCalled() -> String {
    Issue.record("The message was evaluated with no reporters")
    return ""
  }
}
