import Dependencies
import Foundation
import Raffle
import Testing

@MainActor
@Suite("Step 2: the draw's id and date come from dependencies")
struct StampTests {
  @Test func drawsAreStampedByTheUUIDAndDateDependencies() async {
    let model = immediateRaffle(
      entrants: ["Ada", "Grace"], posted: LockIsolated([]), postFails: LockIsolated(false))
    await model.draw()
    let first = model.lastDraw
    await model.draw()
    let second = model.lastDraw
    #expect([first?.id, second?.id] == [UUID(0), UUID(1)])
    #expect([first?.drawnAt, second?.drawnAt] == [noon, noon])
  }
}
