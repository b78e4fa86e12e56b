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
    // Show that the winner is out exactly 3 seconds into the draw on the clock: not yet
    // after 2 seconds (the draw still waits on the clock), there after 3. Make the model
    // with a test clock, start the draw in a task, and wait until it sleeps before you move
    // the clock.
  }

  @Test("the model is drawing during the suspense, but not before the draw starts or after it ends")
  func theModelIsDrawingOnlyDuringTheSuspense() async throws {
    // Show that `isDrawing` is true during the suspense and false again once the winner is
    // out.
  }

  @Test(
    "a draw cancelled mid-suspense has no winner, posts nothing, stops drawing and leaves no wait on the clock"
  )
  func cancellingTheSuspenseLeavesNoWinnerAndPostsNothing() async throws {
    // Show that cancelling the draw's task during the suspense leaves no winner, posts
    // nothing and stops the drawing. Cancel part-way, wait for the task to end, then move
    // the clock well past 3 seconds before you look.
  }
}
