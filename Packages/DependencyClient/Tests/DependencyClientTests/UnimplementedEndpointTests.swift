import DependencyClient
import Testing

/// `unimplementedEndpoint` on its own: every effect (sync, async, throwing, not) and arity.
@Suite struct UnimplementedEndpointTests {
  @Test func throwingEndpointsReportTheirNameAndThrow() throws {
    let zero: @Sendable () throws -> Int = unimplementedEndpoint("Client.zero")
    let one: @Sendable (Int) throws -> Int = unimplementedEndpoint("Client.one")
    let three: @Sendable (Int, String, Bool) throws -> Int = unimplementedEndpoint("Client.three")

    let recorder = IssueRecorder()
    recorder.record {
      #expect(throws: UnimplementedFailure(description: "Client.zero")) { try zero() }
      #expect(throws: UnimplementedFailure(description: "Client.one")) { try one(1) }
      #expect(throws: UnimplementedFailure(description: "Client.three")) {
        try three(1, "a", true)
      }
    }
    #expect(
      recorder.messages.map(firstLine) == [
        "Unimplemented: 'Client.zero'", "Unimplemented: 'Client.one'",
        "Unimplemented: 'Client.three'",
      ])
  }

  @Test func asyncThrowingEndpointsReportTheirNameAndThrow() async throws {
    let zero: @Sendable () async throws -> Int = unimplementedEndpoint("Client.zero")
    let one: @Sendable (Int) async throws -> Int = unimplementedEndpoint("Client.one")
    let three: @Sendable (Int, String, Bool) async throws -> Int =
      unimplementedEndpoint("Client.three")

    let recorder = IssueRecorder()
    await recorder.record {
      await #expect(throws: UnimplementedFailure(description: "Client.zero")) { try await zero() }
      await #expect(throws: UnimplementedFailure(description: "Client.one")) { try await one(1) }
      await #expect(throws: UnimplementedFailure(description: "Client.three")) {
        try await three(1, "a", true)
      }
    }
    #expect(
      recorder.messages.map(firstLine) == [
        "Unimplemented: 'Client.zero'", "Unimplemented: 'Client.one'",
        "Unimplemented: 'Client.three'",
      ])
  }

  @Test func nonThrowingEndpointsReportTheirNameAndReturnThePlaceholder() {
    let zero: @Sendable () -> Int = unimplementedEndpoint("Client.zero", placeholder: 7)
    let one: @Sendable (Int) -> [Int] = unimplementedEndpoint("Client.one", placeholder: [])
    let three: @Sendable (Int, String, Bool) -> Void = unimplementedEndpoint("Client.three")
    let optional: @Sendable (Int) -> String? = unimplementedEndpoint("Client.optional")

    let recorder = IssueRecorder()
    recorder.record {
      #expect(zero() == 7)
      #expect(one(1) == [])
      three(1, "a", true)
      #expect(optional(1) == nil)
    }
    #expect(
      recorder.messages.map(firstLine) == [
        "Unimplemented: 'Client.zero'", "Unimplemented: 'Client.one'",
        "Unimplemented: 'Client.three'", "Unimplemented: 'Client.optional'",
      ])
  }

  @Test func asyncNonThrowingEndpointsReportTheirNameAndReturnThePlaceholder() async {
    let zero: @Sendable () async -> Int = unimplementedEndpoint("Client.zero", placeholder: 7)
    let one: @Sendable (Int) async -> [Int] = unimplementedEndpoint("Client.one", placeholder: [])
    let three: @Sendable (Int, String, Bool) async -> Void = unimplementedEndpoint("Client.three")
    let optional: @Sendable (Int) async -> String? = unimplementedEndpoint("Client.optional")

    let recorder = IssueRecorder()
    await recorder.record {
      #expect(await zero() == 7)
      #expect(await one(1) == [])
      await three(1, "a", true)
      #expect(await optional(1) == nil)
    }
    #expect(
      recorder.messages.map(firstLine) == [
        "Unimplemented: 'Client.zero'", "Unimplemented: 'Client.one'",
        "Unimplemented: 'Client.three'", "Unimplemented: 'Client.optional'",
      ])
  }

  @Test func anOptionalEndpointWithAPlaceholderReturnsIt() {
    let lookUp: @Sendable (Int) -> String? =
      unimplementedEndpoint("Client.lookUp", placeholder: "none")

    let recorder = IssueRecorder()
    recorder.record {
      #expect(lookUp(1) == "none")
    }
    #expect(recorder.messages.map(firstLine) == ["Unimplemented: 'Client.lookUp'"])
  }

  @Test func theReportListsTheArgumentsAsDebugPrintShowsThem() {
    let three: @Sendable (Int, String, Int?) -> Void = unimplementedEndpoint("Client.three")
    let one: @Sendable (String) -> Void = unimplementedEndpoint("Client.one")

    let recorder = IssueRecorder()
    recorder.record {
      three(42, "swift", nil)
      one("a")
    }
    #expect(recorder.messages.count == 2)
    #expect(recorder.messages.first?.contains("Invoked with:\n    42, \"swift\", nil") == true)
    #expect(recorder.messages.last?.contains("Invoked with:\n    \"a\"") == true)
  }

  @Test func aZeroArgumentReportHasNoArgumentSectionButSaysWhatToDo() {
    let zero: @Sendable () -> Void = unimplementedEndpoint("Client.zero")

    let recorder = IssueRecorder()
    recorder.record { zero() }
    let message = recorder.messages.first ?? ""
    #expect(!message.contains("Invoked with"))
    #expect(message.contains("If the call is expected, override"))
    #expect(message.contains("'Client.zero' in 'withDependencies' or a '.dependency' trait"))
  }

  @Test func everyCallReportsAndEvaluatesThePlaceholderAnew() {
    let counter = LockIsolated(0)
    let next: @Sendable () -> Int = unimplementedEndpoint(
      "Client.next",
      placeholder: counter.withValue {
        $0 += 1
        return $0
      })

    let recorder = IssueRecorder()
    recorder.record {
      #expect(next() == 1)
      #expect(next() == 2)
    }
    #expect(recorder.messages.count == 2)
  }

  @Test func anUnrecordedCallFailsTheRunningTestByName() {
    let fetch: @Sendable (Int) throws -> Int = unimplementedEndpoint("Client.fetch")

    withKnownIssue {
      #expect(throws: UnimplementedFailure.self) { try fetch(1) }
    } matching: { issue in
      mentions(issue, "Unimplemented: 'Client.fetch'")
    }
  }
}
