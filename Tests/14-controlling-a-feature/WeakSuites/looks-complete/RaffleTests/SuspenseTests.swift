import Dependencies
import Foundation
import Raffle
import Testing

// A weak suite: every test of the reference is here, with its names and set-up, but each one
// checks a single value: no winner at 2 seconds (not that the draw still waits, nor a winner
// at 3), not drawing once the winner is out (not before, nor during), and no winner after a
// cancel (not that nothing was posted, the drawing stopped or no sleep is left).

@MainActor
@Suite("Step 1: the suspense waits three seconds on the clock dependency")
struct SuspenseTests {
  @Test(
    "no winner is out after 2 seconds while the draw still waits on the clock, and one is out after 3 seconds"
  )
  func theSuspenseLastsExactlyThreeSeconds() async throws {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    let drawing = await raffle.start()

    await raffle.clock.advance(by: .seconds(2))
    #expect(raffle.model.lastDraw == nil)

    await raffle.clock.advance(by: .seconds(1))
    try await raffle.clock.checkSuspension()
    await drawing.value
  }

  @Test("the model is drawing during the suspense, but not before the draw starts or after it ends")
  func theModelIsDrawingOnlyDuringTheSuspense() async throws {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    let drawing = await raffle.start()

    await raffle.clock.advance(by: .seconds(3))
    try await raffle.clock.checkSuspension()
    await drawing.value
    #expect(raffle.model.isDrawing == false)
  }

  @Test(
    "a draw cancelled mid-suspense has no winner, posts nothing, stops drawing and leaves no wait on the clock"
  )
  func cancellingTheSuspenseLeavesNoWinnerAndPostsNothing() async throws {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    let drawing = await raffle.start()

    await raffle.clock.advance(by: .seconds(1))
    drawing.cancel()
    await drawing.value
    await raffle.clock.advance(by: .seconds(5))
    #expect(raffle.model.lastDraw == nil)
  }
}
