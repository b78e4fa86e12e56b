import IssueReporting
import Testing

@Suite struct UnimplementedTests {
  @Test func noArgumentsReturnsThePlaceholderAndReports() {
    let collector = CollectingReporter()
    let endpoint: @Sendable () -> Int = unimplemented("Client.count", placeholder: 42)
    let value = withIssueReporters([collector]) { endpoint() }
    #expect(value == 42)
    let message = try? #require(collector.messages.first ?? nil)
    #expect(message?.hasPrefix("Unimplemented: Client.count") == true)
    #expect(message?.contains("Invoked with:\n    ()") == true)
  }

  @Test func oneArgumentIsShownInTheReport() {
    let collector = CollectingReporter()
    let endpoint: @Sendable (String) -> Void = unimplemented("Analytics.track")
    withIssueReporters([collector]) { endpoint("signed-up") }
    #expect(collector.reports.count == 1)
    #expect(collector.messages[0]?.contains("Invoked with:\n    \"signed-up\"") == true)
  }

  @Test func threeArgumentsAreShownAsATuple() {
    let collector = CollectingReporter()
    let endpoint: @Sendable (Int, String, Bool) -> [Int] = unimplemented(
      "Search.run", placeholder: [])
    let value = withIssueReporters([collector]) { endpoint(1, "two", true) }
    #expect(value == [])
    #expect(collector.messages[0]?.contains("(1, \"two\", true)") == true)
  }

  @Test func throwingVariantReportsThenThrows() {
    let collector = CollectingReporter()
    let endpoint: @Sendable (Int, String, Bool) throws -> Int = unimplemented("Store.save")
    withIssueReporters([collector]) {
      _ = #expect(throws: UnimplementedFailure(description: "Store.save")) {
        try endpoint(1, "two", false)
      }
    }
    #expect(collector.messages.count == 1)
    #expect(collector.messages[0]?.hasPrefix("Unimplemented: Store.save") == true)
  }

  @Test func throwingVariantWithNoArguments() {
    let collector = CollectingReporter()
    let endpoint: @Sendable () throws -> String = unimplemented("Store.load")
    withIssueReporters([collector]) {
      _ = #expect(throws: UnimplementedFailure.self) { try endpoint() }
    }
    #expect(collector.reports.count == 1)
  }

  @Test func asyncVariantsReturnThePlaceholderOrThrow() async {
    let collector = CollectingReporter()
    let fetch: @Sendable (Int) async throws -> String = unimplemented("API.fetch")
    let count: @Sendable () async -> Int = unimplemented("API.count", placeholder: 3)
    await withIssueReporters([collector]) {
      await #expect(throws: UnimplementedFailure(description: "API.fetch")) {
        try await fetch(7)
      }
      #expect(await count() == 3)
    }
    #expect(collector.reports.count == 2)
    #expect(collector.messages[0]?.contains("Invoked with:\n    7") == true)
  }

  @Test func valueFormReportsAtOnce() {
    let collector = CollectingReporter()
    let value: String = withIssueReporters([collector]) {
      unimplemented("Settings.testValue", placeholder: "fallback")
    }
    #expect(value == "fallback")
    #expect(collector.messages[0]?.hasPrefix("Unimplemented: Settings.testValue") == true)
    #expect(collector.messages[0]?.contains("Invoked with") == false)
  }

  @Test func reportsWhereItWasDefined() {
    let collector = CollectingReporter()
    let endpoint: @Sendable () -> Void = unimplemented("Defined")
    let line: UInt = #line - 1
    withIssueReporters([collector]) { endpoint() }
    #expect(collector.reports[0].line == line)
    #expect(collector.reports[0].fileID == "IssueReportingTests/UnimplementedTests.swift")
  }

  @Test func failsTheSwiftTestingTestWhenCalled() {
    let endpoint: @Sendable (Int) -> Void = unimplemented("Client.ping")
    withKnownIssue {
      endpoint(1)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix("Unimplemented: Client.ping") == true
    }
  }
}
