import Dependencies
import Foundation

/// The briefing's second feature: headlines saved to read later, and a reminder to read them.
///
/// Each saved item gets its id from the `uuid` dependency and its date from the `date`
/// dependency; the reminder waits on the clock dependency. So the app gets random ids, the real
/// date and real time, preview mode gets what its entry point chose, and a test decides all
/// three:
///
/// ```swift
/// @Test @MainActor func reminder() async {
///   let clock = TestClock()
///   let list = withDependencies {
///     $0.continuousClock = clock
///     $0.uuid = .incrementing
///     $0.date.now = Date(timeIntervalSince1970: 0)
///   } operation: {
///     ReadingListModel()
///   }
///   list.save(Headline(title: "Tide tables online", source: "Post"))
///   let waiting = Task { await list.remind(after: .seconds(600)) }
///   await clock.waitForSleepers(count: 1)
///   await clock.advance(by: .seconds(600))
///   await waiting.value
///   #expect(list.reminder?.items.map(\.id) == [UUID(0)])
/// }
/// ```
@MainActor
public final class ReadingListModel {
  /// The saved items, in the order they were saved.
  public private(set) var items: [ReadingItem] = []
  /// The last reminder that fired, or `nil` before the first.
  public private(set) var reminder: Reminder?

  #if SOLUTION
    @Dependency(\.uuid) var uuid
    @Dependency(\.date.now) var now
    @Dependency(\.continuousClock) var clock
  #else
    // Step 2: declare here, one `@Dependency` each, the id generator, the current date and the
    // clock this model reads. Like the headlines, it captures them when it is made.
  #endif

  /// An empty reading list. It keeps the dependencies in effect where it is made.
  public init() {}

  /// Saves `headline` at the end of the list, with a new id and the current date. A headline
  /// already in the list is not saved again.
  ///
  /// - Parameter headline: The headline to read later.
  public func save(_ headline: Headline) {
    #if SOLUTION
      guard !items.contains(where: { $0.headline == headline }) else { return }
      items.append(ReadingItem(id: uuid(), headline: headline, savedAt: now))
    #else
      // Step 2: append an item for `headline`, its id from the uuid dependency and its date from
      // the date dependency, unless the list already holds that headline.
    #endif
  }

  /// Waits `delay` on the clock, then sets ``reminder``: every saved item, dated when it fires.
  ///
  /// Returns at once, setting nothing, when the list is empty. Run it in a task: if that task is
  /// cancelled while it waits, no reminder fires.
  ///
  /// - Parameter delay: How long to wait on the clock.
  public func remind(after delay: Duration) async {
    #if SOLUTION
      guard !items.isEmpty else { return }
      do {
        try await clock.sleep(for: delay)
      } catch {
        return
      }
      reminder = Reminder(items: items, firedAt: now)
    #else
      // Step 2: unless the list is empty, wait `delay` on the clock dependency; then, if the wait
      // was not cancelled, set the reminder to every saved item, dated when it fires.
    #endif
  }
}
