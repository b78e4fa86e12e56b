import Dependencies
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The built-in values, one suite each: the live value behaves live, an override wins, and the
// test value does what swift-dependencies' does when a test uses it without an override.
//
// Tests that expect a report start from fresh values (`$0 = DependencyValues()`), so the report
// made while computing the default cannot have been used up by an earlier read.

/// The text of every comment of `issue`, joined.
private func text(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// Whether `issue` is the one `DependencyKey` reports when a test reads `name` without a test
/// value.
private func isMissingTestValue(_ issue: Issue, _ name: String) -> Bool {
  text(of: issue).contains("@Dependency(\\.\(name)) has no test value")
}

/// Runs `operation` in the live context.
private func live<R>(_ operation: () throws -> R) rethrows -> R {
  try withDependencies {
    $0.context = .live
  } operation: {
    try operation()
  }
}

/// Runs `operation` with fresh values in the test context.
private func fresh<R>(_ operation: () throws -> R) rethrows -> R {
  try withDependencies {
    $0 = DependencyValues()
  } operation: {
    try operation()
  }
}

@Suite struct BuiltInValuesTests {
  // MARK: uuid

  @Suite struct UUIDValue {
    @Test func liveGivesDistinctUUIDs() {
      live {
        @Dependency(\.uuid) var uuid
        let uuids = (1...10).map { _ in uuid() }
        #expect(Set(uuids).count == 10)
        #expect(!uuids.contains(UUID(0)))
      }
    }

    @Test func overrideWins() {
      withDependencies {
        $0.uuid = .incrementing
      } operation: {
        @Dependency(\.uuid) var uuid
        #expect([uuid(), uuid(), uuid()] == [UUID(0), UUID(1), UUID(2)])
      }
    }

    @Test func testValueWithoutOverrideReports() {
      fresh {
        @Dependency(\.uuid) var uuid
        withKnownIssue {
          _ = uuid()
        } matching: {
          isMissingTestValue($0, "uuid")
        }
      }
    }
  }

  // MARK: date

  @Suite struct DateValue {
    @Test func liveReadsTheRealTime() {
      live {
        @Dependency(\.date) var date
        #expect(date.now != Date(timeIntervalSince1970: 0))
        #expect(date() != Date.distantPast)
      }
    }

    @Test func overrideWins() {
      withDependencies {
        $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      } operation: {
        @Dependency(\.date.now) var now
        @Dependency(\.date) var date
        #expect(now == Date(timeIntervalSince1970: 1_234_567_890))
        #expect(date() == Date(timeIntervalSince1970: 1_234_567_890))
      }
    }

    @Test func testValueWithoutOverrideReports() {
      fresh {
        @Dependency(\.date.now) var now
        withKnownIssue {
          _ = now
        } matching: {
          isMissingTestValue($0, "date")
        }
      }
    }
  }

  // MARK: calendar, locale, timeZone

  @Suite struct CalendarValue {
    @Test func liveIsTheCurrentCalendar() {
      live {
        @Dependency(\.calendar) var calendar
        #expect(calendar.identifier == Calendar.autoupdatingCurrent.identifier)
        #expect(calendar.timeZone == Calendar.autoupdatingCurrent.timeZone)
      }
    }

    @Test func overrideWins() {
      withDependencies {
        $0.calendar = Calendar(identifier: .hebrew)
      } operation: {
        @Dependency(\.calendar) var calendar
        #expect(calendar.identifier == .hebrew)
      }
    }

    @Test func testValueWithoutOverrideReportsAndIsTheLiveCalendar() {
      fresh {
        @Dependency(\.calendar) var calendar
        withKnownIssue {
          #expect(calendar.identifier == Calendar.autoupdatingCurrent.identifier)
        } matching: {
          isMissingTestValue($0, "calendar")
        }
      }
    }
  }

  @Suite struct LocaleValue {
    @Test func liveIsTheCurrentLocale() {
      live {
        @Dependency(\.locale) var locale
        @Dependency(\.preferredLocales) var preferredLocales
        #expect(locale.identifier == Locale.autoupdatingCurrent.identifier)
        #expect(
          preferredLocales.map(\.identifier)
            == Locale.preferredLanguages.map { Locale(identifier: $0).identifier })
      }
    }

    @Test func overrideWins() {
      withDependencies {
        $0.locale = Locale(identifier: "de_DE")
        $0.preferredLocales = [Locale(identifier: "ja_JP"), Locale(identifier: "fr_FR")]
      } operation: {
        @Dependency(\.locale) var locale
        @Dependency(\.preferredLocales) var preferredLocales
        #expect(locale.identifier == "de_DE")
        #expect(preferredLocales.map(\.identifier) == ["ja_JP", "fr_FR"])
      }
    }

    @Test func testValueWithoutOverrideReports() {
      fresh {
        @Dependency(\.locale) var locale
        @Dependency(\.preferredLocales) var preferredLocales
        withKnownIssue {
          _ = locale
        } matching: {
          isMissingTestValue($0, "locale")
        }
        withKnownIssue {
          _ = preferredLocales
        } matching: {
          isMissingTestValue($0, "preferredLocales")
        }
      }
    }
  }

  @Suite struct TimeZoneValue {
    @Test func liveIsTheCurrentTimeZone() {
      live {
        @Dependency(\.timeZone) var timeZone
        #expect(timeZone.identifier == TimeZone.autoupdatingCurrent.identifier)
      }
    }

    @Test func overrideWins() throws {
      let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
      withDependencies {
        $0.timeZone = tokyo
      } operation: {
        @Dependency(\.timeZone) var timeZone
        #expect(timeZone.identifier == "Asia/Tokyo")
      }
    }

    @Test func testValueWithoutOverrideReports() {
      fresh {
        @Dependency(\.timeZone) var timeZone
        withKnownIssue {
          _ = timeZone
        } matching: {
          isMissingTestValue($0, "timeZone")
        }
      }
    }
  }

  // MARK: withRandomNumberGenerator

  @Suite struct RandomValue {
    @Test func liveDrawsFromTheSystem() {
      live {
        @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
        let draws = withRandomNumberGenerator { generator in
          (1...4).map { _ in generator.next() }
        }
        // Four equal 64-bit draws from the system generator would be a broken generator.
        #expect(Set(draws).count > 1)
      }
    }

    @Test func overrideWins() {
      withDependencies {
        $0.withRandomNumberGenerator = WithRandomNumberGenerator(
          SeededRandomNumberGenerator(seed: 42))
      } operation: {
        @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
        var expected = SeededRandomNumberGenerator(seed: 42)
        let draws = withRandomNumberGenerator { generator in
          (1...4).map { _ in generator.next() }
        }
        #expect(draws == (1...4).map { _ in expected.next() })
      }
    }

    @Test func testValueWithoutOverrideReports() {
      fresh {
        @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
        withKnownIssue {
          _ = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
        } matching: {
          isMissingTestValue($0, "withRandomNumberGenerator")
        }
      }
    }
  }

  // MARK: continuousClock, suspendingClock

  @Suite struct ClockValues {
    @Test func liveAreTheSystemClocks() {
      live {
        @Dependency(\.continuousClock) var continuousClock
        @Dependency(\.suspendingClock) var suspendingClock
        #expect(continuousClock is ContinuousClock)
        #expect(suspendingClock is SuspendingClock)
      }
    }

    @Test func overrideWins() async throws {
      let continuous = ImmediateClock()
      let suspending = ImmediateClock()
      try await withDependencies {
        $0.continuousClock = continuous
        $0.suspendingClock = suspending
      } operation: {
        @Dependency(\.continuousClock) var continuousClock
        @Dependency(\.suspendingClock) var suspendingClock
        try await continuousClock.sleep(for: .seconds(60))
        try await suspendingClock.sleep(for: .seconds(5))
      }
      #expect(continuous.now == ImmediateClock.Instant(offset: .seconds(60)))
      #expect(suspending.now == ImmediateClock.Instant(offset: .seconds(5)))
    }

    @Test func testValuesReportWhenUsedNotWhenRead() {
      fresh {
        @Dependency(\.continuousClock) var continuousClock
        @Dependency(\.suspendingClock) var suspendingClock
        // Reading them reports nothing: they are test values of their own.
        let (continuous, suspending) = (continuousClock, suspendingClock)
        withKnownIssue {
          _ = continuous.now
        } matching: {
          text(of: $0).contains("Unimplemented: ContinuousClock.now")
        }
        withKnownIssue {
          _ = suspending.now
        } matching: {
          text(of: $0).contains("Unimplemented: SuspendingClock.now")
        }
      }
    }
  }

  // MARK: urlSession

  @Suite struct URLSessionValue {
    @Test func liveIsTheSharedSession() {
      live {
        @Dependency(\.urlSession) var urlSession
        #expect(urlSession === URLSession.shared)
      }
    }

    @Test func overrideWins() {
      let session = URLSession(configuration: .ephemeral)
      withDependencies {
        $0.urlSession = session
      } operation: {
        @Dependency(\.urlSession) var urlSession
        #expect(urlSession === session)
      }
    }

    @Test func testValueReportsWhenUsedNotWhenRead() throws {
      try fresh {
        @Dependency(\.urlSession) var urlSession
        // Reading it reports nothing, and it is not the shared session.
        let session = urlSession
        #expect(session !== URLSession.shared)
        // Every request goes through its protocol class, which reports. It is called directly
        // here so that the report is made on this test's task, not on a URLSession thread.
        let handler = try #require(
          session.configuration.protocolClasses?.first as? URLProtocol.Type)
        let request = URLRequest(url: URL(string: "https://example.com")!)
        withKnownIssue {
          #expect(handler.canInit(with: request))
        } matching: {
          text(of: $0).contains(#"Unimplemented: @Dependency(\.urlSession)"#)
        }
        withKnownIssue {
          #expect(handler.canonicalRequest(for: request) == request)
        } matching: {
          text(of: $0).contains(#"Unimplemented: @Dependency(\.urlSession)"#)
        }
      }
    }
  }

  // MARK: assert, assertionFailure, precondition

  @Suite struct AssertionValues {
    @Test func testValuesReportInsteadOfTrapping() {
      @Dependency(\.assert) var assert
      @Dependency(\.assertionFailure) var assertionFailure
      @Dependency(\.precondition) var precondition
      let line = #line + 2
      withKnownIssue {
        assert(1 + 1 == 3, "Arithmetic is broken")
      } matching: { issue in
        text(of: issue) == "Arithmetic is broken" && issue.sourceLocation?.line == line
      }
      withKnownIssue {
        assertionFailure("This branch is unreachable")
      } matching: {
        text(of: $0) == "This branch is unreachable"
      }
      withKnownIssue {
        precondition(false, "The list must not be empty")
      } matching: {
        text(of: $0) == "The list must not be empty"
      }
    }

    @Test func aConditionThatHoldsReportsNothing() {
      @Dependency(\.assert) var assert
      @Dependency(\.precondition) var precondition
      assert(true, "not reported")
      precondition(2 > 1)
    }

    @Test func liveValuesPassAConditionThatHolds() {
      live {
        @Dependency(\.assert) var assert
        @Dependency(\.precondition) var precondition
        assert(true, "not reached")
        precondition(1 < 2, "not reached")
      }
    }

    @Test func testValuesNeedNoOverride() {
      fresh {
        // Reading them reports nothing: they have test values of their own.
        @Dependency(\.assert) var assert
        @Dependency(\.precondition) var precondition
        @Dependency(\.assertionFailure) var assertionFailure
        _ = (assert, precondition, assertionFailure)
      }
    }
  }

  // MARK: fireAndForget

  @Suite struct FireAndForgetValue {
    struct Failure: Error {}

    @Test func testValueAwaitsTheWork() async {
      let log = LockIsolated<[String]>([])
      @Dependency(\.fireAndForget) var fireAndForget
      log.withValue { $0.append("before") }
      await fireAndForget {
        // The work finishes on another task: only awaiting it puts "work" before "after".
        await Task.detached { log.withValue { $0.append("work") } }.value
      }
      log.withValue { $0.append("after") }
      #expect(log.value == ["before", "work", "after"])
    }

    @Test func testValueReportsAThrownError() async {
      @Dependency(\.fireAndForget) var fireAndForget
      await withKnownIssue {
        await fireAndForget { throw Failure() }
      } matching: { issue in
        if case .errorCaught(let error) = issue.kind { return error is Failure }
        return false
      }
    }

    #if compiler(>=6.2)
      @Test func testValueRunsTheWorkInANamedTask() async {
        let name = LockIsolated<String?>(nil)
        @Dependency(\.fireAndForget) var fireAndForget
        await fireAndForget(name: "send receipt", priority: .low) {
          name.setValue(Task.name)
        }
        #expect(name.value == "send receipt")
      }
    #endif

    @Test(.timeLimit(.minutes(1)))
    func liveDoesNotWaitForTheWork() async {
      let log = LockIsolated<[String]>([])
      let (gate, openGate) = AsyncStream<Never>.makeStream()
      let (done, markDone) = AsyncStream<Never>.makeStream()
      await withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.fireAndForget) var fireAndForget
        await fireAndForget {
          // Held until the test opens the gate, which it does only after the call returned.
          for await _ in gate {}
          log.withValue { $0.append("work") }
          markDone.finish()
        }
      }
      log.withValue { $0.append("returned") }
      openGate.finish()
      for await _ in done {}
      #expect(log.value == ["returned", "work"])
    }
  }
}
