import Foundation

extension DependencyValues {
  /// The current date, for features that stamp, compare or display "now": the real time in the
  /// app, a time the test chooses in tests.
  ///
  /// A feature that calls `Date()` cannot be tested with an exact expectation, because the value
  /// differs on every run. Read the date from this dependency instead, as a property or by
  /// calling it:
  ///
  /// ```swift
  /// @Observable final class NotesModel {
  ///   @ObservationIgnored @Dependency(\.date.now) var now
  ///   var notes: [Note] = []
  ///
  ///   func addButtonTapped() {
  ///     notes.append(Note(text: "", createdAt: now))
  ///   }
  /// }
  /// ```
  ///
  /// A test pins the time, and the expectation is exact:
  ///
  /// ```swift
  /// @Test func addingANote() {
  ///   let model = withDependencies {
  ///     $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
  ///   } operation: {
  ///     NotesModel()
  ///   }
  ///   model.addButtonTapped()
  ///   #expect(model.notes.map(\.createdAt) == [Date(timeIntervalSince1970: 1_234_567_890)])
  /// }
  /// ```
  ///
  /// The live value returns `Date()` on every read. There is no test value: a test that reads
  /// the date without overriding it fails with an issue saying so, and gets the real time.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator { Date() }
}
