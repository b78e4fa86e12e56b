import Injection
import Testing

// Edge cases graded on top of the lesson's tests. Like the lesson's, every test that writes to
// the app-wide store owns its dependencies: they are declared here and used by one test only,
// each with a value type of its own.

/// The main and the fallback server: two keys with the same value type, in the shared store.
/// Owned by `InjectedValuesEdgeCaseTests/keysWithTheSameValueTypeStayApartInTheStore()`.
private struct ServerName: Equatable, Sendable {
  var name: String
}
private enum PrimaryServerKey: InjectionKey {
  static let defaultValue = ServerName(name: "primary default")
}
private enum BackupServerKey: InjectionKey {
  static let defaultValue = ServerName(name: "backup default")
}

/// A dependency with several fields. Owned by `StoreEdgeCaseTests/keyPathsReachInsideAValue()`.
private struct ReaderSettings: Equatable, Sendable {
  var fontSize: Int
  var serif: Bool
}
private enum ReaderSettingsKey: InjectionKey {
  static let defaultValue = ReaderSettings(fontSize: 14, serif: true)
}

/// Owned by `InjectedEdgeCaseTests/wrapperSeesEveryChange()`.
private struct Language: Equatable, Sendable {
  var code: String
}
private enum LanguageKey: InjectionKey {
  static let defaultValue = Language(code: "en")
}

/// Owned by `InjectedEdgeCaseTests/wrappersInDifferentObjectsShareOneValue()`.
private struct DownloadQuality: Equatable, Sendable {
  var label: String
}
private enum DownloadQualityKey: InjectionKey {
  static let defaultValue = DownloadQuality(label: "standard")
}

/// Owned by `WithValueEdgeCaseTests/nestedCallsRestoreEachLevel()`.
private struct Region: Equatable, Sendable {
  var code: String
}
private enum RegionKey: InjectionKey {
  static let defaultValue = Region(code: "US")
}

/// Owned by `WithValueEdgeCaseTests/restoresAnEarlierOverrideNotTheDefault()`.
private struct TimeZoneName: Equatable, Sendable {
  var identifier: String
}
private enum TimeZoneNameKey: InjectionKey {
  static let defaultValue = TimeZoneName(identifier: "UTC")
}

/// Owned by `WithValueEdgeCaseTests/asyncOverrideLastsAcrossAwaits()`.
private struct Currency: Equatable, Sendable {
  var code: String
}
private enum CurrencyKey: InjectionKey {
  static let defaultValue = Currency(code: "USD")
}

/// Owned by `WithValueEdgeCaseTests/asyncRestoresWhenTheOperationThrows()`.
private struct UploadLimit: Equatable, Sendable {
  var megabytes: Int
}
private enum UploadLimitKey: InjectionKey {
  static let defaultValue = UploadLimit(megabytes: 10)
}

extension InjectedValues {
  fileprivate var primaryServer: ServerName {
    get { self[PrimaryServerKey.self] }
    set { self[PrimaryServerKey.self] = newValue }
  }
  fileprivate var backupServer: ServerName {
    get { self[BackupServerKey.self] }
    set { self[BackupServerKey.self] = newValue }
  }
  fileprivate var readerSettings: ReaderSettings {
    get { self[ReaderSettingsKey.self] }
    set { self[ReaderSettingsKey.self] = newValue }
  }
  fileprivate var language: Language {
    get { self[LanguageKey.self] }
    set { self[LanguageKey.self] = newValue }
  }
  fileprivate var downloadQuality: DownloadQuality {
    get { self[DownloadQualityKey.self] }
    set { self[DownloadQualityKey.self] = newValue }
  }
  fileprivate var region: Region {
    get { self[RegionKey.self] }
    set { self[RegionKey.self] = newValue }
  }
  fileprivate var timeZoneName: TimeZoneName {
    get { self[TimeZoneNameKey.self] }
    set { self[TimeZoneNameKey.self] = newValue }
  }
  fileprivate var currency: Currency {
    get { self[CurrencyKey.self] }
    set { self[CurrencyKey.self] = newValue }
  }
  fileprivate var uploadLimit: UploadLimit {
    get { self[UploadLimitKey.self] }
    set { self[UploadLimitKey.self] = newValue }
  }
}

/// Two objects of the app that both ask for the download quality.
private struct DownloadButton {
  @Injected(\.downloadQuality) var quality: DownloadQuality
}
private struct SettingsScreen {
  @Injected(\.downloadQuality) var quality: DownloadQuality
}

@Suite struct InjectedValuesEdgeCaseTests {
  @Test func copiesOfValuesAreIndependent() {
    var original = InjectedValues()
    original.greeting = "Hi"
    var copy = original
    copy.greeting = "Hey"
    copy.accentColor = "red"
    let seen = (
      original: (original.greeting, original.accentColor),
      copy: (copy.greeting, copy.accentColor)
    )
    let steps = """
      `original.greeting = "Hi"`, `copy = original`, then `copy.greeting = "Hey"` and \
      `copy.accentColor = "red"`
      """
    let leak =
      switch seen.original.0 {
      case "Hey": " (the copy's greeting)"
      case "Hello": " (its default: the value set was not kept)"
      default: ""
      }
    #expect(
      seen.original.0 == "Hi",
      """
      After \(steps), the original's greeting read "\(seen.original.0)"\(leak) instead of \
      "Hi". Each copy of the struct `InjectedValues` keeps its own values, one per key \
      (Step 1).
      """)
    let shared = seen.original.1 == seen.original.0 ? " (the greeting's value)" : ""
    #expect(
      seen.original.1 == "blue",
      """
      After \(steps), the original's accent colour read "\(seen.original.1)"\(shared) instead \
      of its default "blue": only the copy's was set. Each copy of the struct \
      `InjectedValues` keeps its own values, one per key (Step 1).
      """)
    #expect(
      seen.copy.0 == "Hey",
      """
      After \(steps), the copy's greeting read "\(seen.copy.0)" instead of "Hey". Each key \
      keeps the last value set for it (Step 1).
      """)
    #expect(
      seen.copy.1 == "red",
      """
      After \(steps), the copy's accent colour read "\(seen.copy.1)" instead of "red". Each \
      key keeps its own value, filed under `ObjectIdentifier(key)` (Step 1).
      """)
  }

  @Test func aValueCanBeSetAgain() {
    var values = InjectedValues()
    values[GreetingKey.self] = "Hi"
    values[GreetingKey.self] = "Hey"
    let greeting = values[GreetingKey.self]
    let kept =
      switch greeting {
      case "Hello": " (its default: neither value was kept)"
      case "Hi": " (the first value)"
      default: ""
      }
    #expect(
      greeting == "Hey",
      """
      After setting `GreetingKey` to "Hi" and then to "Hey", it read "\(greeting)"\(kept). \
      The last value set must win (Step 1).
      """)
  }

  @Test func keysWithTheSameValueTypeStayApartInTheStore() {
    InjectedValues[\.primaryServer] = ServerName(name: "eu-1")
    InjectedValues[\.backupServer] = ServerName(name: "eu-2")
    defer {
      InjectedValues[\.primaryServer] = PrimaryServerKey.defaultValue
      InjectedValues[\.backupServer] = BackupServerKey.defaultValue
    }
    let primary = InjectedValues[\.primaryServer]
    let backup = InjectedValues[\.backupServer]
    let story = """
      Two dependencies of the same type, a primary and a backup server, were set to "eu-1" \
      and then "eu-2" in the app's store
      """
    let cause =
      switch primary.name {
      case "eu-2":
        """
        The backup's write replaced it: each key keeps its own value, filed under \
        `ObjectIdentifier(key)` (Step 1).
        """
      case PrimaryServerKey.defaultValue.name:
        """
        That is its default: the store did not keep the write. The static subscript writes \
        into the shared values (Step 2), through the key subscript (Step 1).
        """
      default:
        """
        Each key keeps its own value, filed under `ObjectIdentifier(key)` (Step 1), and the \
        store keeps every write (Step 2).
        """
      }
    #expect(
      primary.name == "eu-1",
      """
      \(story); the primary then read "\(primary.name)" instead of "eu-1". \(cause)
      """)
    #expect(
      backup.name == "eu-2",
      """
      \(story); the primary read "eu-1" but the backup "\(backup.name)" instead of "eu-2". \
      Each key keeps its own value, filed under `ObjectIdentifier(key)` (Step 1), and the \
      store keeps every write (Step 2).
      """)
  }
}

@Suite struct StoreEdgeCaseTests {
  @Test func keyPathsReachInsideAValue() {
    InjectedValues[\.readerSettings.fontSize] = 18
    defer { InjectedValues[\.readerSettings] = ReaderSettingsKey.defaultValue }
    let settings = InjectedValues[\.readerSettings]
    let lost =
      settings == ReaderSettingsKey.defaultValue
      ? " (the default: the write was not kept)" : ""
    #expect(
      settings == ReaderSettings(fontSize: 18, serif: true),
      """
      After `InjectedValues[\\.readerSettings.fontSize] = 18`, the settings read font size \
      \(settings.fontSize) and serif \(settings.serif)\(lost), instead of 18 and true (serif \
      untouched). A key path may reach inside a dependency; the static subscript must write \
      through the whole key path into the shared values (Step 2).
      """)
  }
}

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
