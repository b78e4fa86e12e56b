import Injection
import Testing

// Edge cases graded on top of the lesson's tests, for @Injected and withValue (Steps 3 and 4).
// Like the lesson's, every test that writes to the app-wide store owns its dependencies: they
// are declared in EdgeCaseFixtures.swift and used by one test only, each with a value type of
// its own.

@Suite struct InjectedEdgeCaseTests {
  @Test func wrapperSeesEveryChange() {
    @Injected(\.language) var language: Language
    defer { InjectedValues[\.language] = LanguageKey.defaultValue }
    var seen: [String] = [language.code]
    var inStore: [String] = [InjectedValues[\.language].code]
    InjectedValues[\.language] = Language(code: "fr")
    seen.append(language.code)
    inStore.append(InjectedValues[\.language].code)
    InjectedValues[\.language] = Language(code: "de")
    seen.append(language.code)
    inStore.append(InjectedValues[\.language].code)
    let cause =
      inStore == ["en", "fr", "de"]
      ? "The wrapper must read the store at each access (Step 3)."
      : """
      The store itself read \(inStore): it must keep every write (Step 2), and the wrapper \
      must read it at each access (Step 3).
      """
    #expect(
      seen == ["en", "fr", "de"],
      """
      An `@Injected(\\.language)` property read \(seen) while the store was set to "en" (its \
      default), "fr", then "de"; it should follow every change, ["en", "fr", "de"]. \(cause)
      """)
  }

  @Test func wrappersInDifferentObjectsShareOneValue() {
    let button = DownloadButton()
    let screen = SettingsScreen()
    screen.quality = DownloadQuality(label: "high")
    defer { InjectedValues[\.downloadQuality] = DownloadQualityKey.defaultValue }
    let seenByButton = button.quality
    let inStore = InjectedValues[\.downloadQuality]
    let cause =
      inStore.label == "high"
      ? """
      The store held "high", so the button's wrapper did not read it: every wrapper reads \
      the store at each access (Step 3).
      """
      : """
      The store itself read "\(inStore.label)": the wrapper's setter writes to the app's \
      store (Step 3), which must keep the write (Step 2).
      """
    #expect(
      seenByButton.label == "high",
      """
      A settings screen set its `@Injected(\\.downloadQuality)` property to "high" (through a \
      `let`, so the setter must be `nonmutating`), but a download button made earlier read \
      "\(seenByButton.label)". \(cause)
      """)
  }
}

@Suite struct WithValueEdgeCaseTests {
  @Test func nestedCallsRestoreEachLevel() {
    let seen = InjectedValues.withValue(\.region, Region(code: "FR")) {
      let outer = InjectedValues[\.region].code
      let inner = InjectedValues.withValue(\.region, Region(code: "JP")) {
        InjectedValues[\.region].code
      }
      return (outer: outer, inner: inner, outerAgain: InjectedValues[\.region].code)
    }
    let after = InjectedValues[\.region].code
    let story = """
      With `withValue(\\.region, "FR")` around `withValue(\\.region, "JP")`, the region read \
      \([seen.outer, seen.inner, seen.outerAgain, after]) (outer, inner, outer again, after \
      both) instead of ["FR", "JP", "FR", "US"]
      """
    #expect(
      seen.outer == "FR",
      """
      \(story): the outer operation read "\(seen.outer)". Step 4: set the new value before \
      running `operation`. (Step 2's store must work first.)
      """)
    #expect(
      seen.inner == "JP",
      """
      \(story): the inner operation read "\(seen.inner)". Step 4: set the new value before \
      running `operation`, also when an earlier `withValue` is still running.
      """)
    let restoredTo = seen.outerAgain == "US" ? " (the default)" : ""
    #expect(
      seen.outerAgain == "FR",
      """
      \(story): once the inner call returned, the outer operation read \
      "\(seen.outerAgain)"\(restoredTo). Each `withValue` must put back the value it found when \
      it began, which is not always the default (Step 4).
      """)
    #expect(
      after == "US",
      """
      \(story): after both returned, the region read "\(after)" instead of "US", the value \
      it had before. Each `withValue` must put back the value it found when it began \
      (Step 4).
      """)
  }

  @Test func restoresAnEarlierOverrideNotTheDefault() {
    InjectedValues[\.timeZoneName] = TimeZoneName(identifier: "Europe/Paris")
    defer { InjectedValues[\.timeZoneName] = TimeZoneNameKey.defaultValue }
    let before = InjectedValues[\.timeZoneName].identifier
    let inside = InjectedValues.withValue(\.timeZoneName, TimeZoneName(identifier: "Asia/Tokyo")) {
      InjectedValues[\.timeZoneName].identifier
    }
    let after = InjectedValues[\.timeZoneName].identifier
    let story = """
      The time zone was set to "Europe/Paris" (the store then read "\(before)"), then \
      `withValue` set "Asia/Tokyo" for one operation
      """
    let storeNote =
      before == "Europe/Paris" ? "" : " (Step 2's store must keep the first write too.)"
    #expect(
      inside == "Asia/Tokyo",
      """
      \(story). Inside, it read "\(inside)" instead of "Asia/Tokyo". Step 4: set the new value \
      before running `operation`.\(storeNote)
      """)
    let restoredTo = after == TimeZoneNameKey.defaultValue.identifier ? " (the default)" : ""
    #expect(
      after == "Europe/Paris",
      """
      \(story). Inside, it read "Asia/Tokyo"; afterwards "\(after)"\(restoredTo) instead of \
      "Europe/Paris". Restore the value read before the override, which is not always the \
      default (Step 4).\(storeNote)
      """)
  }

  @Test func asyncOverrideLastsAcrossAwaits() async {
    let seen = await InjectedValues.withValue(\.currency, Currency(code: "EUR")) {
      let atStart = InjectedValues[\.currency].code
      let inAnotherTask = await Task.detached { InjectedValues[\.currency].code }.value
      let afterAwait = InjectedValues[\.currency].code
      return (atStart: atStart, inAnotherTask: inAnotherTask, afterAwait: afterAwait)
    }
    let after = InjectedValues[\.currency].code
    let story = """
      Inside the async `withValue(\\.currency, "EUR")`, the currency read \
      \([seen.atStart, seen.inAnotherTask, seen.afterAwait]) (at the start, in another task, \
      after an `await`), then "\(after)" once it returned; it should be "EUR" throughout the \
      operation and "USD" again afterwards
      """
    #expect(
      seen.atStart == "EUR",
      """
      \(story). Step 4: the async `withValue` sets the new value before running \
      `operation`. (Step 2's store must work first.)
      """)
    #expect(
      seen.inAnotherTask == "EUR",
      """
      \(story). The override is in the one store of the app, so another task sees it too \
      (Steps 2 and 4).
      """)
    #expect(
      seen.afterAwait == "EUR",
      """
      \(story). Step 4: the override stays in place until the whole operation has finished, \
      across every `await`.
      """)
    #expect(
      after == "USD",
      """
      \(story). Step 4: put the old value back when the operation ends.
      """)
  }

  @Test func asyncRestoresWhenTheOperationThrows() async {
    var inside: Int?
    var thrown: (any Error)?
    do {
      try await InjectedValues.withValue(\.uploadLimit, UploadLimit(megabytes: 1)) {
        inside = InjectedValues[\.uploadLimit].megabytes
        _ = await Task.detached { 0 }.value
        throw RequestFailed()
      }
    } catch {
      thrown = error
    }
    let after = InjectedValues[\.uploadLimit].megabytes
    #expect(
      inside == 1,
      """
      An async operation inside `withValue(\\.uploadLimit, 1 MB)` \
      \(inside.map { "read \($0) MB instead of 1 MB" } ?? "never ran"). Step 4: the async \
      `withValue` sets the new value, then runs `operation`. (Step 2's store must work first.)
      """)
    #expect(
      thrown is RequestFailed,
      """
      An async operation inside `withValue(\\.uploadLimit, 1 MB)` read 1 MB and threw \
      `RequestFailed`, but the caller \(thrown == nil ? "got no error" : "got another error"). \
      Step 4: let the error through.
      """)
    #expect(
      after == 10,
      """
      An async operation inside `withValue(\\.uploadLimit, 1 MB)` read 1 MB and threw, and \
      afterwards the limit read \(after) MB instead of the 10 MB it had before: the override \
      leaked out. Step 4: put the old value back however `operation` ends (`defer` in the \
      async `withValue` too).
      """)
  }
}
