import Foundation

extension DependencyValues {
  /// The calendar a feature computes dates with: the user's current calendar in the app, one the
  /// test chooses in tests.
  ///
  /// Code that asks `Calendar.current` for "the start of the week" or "tomorrow" gives different
  /// answers on a machine set to a Gregorian calendar starting on Monday and on one set to Hebrew,
  /// so a test that relies on it passes on one machine and fails on another. Ask this dependency
  /// instead:
  ///
  /// ```swift
  /// @Observable final class AgendaModel {
  ///   @ObservationIgnored @Dependency(\.calendar) var calendar
  ///   @ObservationIgnored @Dependency(\.date.now) var now
  ///
  ///   var isWeekend: Bool {
  ///     calendar.isDateInWeekend(now)
  ///   }
  /// }
  /// ```
  ///
  /// and fix it in the test, together with the time zone it depends on:
  ///
  /// ```swift
  /// @Test func saturdayIsAWeekend() {
  ///   var calendar = Calendar(identifier: .gregorian)
  ///   calendar.timeZone = TimeZone(identifier: "UTC")!
  ///   let model = withDependencies {
  ///     $0.calendar = calendar
  ///     $0.date.now = Date(timeIntervalSince1970: 1_700_000_000)  // a Tuesday, in UTC
  ///   } operation: {
  ///     AgendaModel()
  ///   }
  ///   #expect(!model.isWeekend)
  /// }
  /// ```
  ///
  /// The live value is `Calendar.autoupdatingCurrent`, which follows the user's settings as they
  /// change. There is no test value: a test that reads the calendar without overriding it fails
  /// with an issue saying so, and gets the live calendar.
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }
}

private enum CalendarKey: DependencyKey {
  static var liveValue: Calendar { .autoupdatingCurrent }
}
