import Injection

// The dependencies of the edge cases in InjectionEdgeCaseTests.swift and
// InjectedAndWithValueEdgeCaseTests.swift. Like the lesson's, every test that writes to the
// app-wide store owns its dependencies: each is used by one test only, with a value type of its
// own.

/// The main and the fallback server: two keys with the same value type, in the shared store.
/// Owned by `InjectedValuesEdgeCaseTests/keysWithTheSameValueTypeStayApartInTheStore()`.
struct ServerName: Equatable, Sendable {
  var name: String
}
enum PrimaryServerKey: InjectionKey {
  static let defaultValue = ServerName(name: "primary default")
}
enum BackupServerKey: InjectionKey {
  static let defaultValue = ServerName(name: "backup default")
}

/// A dependency with several fields. Owned by `StoreEdgeCaseTests/keyPathsReachInsideAValue()`.
struct ReaderSettings: Equatable, Sendable {
  var fontSize: Int
  var serif: Bool
}
enum ReaderSettingsKey: InjectionKey {
  static let defaultValue = ReaderSettings(fontSize: 14, serif: true)
}

/// Owned by `InjectedEdgeCaseTests/wrapperSeesEveryChange()`.
struct Language: Equatable, Sendable {
  var code: String
}
enum LanguageKey: InjectionKey {
  static let defaultValue = Language(code: "en")
}

/// Owned by `InjectedEdgeCaseTests/wrappersInDifferentObjectsShareOneValue()`.
struct DownloadQuality: Equatable, Sendable {
  var label: String
}
enum DownloadQualityKey: InjectionKey {
  static let defaultValue = DownloadQuality(label: "standard")
}

/// Owned by `WithValueEdgeCaseTests/nestedCallsRestoreEachLevel()`.
struct Region: Equatable, Sendable {
  var code: String
}
enum RegionKey: InjectionKey {
  static let defaultValue = Region(code: "US")
}

/// Owned by `WithValueEdgeCaseTests/restoresAnEarlierOverrideNotTheDefault()`.
struct TimeZoneName: Equatable, Sendable {
  var identifier: String
}
enum TimeZoneNameKey: InjectionKey {
  static let defaultValue = TimeZoneName(identifier: "UTC")
}

/// Owned by `WithValueEdgeCaseTests/asyncOverrideLastsAcrossAwaits()`.
struct Currency: Equatable, Sendable {
  var code: String
}
enum CurrencyKey: InjectionKey {
  static let defaultValue = Currency(code: "USD")
}

/// Owned by `WithValueEdgeCaseTests/asyncRestoresWhenTheOperationThrows()`.
struct UploadLimit: Equatable, Sendable {
  var megabytes: Int
}
enum UploadLimitKey: InjectionKey {
  static let defaultValue = UploadLimit(megabytes: 10)
}

extension InjectedValues {
  var primaryServer: ServerName {
    get { self[PrimaryServerKey.self] }
    set { self[PrimaryServerKey.self] = newValue }
  }
  var backupServer: ServerName {
    get { self[BackupServerKey.self] }
    set { self[BackupServerKey.self] = newValue }
  }
  var readerSettings: ReaderSettings {
    get { self[ReaderSettingsKey.self] }
    set { self[ReaderSettingsKey.self] = newValue }
  }
  var language: Language {
    get { self[LanguageKey.self] }
    set { self[LanguageKey.self] = newValue }
  }
  var downloadQuality: DownloadQuality {
    get { self[DownloadQualityKey.self] }
    set { self[DownloadQualityKey.self] = newValue }
  }
  var region: Region {
    get { self[RegionKey.self] }
    set { self[RegionKey.self] = newValue }
  }
  var timeZoneName: TimeZoneName {
    get { self[TimeZoneNameKey.self] }
    set { self[TimeZoneNameKey.self] = newValue }
  }
  var currency: Currency {
    get { self[CurrencyKey.self] }
    set { self[CurrencyKey.self] = newValue }
  }
  var uploadLimit: UploadLimit {
    get { self[UploadLimitKey.self] }
    set { self[UploadLimitKey.self] = newValue }
  }
}

/// Two objects of the app that both ask for the download quality.
struct DownloadButton {
  @Injected(\.downloadQuality) var quality: DownloadQuality
}
struct SettingsScreen {
  @Injected(\.downloadQuality) var quality: DownloadQuality
}
