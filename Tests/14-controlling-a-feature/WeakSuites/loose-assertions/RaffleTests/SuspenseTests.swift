import Dependencies
import Foundation
import Raffle
import Testing

// A weak suite: every test of the reference, with the same scenario, but loose checks: the
// draw still waits on "more than no" sleepers, `isDrawing` is checked only while it should be
// true, and a cancelled draw posts "at most one" draw.

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
    #expect(raffle.clock.pendingSleeperCount > 0)

    await raffle.clock.advance(by: .seconds(1))
    try await raffle.clock.checkSuspension()
    await drawing.value
    #expect(raffle.model.lastDraw != nil)
  }

  @Test("the model is drawing during the suspense, but not before the draw starts or after it ends")
  func theModelIsDrawingOnlyDuringTheSuspense() async throws {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    let drawing = await raffle.start()
    #expect(raffle.model.isDrawing)

    await raffle.clock.advance(by: .seconds(3))
    try await raffle.clock.checkSuspension()
    await drawing.value
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
    #expect(raffle.posted.value.count <= 1)
    try await raffle.clock.checkSuspension()
  }
}
