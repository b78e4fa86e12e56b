import DependencyKeys
import Testing

// The lesson's tests for Steps 1 and 2, one suite per step; Steps 3 and 4 are in
// SubscriptAndDefaultCacheLessonTests.swift. They use keys that conform to your protocols, so
// your code runs, not the library's. The keys are in Fixtures.swift.

@Suite("Step 1: a key's missing values fall back along the cascade")
struct DefaultCascadeTests {
  @Test func previewsFallBackToTheLiveValue() {
    #expect(
      HeadlinesKey.previewValue == "live headlines",
      """
      HeadlinesKey has a liveValue and a testValue but no previewValue, and its previewValue \
      was "\(HeadlinesKey.previewValue)" instead of "live headlines". A DependencyKey without \
      a preview value previews its live value. Step 1: give DependencyKey a default \
      previewValue that returns liveValue.
      """)
    #expect(
      ThemeKey.previewValue == "preview theme",
      """
      ThemeKey defines its own previewValue, but reading it gave "\(ThemeKey.previewValue)" \
      instead of "preview theme". A key's own value always wins over a default.
      """)
    #expect(
      AvatarKey.previewValue == "test avatar",
      """
      AvatarKey is only a TestDependencyKey (no live value), and its previewValue was \
      "\(AvatarKey.previewValue)" instead of its test value "test avatar".
      """)
  }

  @Test func testsFallBackToThePreviewValue() {
    // Step 2 reports these fallbacks; here only the values are checked.
    let mapTiles = catchingIssues { MapTilesKey.testValue }.result
    #expect(
      mapTiles == "preview map tiles",
      """
      MapTilesKey has a liveValue and a previewValue but no testValue, and its testValue was \
      "\(mapTiles)" instead of its preview value, "preview map tiles". Step 1: the default \
      testValue returns previewValue, not liveValue.
      """)
    let analytics = catchingIssues { AnalyticsKey.testValue }.result
    #expect(
      analytics == "live analytics",
      """
      AnalyticsKey has only a liveValue, and its testValue was "\(analytics)" instead of \
      "live analytics" (test falls back to preview, which falls back to live).
      """)
  }
}

@Suite("Step 2: a test that falls back to a live value is reported")
struct MissingTestValueTests {
  @Test func fallingBackIsReportedOnce() {
    let (value, issues) = catchingIssues { PaymentsKey.testValue }
    #expect(
      issues.count == 1,
      """
      Reading PaymentsKey.testValue, for a key that has only a liveValue, reported \
      \(issues.count) issue(s); it must report exactly one. Step 2: call reportIssue("…") in \
      the default testValue before returning previewValue.
      """)
    #expect(
      value == "live payments",
      """
      After reporting, PaymentsKey.testValue must still give the live value, "live payments", \
      but it gave "\(value)". Report, then fall back.
      """)
  }

  @Test func theIssueNamesTheKeyAndTheFix() throws {
    let issues = catchingIssues { EmailKey.testValue }.issues
    let message = try #require(
      issues.first,
      """
      Reading EmailKey.testValue, for a key that has only a liveValue, reported nothing. \
      Step 2: report an issue whose message names the key and says how to fix it.
      """)
    #expect(
      message.contains(name(of: EmailKey.self)),
      """
      The issue's message does not name the key, EmailKey: \(message.debugDescription). \
      Interpolate `\\(Self.self)` so that whoever reads it knows which dependency to fix.
      """)
    #expect(
      message.localizedCaseInsensitiveContains("override"),
      """
      The issue's message does not tell how to fix it by overriding the dependency in the \
      test (it should contain the word "override"): \(message.debugDescription).
      """)
    #expect(
      message.contains("testValue"),
      """
      The issue's message does not mention the other fix, giving the key a `testValue` (it \
      should contain "testValue"): \(message.debugDescription).
      """)
  }

  @Test func onlyAMissingTestValueIsReported() {
    let (pushNotifications, issues) = catchingIssues { PushNotificationsKey.testValue }
    #expect(
      issues.count == 1,
      """
      PushNotificationsKey has a live and a preview value but no test value. Its testValue \
      reported \(issues.count) issue(s); it should report one: falling back to the preview \
      value is reported too, because the preview value is usually the live one. Step 2: \
      report in the default testValue, before falling back.
      """)
    #expect(
      pushNotifications == "preview push notifications",
      """
      PushNotificationsKey has a live and a preview value but no test value. Its testValue \
      gave "\(pushNotifications)" instead of its preview value, "preview push notifications". \
      Step 1: the default testValue falls back to previewValue.
      """)
    let quiet = catchingIssues {
      [CalendarKey.testValue, CalendarKey.previewValue, ContactsKey.testValue]
    }
    #expect(
      quiet.issues.isEmpty,
      """
      Keys that have a testValue of their own (CalendarKey, ContactsKey) reported \
      \(quiet.issues.count) issue(s): \(quiet.issues). Only the default testValue of \
      DependencyKey reports.
      """)
  }
}
