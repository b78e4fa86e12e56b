import Dependencies
import Foundation
import Raffle
import Testing

// A weak suite: it runs every behaviour and checks nothing.

@MainActor
@Suite("Step 1: the suspense waits three seconds on the clock dependency")
struct SuspenseTests {
  @Test func theSuspenseLastsExactlyThreeSeconds() async {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    let drawing = await raffle.start()
    await raffle.clock.advance(by: .seconds(10))
    await drawing.value
  }

  @Test func cancellingTheSuspenseLeavesNoWinnerAndPostsNothing() async {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    let drawing = await raffle.start()
    drawing.cancel()
    await drawing.value
  }
}
