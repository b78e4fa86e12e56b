import Dependencies
import Foundation
import Raffle
import Testing

// A weak suite: two draws are made, but only the first one's id is checked, never the second's
// id nor either date.

@MainActor
@Suite("Step 2: the draw's id and date come from dependencies")
struct StampTests {
  @Test(
    "two draws take ids UUID(0) and UUID(1) from the uuid dependency, both dated noon by the date dependency"
  )
  func drawsAreStampedByTheUUIDAndDateDependencies() async throws {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    try await raffle.drawToTheEnd()
    let first = try #require(raffle.model.lastDraw)
    try await raffle.drawToTheEnd()

    #expect(first.id == UUID(0))
  }

  @Test("a draw is dated when its winner is picked, 3 seconds in, not when the draw started")
  func aDrawIsDatedWhenItsWinnerIsPicked() async throws {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"]) { clock in
      let start = clock.now
      return DateGenerator {
        noon.addingTimeInterval(Double(start.duration(to: clock.now).components.seconds))
      }
    }
    try await raffle.drawToTheEnd()
    #expect(raffle.model.lastDraw?.drawnAt == noon.addingTimeInterval(3))
  }
}
