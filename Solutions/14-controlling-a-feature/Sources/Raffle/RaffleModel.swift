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

  #if SOLUTION
    @Dependency(\.continuousClock) var clock
    @Dependency(\.uuid) var uuid
    @Dependency(\.date.now) var now
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
    @Dependency(\.raffleClient) var raffleClient
  #else
    // Steps 1 to 4: the model reaches for the real clock, ids, dates, random numbers and
    // network directly, so a test can control none of them. Declare here, one `@Dependency`
    // each, the values it uses instead; the model captures them when it is made, so a test
    // decides them by making the model inside `withDependencies`.
  #endif

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
      #if SOLUTION
        try await clock.sleep(for: .seconds(3))
      #else
        // Step 1: this waits 3 real seconds, and a test must wait with it. Sleep on the clock
        // dependency instead, so that a test's clock decides when the suspense ends.
        try await Task.sleep(for: .seconds(3))
      #endif
    } catch {
      isDrawing = false
      return
    }
    let count = entrants.count
    #if SOLUTION
      let index = withRandomNumberGenerator { Int.random(in: 0..<count, using: &$0) }
    #else
      // Step 3: the system's generator picks, so no test knows who wins. Pick the same way,
      // one number in 0..<count, but with the generator of the random number generator
      // dependency.
      let index = Int.random(in: 0..<count)
    #endif
    #if SOLUTION
      let draw = Draw(id: uuid(), winner: entrants[index], drawnAt: now)
    #else
      // Step 2: a fresh UUID and the real date differ on every run. Take the id and the date
      // from their dependencies instead.
      let draw = Draw(id: UUID(), winner: entrants[index], drawnAt: Date())
    #endif
    lastDraw = draw
    isDrawing = false
    do {
      #if SOLUTION
        try await raffleClient.post(draw)
      #else
        // Step 4: this talks to the real network, which a test can neither answer nor make
        // fail. Post through the raffle client dependency instead; its live value (write it)
        // sends this very request.
        var request = URLRequest(url: URL(string: "https://raffle.invalid/draws")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        request.httpBody = try encoder.encode(draw)
        let (_, response) = try await URLSession.shared.data(for: request)
        // Any 2xx status means the server filed the draw.
        let status = (response as? HTTPURLResponse)?.statusCode
        guard let status, status / 100 == 2 else {
          throw RaffleServerError(statusCode: status)
        }
      #endif
      errorMessage = nil
    } catch {
      errorMessage = "The draw could not be posted."
    }
  }
}
