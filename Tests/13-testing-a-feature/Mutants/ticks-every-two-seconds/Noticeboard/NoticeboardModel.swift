import Dependencies
import Foundation

/// The noticeboard screen's model: a welcome message that appears after a while, a timer,
/// notes the user adds, and headlines loaded from the network.
///
/// Everything it cannot decide by itself comes from a dependency: the clock it waits on, the
/// ids and dates of new notes, and the client that loads the headlines. The app gets the real
/// ones; a test chooses each of them, so the model behaves the same on every run and no test
/// waits for real:
///
/// ```swift
/// @Test @MainActor func welcome() async {
///   let clock = TestClock()
///   let model = withDependencies {
///     $0.continuousClock = clock
///   } operation: {
///     NoticeboardModel()
///   }
///   let appearing = Task { await model.appeared() }
///   await clock.waitForSleepers(count: 1)
///   await clock.advance(by: .seconds(10))
///   await appearing.value
///   #expect(model.welcome == "Welcome back!")
/// }
/// ```
@MainActor
public final class NoticeboardModel {
  /// The welcome message: `nil` until the screen has been shown for 10 seconds.
  public private(set) var welcome: String?
  /// How many whole seconds the timer has counted while it ran.
  public private(set) var ticks = 0
  /// The notes, oldest first.
  public private(set) var notes: [Note] = []
  /// The headlines of the last successful refresh, empty before the first one.
  public private(set) var headlines: [String] = []
  /// What went wrong with the last refresh, or `nil` when it succeeded.
  public private(set) var errorMessage: String?

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid
  @Dependency(\.date.now) var now
  @Dependency(\.headlines) var headlinesClient

  /// A noticeboard with no welcome yet, no ticks, no notes and no headlines. It keeps the
  /// dependencies in effect where it is made.
  public init() {}

  /// Call when the screen appears: after 10 seconds on the clock, shows the welcome message.
  ///
  /// Run it in a task that is cancelled when the screen goes away; if that happens before the
  /// 10 seconds are up, no welcome is shown.
  public func appeared() async {
    do {
      try await clock.sleep(for: .seconds(10))
    } catch {
      return
    }
    welcome = "Welcome back!"
  }

  /// Counts ticks, one per second on the clock, until its task is cancelled.
  ///
  /// The first tick comes one second after the call; cancelling the task stops the count at
  /// once and the method returns.
  public func runTimer() async {
    while true {
      do {
        // Mutant: sleeps 2 seconds per tick.
        try await clock.sleep(for: .seconds(2))
      } catch {
        return
      }
      ticks += 1
    }
  }

  /// Adds a note saying `text` after the others, with a new id and the current date.
  ///
  /// - Parameter text: What the note says.
  public func addNote(_ text: String) {
    notes.append(Note(id: uuid(), text: text, createdAt: now))
  }

  /// Loads the headlines again.
  ///
  /// When the client answers, its headlines replace the old ones and any earlier error is
  /// cleared. When it throws, ``errorMessage`` says so and the old headlines stay on screen.
  public func refresh() async {
    do {
      headlines = try await headlinesClient.fetch()
      errorMessage = nil
    } catch {
      errorMessage = "Could not load the headlines."
    }
  }
}
