import Dependencies
import Foundation
import Raffle
import Testing

@MainActor
@Suite("Step 1: the suspense waits three seconds on the clock dependency")
struct SuspenseTests {
  @Test(
    "no winner is out after 2 seconds while the draw still waits on the clock, and one is out after 3 seconds"
  )
  func theSuspenseLastsExactlyThreeSeconds() async throws {
    #if SOLUTION
      let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
      let drawing = await raffle.start()

      await raffle.clock.advance(by: .seconds(2))
      #expect(raffle.model.lastDraw == nil, "After 2 s no winner should be out yet.")
      #expect(raffle.clock.pendingSleeperCount == 1, "After 2 s the draw should still wait.")

      await raffle.clock.advance(by: .seconds(1))
      try await raffle.clock.checkSuspension()
      await drawing.value
      #expect(raffle.model.lastDraw != nil, "After 3 s the winner should be out.")
    #else
      // Show that the winner is out exactly 3 seconds into the draw on the clock: not yet
      // after 2 seconds (the draw still waits on the clock), there after 3. Make the model
      // with a test clock, start the draw in a task, and wait until it sleeps before you move
      // the clock.
    #endif
  }

  @Test("the model is drawing during the suspense, but not before the draw starts or after it ends")
  func theModelIsDrawingOnlyDuringTheSuspense() async throws {
    #if SOLUTION
      let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
      #expect(!raffle.model.isDrawing, "Before a draw, the model should not be drawing.")
      let drawing = await raffle.start()
      #expect(raffle.model.isDrawing, "During the suspense, the model should be drawing.")

      await raffle.clock.advance(by: .seconds(3))
      try await raffle.clock.checkSuspension()
      await drawing.value
      #expect(!raffle.model.isDrawing, "Once the winner is out, the model should not be drawing.")
    #else
      // Show that `isDrawing` is true during the suspense and false again once the winner is
      // out.
    #endif
  }

  @Test(
    "a draw cancelled mid-suspense has no winner, posts nothing, stops drawing and leaves no wait on the clock"
  )
  func cancellingTheSuspenseLeavesNoWinnerAndPostsNothing() async throws {
    #if SOLUTION
      let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
      let drawing = await raffle.start()

      await raffle.clock.advance(by: .seconds(1))
      drawing.cancel()
      await drawing.value
      await raffle.clock.advance(by: .seconds(5))
      #expect(raffle.model.lastDraw == nil, "A cancelled draw should have no winner.")
      #expect(raffle.posted.value.isEmpty, "A cancelled draw should post nothing.")
      #expect(!raffle.model.isDrawing, "A cancelled draw should not be drawing any more.")
      try await raffle.clock.checkSuspension()
    #else
      // Show that cancelling the draw's task during the suspense leaves no winner, posts
      // nothing and stops the drawing. Cancel part-way, wait for the task to end, then move
      // the clock well past 3 seconds before you look.
    #endif
  }
}
