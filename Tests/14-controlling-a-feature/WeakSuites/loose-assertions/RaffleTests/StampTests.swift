import Dependencies
import Foundation
import Raffle
import Testing

// A weak suite: the ids and dates of two draws are looked for with `contains`, and the date of
// a draw that follows the clock is only "not before noon".

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
    let second = try #require(raffle.model.lastDraw)

    #expect([first.id, second.id].contains(UUID(0)))
    #expect([first.drawnAt, second.drawnAt].contains(noon))
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
    let drawnAt = try #require(raffle.model.lastDraw?.drawnAt)
    #expect(drawnAt >= noon)
  }
}
