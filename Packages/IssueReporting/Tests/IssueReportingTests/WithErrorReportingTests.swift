import IssueReporting
import Testing

@Suite struct WithErrorReportingTests {
  struct Failure: Error {}

  @Test func returnsTheValueWhenNothingIsThrown() {
    let collector = CollectingReporter()
    let value = withErrorReporting(to: [collector]) { 42 }
    #expect(value == 42)
    #expect(collector.reports.isEmpty)
  }

  @Test func reportsAThrownErrorAndReturnsNil() {
    let collector = CollectingReporter()
    let value: Int? = withErrorReporting("Loading", to: [collector]) { throw Failure() }
    #expect(value == nil)
    #expect(collector.messages == ["Caught error: Failure(): Loading"])
  }

  @Test func cancellationIsNotAnIssue() {
    let collector = CollectingReporter()
    let value: Int? = withErrorReporting(to: [collector]) { throw CancellationError() }
    #expect(value == nil)
    #expect(collector.reports.isEmpty)
  }

  @Test func failsTheTestWithTheCurrentReporters() {
    withKnownIssue {
      _ = withErrorReporting { () throws -> Int in throw Failure() }
    } matching: {
      $0.error is Failure
    }
  }

  @Test func asyncReturnsTheValueOrReports() async {
    let collector = CollectingReporter()
    let value = await withErrorReporting(to: [collector]) { () async throws -> String in
      await Task { "done" }.value
    }
    #expect(value == "done")
    let failed: String? = await withErrorReporting(to: [collector]) {
      () async throws -> String in
      throw Failure()
    }
    #expect(failed == nil)
    #expect(collector.messages == ["Caught error: Failure()"])
  }

  @Test func asyncCancellationIsNotAnIssue() async {
    let collector = CollectingReporter()
    let value: Int? = await withErrorReporting(to: [collector]) { () async throws -> Int in
      throw CancellationError()
    }
    #expect(value == nil)
    #expect(collector.reports.isEmpty)
  }
}
