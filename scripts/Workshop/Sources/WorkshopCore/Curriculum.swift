/// The course's exercises in learning order, with their fixed ids.
///
/// A learner starts at the first and works down the list; by the last they have rebuilt the core
/// of the library. The ids are fixed: lessons, tools and reports name them. An exercise is
/// *present* once `Tests/<id>/exercise.json` exists; until then it is listed as coming.
///
/// ```swift
/// for entry in Curriculum.entries { print(entry.id, entry.subject) }
/// ```
public enum Curriculum {
  /// One place in the curriculum.
  public struct Entry: Sendable, Equatable {
    /// `NN-kebab-name`, used for the folders in `Exercises/`, `Solutions/` and `Tests/`.
    public var id: String
    /// What the exercise rebuilds, in a few words.
    public var subject: String

    public init(id: String, subject: String) {
      self.id = id
      self.subject = subject
    }
  }

  /// Every exercise, in learning order.
  public static let entries: [Entry] = [
    Entry(id: "01-injected-values", subject: "dependency injection with no library"),
    Entry(id: "02-dependency-keys", subject: "dependency keys and their default values"),
    Entry(id: "03-dependency-wrapper", subject: "the @Dependency property wrapper"),
    Entry(id: "04-scoped-overrides", subject: "withDependencies and withDependencies(from:)"),
    Entry(id: "05-context-forcing", subject: "the dependency context and forcing it"),
    Entry(id: "06-escaped-dependencies", subject: "withEscapedDependencies and yield"),
    Entry(id: "07-controllable-generators", subject: "UUID, date and seeded random generators"),
    Entry(id: "08-unimplemented-clients", subject: "clients with unimplemented endpoints"),
    Entry(id: "09-test-clock", subject: "TestClock and ImmediateClock"),
    Entry(id: "10-issue-reporting", subject: "reportIssue and withExpectedIssue"),
    Entry(id: "11-single-entry-point", subject: "prepareDependencies at an app's entry point"),
    Entry(id: "12-parameterized-tests", subject: "fresh dependencies for every test and argument"),
  ]

  /// The place of `id` in the learning order, if the curriculum names it.
  public static func position(of id: String) -> Int? {
    entries.firstIndex { $0.id == id }
  }
}
