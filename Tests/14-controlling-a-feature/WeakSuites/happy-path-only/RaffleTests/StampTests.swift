import Dependencies
import Foundation
import Raffle
import Testing

@MainActor
@Suite("Step 2: the draw's id and date come from dependencies")
struct StampTests {
  @Test func aDrawIsStamped() async {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace"])
    let drawing = await raffle.start()
    await raffle.clock.advance(by: .seconds(10))
    await drawing.value
    #expect(raffle.model.lastDraw?.id == UUID(0))
    #expect(raffle.model.lastDraw?.drawnAt == noon)
  }
}
