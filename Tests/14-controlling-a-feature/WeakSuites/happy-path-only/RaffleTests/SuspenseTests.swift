import Dependencies
import Foundation
import Raffle
import Testing

// A weak suite: one good draw, every dependency controlled, checked once it is over: its id,
// its date, that it was posted, and only that the winner is one of the entrants. It never looks
// at the suspense's edge, cancellation, a failed post or the live client's answers.

@MainActor
@Suite("Step 1: the suspense waits three seconds on the clock dependency")
struct SuspenseTests {
  @Test func aDrawEndsWithAWinner() async {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    let drawing = await raffle.start()
    await raffle.clock.advance(by: .seconds(10))
    await drawing.value
    #expect(raffle.model.lastDraw != nil)
  }
}
