import Foundation

/// For features that read the clock: ask this for the current date instead of calling `Date()`,
/// so a test decides what "now" is.
///
/// A model keeps a generator and reads ``now`` (or calls it) whenever it needs the time:
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
/// A test stops time, so its expectation is exact:
///
/// ```swift
/// let model = NotesModel(date: .constant(Date(timeIntervalSince1970: 1_234_567_890)))
/// model.addButtonTapped()
/// #expect(model.notes.map(\.createdAt) == [Date(timeIntervalSince1970: 1_234_567_890)])
/// ```
public struct DateGenerator: Sendable {
  #if SOLUTION
    /// Reads the current date; runs on every read.
    private var generate: @Sendable () -> Date
  #else
    // Step 3: add a stored property for the closure `init` receives, of the same type. It must
    // be one you can change, because setting `now` replaces the closure, on this copy only.
  #endif

  /// For a generator of your own: `generate` runs every time the date is read.
  ///
  /// ```swift
  /// let live = DateGenerator { Date() }
  /// ```
  ///
  /// - Parameter generate: Returns the current date. It may run on many tasks at once.
  public init(_ generate: @escaping @Sendable () -> Date) {
    #if SOLUTION
      self.generate = generate
    #else
      // Step 3: keep the closure you are given, so that every later read can run it.
    #endif
  }

  /// For reading the time as a property, and for pinning it in a test with an assignment.
  ///
  /// Reading runs the closure. Setting swaps the closure for one that always returns the new
  /// date; copies made before the assignment keep their own closure.
  ///
  /// ```swift
  /// var date = DateGenerator { Date() }
  /// date.now = Date(timeIntervalSince1970: 0)
  /// date.now  // 1970-01-01 00:00:00 +0000, from now on
  /// ```
  public var now: Date {
    get {
      #if SOLUTION
        generate()
      #else
        // Step 3: reading `now` runs the stored closure, once per read, and gives its date
        // (this one is a placeholder).
        Date()
      #endif
    }
    set {
      #if SOLUTION
        generate = { newValue }
      #else
        // Step 3: setting `now` stops time at `newValue`: from then on every read of this
        // value gives `newValue`, until `now` is set again. Other copies keep their own closure.
      #endif
    }
  }

  /// For the feature's side: the current date, exactly as reading ``now`` gives it.
  ///
  /// ```swift
  /// let note = Note(createdAt: date())
  /// ```
  public func callAsFunction() -> Date {
    #if SOLUTION
      generate()
    #else
      // Step 3: give exactly what reading `now` gives: one run of the stored closure per call.
      Date()
    #endif
  }

  /// For tests where time stands still: a generator that always returns `now`.
  ///
  /// ```swift
  /// let model = NotesModel(date: .constant(Date(timeIntervalSince1970: 0)))
  /// ```
  ///
  /// - Parameter now: What every read returns.
  /// - Returns: A generator that always returns `now`.
  public static func constant(_ now: Date) -> Self {
    #if SOLUTION
      Self { now }
    #else
      // Step 3: return a generator that answers with the date it was given, every time, never
      // the real clock's (mind the lesson's trap: one dot turns the parameter into `Date.now`).
      Self { Date() }
    #endif
  }
}
