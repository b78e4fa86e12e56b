import Dependencies
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The raffle screen's model: a hat of entrants, and a button that draws a winner.
///
/// A draw keeps everyone in suspense for 3 seconds, then picks the winner at random, stamps the
/// draw with a new id and the current date, shows it, and posts it to the raffle server.
///
/// Everything it cannot decide by itself comes from a dependency: the clock it waits on, the
/// id, the date, the random numbers and the server. The app gets the real ones; a test chooses
/// every one of them, so a draw is the same on every run and no test waits for real:
///
/// ```swift
/// @Test @MainActor func winner() async {
///   let clock = TestClock()
///   let model = withDependencies {
///     $0.continuousClock = clock
///     $0.uuid = .incrementing
///     $0.date = .constant(Date(timeIntervalSince1970: 0))
///     $0.withRandomNumberGenerator = WithRandomNumberGenerator(
///       SeededRandomNumberGenerator(seed: 1))
///     $0.raffleClient.post = { _ in }
///   } operation: {
///     RaffleModel(entrants: ["Ada", "Grace"])
///   }
///   let drawing = Task { await model.draw() }
///   await clock.waitForSleepers(count: 1)
///   await clock.advance(by: .seconds(3))
///   await drawing.value
///   #expect(model.lastDraw?.id == UUID(0))
/// }
/// ```
@MainActor
public final class RaffleModel {
  /// The names in the hat, in the order they were entered.
  public var entrants: [String]
  /// Whether a draw is under way: `true` during the suspense, `false` once the winner is out.
  public private(set) var isDrawing = false
  /// The last draw, or `nil` before the first.
  public private(set) var lastDraw: Draw?
  /// What went wrong posting the last draw, or `nil` when it was posted.
  public private(set) var errorMessage: String?

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid
  @Dependency(\.date.now) var now
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  @Dependency(\.raffleClient) var raffleClient

  /// A raffle with `entrants` in the hat and no draw yet. It keeps the dependencies in effect
  /// where it is made.
  ///
  /// - Parameter entrants: The names in the hat.
  public init(entrants: [String]) {
    self.entrants = entrants
  }

  /// Draws a winner: after 3 seconds of suspense on the clock, picks one of the entrants at
  /// random, shows the draw in ``lastDraw`` and posts it to the raffle server.
  ///
  /// Does nothing when the hat is empty. Run it in a task: if that task is cancelled during the
  /// suspense, nobody wins and nothing is posted. When the post fails, ``errorMessage`` says so
  /// and the winner stays on screen; a post that succeeds clears the message.
  public func draw() async {
    guard !entrants.isEmpty else { return }
    isDrawing = true
    do {
      try await clock.sleep(for: .seconds(3))
    } catch {
      isDrawing = false
      return
    }
    let count = entrants.count
    let index = withRandomNumberGenerator { Int.random(in: 0..<count, using: &$0) }
    let draw = Draw(id: uuid(), winner: entrants[index], drawnAt: now)
    lastDraw = draw
    isDrawing = false
    do {
      // Mutant: the draw is never posted (only a throwing call that does not throw is left).
      try Task.checkCancellation()
      errorMessage = nil
    } catch {
      errorMessage = "The draw could not be posted."
    }
  }
}
