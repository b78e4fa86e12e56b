import Foundation

extension DependencyValues {
  /// The locale a feature formats numbers, dates and text with: the user's in the app, one the
  /// test chooses in tests.
  ///
  /// A test that formats "1,234.50" passes on a machine set to English and fails on one set to
  /// French ("1 234,50"). Formatting with this dependency makes the locale part of the test:
  ///
  /// ```swift
  /// @Observable final class ReceiptModel {
  ///   @ObservationIgnored @Dependency(\.locale) var locale
  ///   var total = 1234.5
  ///
  ///   var formattedTotal: String {
  ///     total.formatted(.number.precision(.fractionLength(2)).locale(locale))
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// @Test func totalInGerman() {
  ///   let model = withDependencies {
  ///     $0.locale = Locale(identifier: "de_DE")
  ///   } operation: {
  ///     ReceiptModel()
  ///   }
  ///   #expect(model.formattedTotal == "1.234,50")
  /// }
  /// ```
  ///
  /// The live value is `Locale.autoupdatingCurrent`, which follows the user's settings as they
  /// change. There is no test value: a test that reads the locale without overriding it fails
  /// with an issue saying so, and gets the live locale.
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The user's preferred locales, most preferred first: for a feature that picks a language
  /// among those it supports.
  ///
  /// ```swift
  /// struct ContentLanguage {
  ///   @Dependency(\.preferredLocales) var preferredLocales
  ///
  ///   func pick(from supported: [String]) -> String {
  ///     preferredLocales.lazy
  ///       .compactMap { $0.language.languageCode?.identifier }
  ///       .first(where: supported.contains) ?? supported[0]
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// @Test func fallsBackToTheSecondPreference() {
  ///   withDependencies {
  ///     $0.preferredLocales = [Locale(identifier: "ja_JP"), Locale(identifier: "fr_FR")]
  ///   } operation: {
  ///     #expect(ContentLanguage().pick(from: ["en", "fr"]) == "fr")
  ///   }
  /// }
  /// ```
  ///
  /// The live value reads `Locale.preferredLanguages` each time, so it follows the user's
  /// settings; an override is a fixed list. A test that reads it without overriding it fails
  /// with an issue saying so, and gets the live list.
  public var preferredLocales: [Locale] {
    get { self[PreferredLocalesKey.self].locales }
    set { self[PreferredLocalesKey.self] = PreferredLocales(fixed: newValue) }
  }
}

private enum LocaleKey: DependencyKey {
  static var liveValue: Locale { .autoupdatingCurrent }
}

private enum PreferredLocalesKey: DependencyKey {
  static var liveValue: PreferredLocales { PreferredLocales(fixed: nil) }
}

/// The system's preferred locales, read when asked, unless a fixed list replaced them.
private struct PreferredLocales: Sendable {
  var fixed: [Locale]?

  var locales: [Locale] {
    fixed ?? Locale.preferredLanguages.map { Locale(identifier: $0) }
  }
}
