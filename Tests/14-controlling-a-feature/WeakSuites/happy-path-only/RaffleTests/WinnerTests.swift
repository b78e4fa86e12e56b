import Dependencies
import Foundation
import Raffle
import Testing

@MainActor
@Suite("Step 3: the random number generator dependency picks the winner")
struct WinnerTests {
  @Test func theWinnerIsAnEntrant() async {
    let entrants = ["Ada", "Grace", "Hedy", "Katherine"]
    let raffle = ControlledRaffle(
      entrants: entrants, generator: SeededRandomNumberGenerator(seed: 3))
    let drawing = await raffle.start()
    await raffle.clock.advance(by: .seconds(10))
    await drawing.value
    #expect(entrants.contains(raffle.model.lastDraw?.winner ?? ""))
  }
}
