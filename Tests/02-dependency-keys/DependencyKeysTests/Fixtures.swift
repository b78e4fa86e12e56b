import ConcurrencyExtras
import DependencyKeys
import Dispatch
import Testing

// What the lesson's tests share: a way to count how often a key's values are computed, a way to
// catch the issues your code reports, a bounded wait, and the keys of each test.
//
// The default-value cache lives for the whole test process and tests run in parallel, so every
// test uses key types of its own: no two tests ever share a cache entry.

/// Counts how many times each static property of a fixture key ran.
final class Tally: Sendable {
  private let counts = LockIsolated<[String: Int]>([:])

  /// Records one run of the property named `name` ("live", "preview" or "test").
  func record(_ name: String) {
    counts.withValue { $0[name, default: 0] += 1 }
  }

  /// How many times the property named `name` ran so far.
  subscript(name: String) -> Int {
    counts.value[name] ?? 0
  }
}

/// Runs `body` and returns what it returned, with the messages of the issues it reported
/// through `reportIssue`.
///
/// The issues are caught with Swift Testing's `withKnownIssue`, so they do not fail the test by
/// themselves: the test looks at them and says what is wrong.
func catchingIssues<R>(_ body: () -> R) -> (result: R, issues: [String]) {
  let messages = LockIsolated<[String]>([])
  var result: R?
  withKnownIssue(isIntermittent: true) {
    result = body()
  } matching: { issue in
    messages.withValue { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return (result!, messages.value)
}

/// Runs `work` on another thread and waits for it at most `seconds`; `nil` if it did not finish
/// in time (a deadlock, say), so that the test fails quickly instead of hanging.
func finishing<T: Sendable>(
  within seconds: Double = 2, _ work: @escaping @Sendable () -> T
) async -> T? {
  let done = LockIsolated(false)
  return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
    let finish: @Sendable (T?) -> Void = { value in
      let isFirst = done.withValue { done in
        defer { done = true }
        return !done
      }
      if isFirst { continuation.resume(returning: value) }
    }
    DispatchQueue.global().async { finish(work()) }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { finish(nil) }
  }
}

/// The short name of a key type, as `"\(Key.self)"` prints it.
func name(of key: Any.Type) -> String {
  String(describing: key)
}

// MARK: - Step 1: the cascade

/// Live and test values, no preview value.
enum HeadlinesKey: DependencyKeys.DependencyKey {
  static let liveValue = "live headlines"
  static let testValue = "test headlines"
}

/// All three values.
enum ThemeKey: DependencyKeys.DependencyKey {
  static let liveValue = "live theme"
  static let previewValue = "preview theme"
  static let testValue = "test theme"
}

/// Only a test value.
enum AvatarKey: DependencyKeys.TestDependencyKey {
  static let testValue = "test avatar"
}

/// Live and preview values, no test value.
enum MapTilesKey: DependencyKeys.DependencyKey {
  static let liveValue = "live map tiles"
  static let previewValue = "preview map tiles"
}

/// Only a live value.
enum AnalyticsKey: DependencyKeys.DependencyKey {
  static let liveValue = "live analytics"
}

// MARK: - Step 2: the issue

/// Only a live value.
enum PaymentsKey: DependencyKeys.DependencyKey {
  static let liveValue = "live payments"
}

/// Only a live value.
enum EmailKey: DependencyKeys.DependencyKey {
  static let liveValue = "live email"
}

/// Live and preview values, no test value.
enum PushNotificationsKey: DependencyKeys.DependencyKey {
  static let liveValue = "live push notifications"
  static let previewValue = "preview push notifications"
}

/// Live and test values.
enum CalendarKey: DependencyKeys.DependencyKey {
  static let liveValue = "live calendar"
  static let testValue = "test calendar"
}

/// Only a test value.
enum ContactsKey: DependencyKeys.TestDependencyKey {
  static let testValue = "test contacts"
}

// MARK: - Step 3: the subscript

/// All three values, counted.
enum WeatherKey: DependencyKeys.DependencyKey {
  static let tally = Tally()
  static var liveValue: String {
    tally.record("live")
    return "live weather"
  }
  static var previewValue: String {
    tally.record("preview")
    return "preview weather"
  }
  static var testValue: String {
    tally.record("test")
    return "test weather"
  }
}

/// All three values.
enum StocksKey: DependencyKeys.DependencyKey {
  static let liveValue = "live stocks"
  static let previewValue = "preview stocks"
  static let testValue = "test stocks"
}

/// Only a live value, counted.
enum UploadsKey: DependencyKeys.DependencyKey {
  static let tally = Tally()
  static var liveValue: String {
    tally.record("live")
    return "live uploads"
  }
}

/// Only a test value: an interface with no live implementation linked.
enum RecommendationsKey: DependencyKeys.TestDependencyKey {
  static let testValue = "test recommendations"
}

// MARK: - Step 4: the cache

/// A test value, counted.
enum ProfileKey: DependencyKeys.DependencyKey {
  static let tally = Tally()
  static let liveValue = "live profile"
  static var testValue: String {
    tally.record("test")
    return "test profile"
  }
}

/// All three values, counted.
enum FeedKey: DependencyKeys.DependencyKey {
  static let tally = Tally()
  static var liveValue: String {
    tally.record("live")
    return "live feed"
  }
  static var previewValue: String {
    tally.record("preview")
    return "preview feed"
  }
  static var testValue: String {
    tally.record("test")
    return "test feed"
  }
}

/// A test value, counted; read by many tasks at once.
enum SearchKey: DependencyKeys.DependencyKey {
  static let tally = Tally()
  static let liveValue = "live search"
  static var testValue: String {
    tally.record("test")
    return "test search"
  }
}

/// A test value, counted; read while `CartKey`'s default is computed.
enum PricesKey: DependencyKeys.TestDependencyKey {
  static let tally = Tally()
  static var testValue: String {
    tally.record("test")
    return "test prices"
  }
}

/// A test value, counted, that reads another dependency while it is computed.
enum CartKey: DependencyKeys.TestDependencyKey {
  static let tally = Tally()
  static var testValue: String {
    tally.record("test")
    let prices = DependencyKeys.DependencyValues(context: .test)[PricesKey.self]
    return "cart priced with \(prices)"
  }
}
