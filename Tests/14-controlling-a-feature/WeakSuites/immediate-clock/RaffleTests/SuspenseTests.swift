import Dependencies
import Foundation
import Raffle
import Testing

// A weak suite: honest checks of everything a draw produces, but on an ImmediateClock, so the
// suspense is over before the test can look: it never sees how long it lasts, nor a draw
// cancelled in the middle, nor a date that follows the clock.

@MainActor
@Suite("Step 1: the suspense waits three seconds on the clock dependency")
struct SuspenseTests {
  @Test func aDrawEndsWithAWinnerAndStopsDrawing() async {
    let model = immediateRaffle(
      entrants: ["Ada", "Grace"], posted: LockIsolated([]), postFails: LockIsolated(false))
    await model.draw()
    #expect(model.lastDraw != nil)
    #expect(!model.isDrawing)
  }
}
