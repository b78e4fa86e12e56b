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
    #expect(
      seen.original == ("Hi", "blue") && seen.copy == ("Hey", "red"),
      """
      After `copy = original` and changes to the copy, the original read greeting \
      "\(seen.original.0)" and accent colour "\(seen.original.1)" (expected "Hi" and "blue"), \
      and the copy "\(seen.copy.0)" and "\(seen.copy.1)" (expected "Hey" and "red"). \
      `InjectedValues` is a struct: each copy has its own values, one per key (Step 1).
      """)
  }

  @Test func aValueCanBeSetAgain() {
    var values = InjectedValues()
    values[GreetingKey.self] = "Hi"
    values[GreetingKey.self] = "Hey"
    let greeting = values[GreetingKey.self]
    #expect(
      greeting == "Hey",
      """
      After setting `GreetingKey` to "Hi" and then to "Hey", it read "\(greeting)". The last \
      value set must win (Step 1).
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
    #expect(
      primary.name == "eu-1" && backup.name == "eu-2",
      """
      Two dependencies of the same type were set to "eu-1" and "eu-2" in the app's store, \
      which then read "\(primary.name)" and "\(backup.name)". Each key keeps its own value, \
      filed under `ObjectIdentifier(key)` (Step 1), and the store keeps every write (Step 2).
      """)
  }
}

@Suite struct StoreEdgeCaseTests {
  @Test func keyPathsReachInsideAValue() {
    InjectedValues[\.readerSettings.fontSize] = 18
    defer { InjectedValues[\.readerSettings] = ReaderSettingsKey.defaultValue }
    let settings = InjectedValues[\.readerSettings]
    #expect(
      settings == ReaderSettings(fontSize: 18, serif: true),
      """
      After `InjectedValues[\\.readerSettings.fontSize] = 18`, the settings read font size \
      \(settings.fontSize) and serif \(settings.serif), instead of 18 and true (the default, \
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
    InjectedValues[\.language] = Language(code: "fr")
    seen.append(language.code)
    InjectedValues[\.language] = Language(code: "de")
    seen.append(language.code)
    #expect(
      seen == ["en", "fr", "de"],
      """
      An `@Injected(\\.language)` property read \(seen) while the store went from "en" to "fr" \
      to "de"; it should follow every change, ["en", "fr", "de"]. The wrapper must read the \
      store at each access (Step 3).
      """)
  }

  @Test func wrappersInDifferentObjectsShareOneValue() {
    let button = DownloadButton()
    let screen = SettingsScreen()
    screen.quality = DownloadQuality(label: "high")
    defer { InjectedValues[\.downloadQuality] = DownloadQualityKey.defaultValue }
    let seenByButton = button.quality
    #expect(
      seenByButton.label == "high",
      """
      A settings screen set its `@Injected(\\.downloadQuality)` property to "high" (through a \
      `let`, so the setter must be `nonmutating`), but a download button made earlier read \
      "\(seenByButton.label)". The setter writes to the app's store and every wrapper reads it \
      at each access (Step 3).
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
      return [outer, inner, InjectedValues[\.region].code]
    }
    let after = InjectedValues[\.region].code
    #expect(
      seen + [after] == ["FR", "JP", "FR", "US"],
      """
      With `withValue(\\.region, "FR")` around `withValue(\\.region, "JP")`, the region read \
      \(seen + [after]) (outer, inner, outer again, after both); it should be ["FR", "JP", \
      "FR", "US"]. Each `withValue` must put back the value it found, not the default \
      (Step 4).
      """)
  }

  @Test func restoresAnEarlierOverrideNotTheDefault() {
    InjectedValues[\.timeZoneName] = TimeZoneName(identifier: "Europe/Paris")
    defer { InjectedValues[\.timeZoneName] = TimeZoneNameKey.defaultValue }
    let inside = InjectedValues.withValue(\.timeZoneName, TimeZoneName(identifier: "Asia/Tokyo")) {
      InjectedValues[\.timeZoneName].identifier
    }
    let after = InjectedValues[\.timeZoneName].identifier
    #expect(
      inside == "Asia/Tokyo" && after == "Europe/Paris",
      """
      The time zone was set to "Europe/Paris", then `withValue` set "Asia/Tokyo" for one \
      operation. Inside, it read "\(inside)"; afterwards "\(after)". It should read \
      "Asia/Tokyo" inside and "Europe/Paris" again afterwards: restore the value read before \
      the override, which is not always the default (Step 4).
      """)
  }

  @Test func asyncOverrideLastsAcrossAwaits() async {
    let seen = await InjectedValues.withValue(\.currency, Currency(code: "EUR")) {
      let atStart = InjectedValues[\.currency].code
      let inAnotherTask = await Task.detached { InjectedValues[\.currency].code }.value
      let afterAwait = InjectedValues[\.currency].code
      return [atStart, inAnotherTask, afterAwait]
    }
    let after = InjectedValues[\.currency].code
    #expect(
      seen + [after] == ["EUR", "EUR", "EUR", "USD"],
      """
      Inside the async `withValue(\\.currency, "EUR")`, the currency read \(seen) (at the \
      start, in another task, after an `await`), then "\(after)" once it returned; it should \
      be "EUR" throughout the operation and "USD" again afterwards (Step 4).
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
      inside == 1 && thrown is RequestFailed && after == 10,
      """
      An async operation inside `withValue(\\.uploadLimit, 1 MB)` read \
      \(inside.map { "\($0) MB" } ?? "nothing") and threw; the caller \
      \(thrown is RequestFailed ? "got its error" : "did not get its error"), and the limit \
      afterwards was \(after) MB. It should read 1 MB inside, the error should reach the \
      caller, and the limit should be back to 10 MB: restore with `defer` in the async \
      `withValue` too (Step 4).
      """)
  }
}
