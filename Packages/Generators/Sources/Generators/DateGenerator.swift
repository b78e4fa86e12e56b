import Foundation

/// For features that read the current time: ask this instead of calling `Date()`, so tests can
/// decide what "now" is.
///
/// A model reads ``now`` (or calls the generator) whenever it needs the time:
///
/// ```swift
/// final class NotesModel {
///   var notes: [Note] = []
///   let date: DateGenerator
///
///   init(date: DateGenerator = DateGenerator { Date() }) {
///     self.date = date
///   }
///
///   func addButtonTapped() {
///     notes.append(Note(createdAt: date.now))
///   }
/// }
/// ```
///
/// A test fixes the time, so the expectation is exact:
///
/// ```swift
/// @Test func addingNotes() {
///   let model = NotesModel(date: .constant(Date(timeIntervalSince1970: 1_234_567_890)))
///   model.addButtonTapped()
///   #expect(model.notes.map(\.createdAt) == [Date(timeIntervalSince1970: 1_234_567_890)])
/// }
/// ```
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Date

  /// For a generator of your own making: the closure runs every time the date is read.
  ///
  /// ```swift
  /// let live = DateGenerator { Date() }
  /// let startOfEpoch = DateGenerator { Date(timeIntervalSince1970: 0) }
  /// ```
  ///
  /// - Parameter generate: Returns the current date. It may be called from many tasks at once.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// For reading the time as a property, and for tests that pin it with an assignment.
  ///
  /// Reading runs the generator. Setting replaces the generator with one that always returns
  /// the new date; other copies of the generator are not affected.
  ///
  /// ```swift
  /// var date = DateGenerator { Date() }
  /// date.now = Date(timeIntervalSince1970: 1_234_567_890)
  /// #expect(date.now == Date(timeIntervalSince1970: 1_234_567_890))
  /// ```
  public var now: Date {
    get { generate() }
    set { generate = { newValue } }
  }

  /// For the feature's side: returns the current date by running the generator, the same as
  /// reading ``now``.
  ///
  /// ```swift
  /// let note = Note(createdAt: date())
  /// ```
  public func callAsFunction() -> Date {
    generate()
  }

  /// For tests where time stands still: a generator that always returns `now`.
  ///
  /// ```swift
  /// let model = NotesModel(date: .constant(Date(timeIntervalSince1970: 0)))
  /// ```
  ///
  /// - Parameter now: The date every read returns.
  /// - Returns: A generator that always returns `now`.
  public static func constant(_ now: Date) -> Self {
    Self { now }
  }
}
