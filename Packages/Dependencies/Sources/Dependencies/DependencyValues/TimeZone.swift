import Foundation

extension DependencyValues {
  /// The time zone a feature interprets dates in: the user's in the app, one the test chooses in
  /// tests.
  ///
  /// The same instant is Monday evening in San Francisco and Tuesday morning in Tokyo, so code
  /// that formats or buckets dates with `TimeZone.current` gives answers that depend on where the
  /// tests run. Ask this dependency instead:
  ///
  /// ```swift
  /// @Observable final class ClockFaceModel {
  ///   @ObservationIgnored @Dependency(\.timeZone) var timeZone
  ///   @ObservationIgnored @Dependency(\.date.now) var now
  ///
  ///   var hour: Int {
  ///     var calendar = Calendar(identifier: .gregorian)
  ///     calendar.timeZone = timeZone
  ///     return calendar.component(.hour, from: now)
  ///   }
  /// }
  /// ```
  ///
  /// ```swift
  /// @Test func midnightInUTCIsNineInTokyo() {
  ///   let model = withDependencies {
  ///     $0.timeZone = TimeZone(identifier: "Asia/Tokyo")!
  ///     $0.date.now = Date(timeIntervalSince1970: 0)
  ///   } operation: {
  ///     ClockFaceModel()
  ///   }
  ///   #expect(model.hour == 9)
  /// }
  /// ```
  ///
  /// The live value is `TimeZone.autoupdatingCurrent`, which follows the user's settings as they
  /// change. There is no test value: a test that reads the time zone without overriding it fails
  /// with an issue saying so, and gets the live time zone.
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }
}

private enum TimeZoneKey: DependencyKey {
  static var liveValue: TimeZone { .autoupdatingCurrent }
}
