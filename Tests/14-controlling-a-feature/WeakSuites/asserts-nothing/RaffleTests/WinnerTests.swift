import Dependencies
import Foundation
import Raffle
import Testing

@MainActor
@Suite("Step 3: the random number generator dependency picks the winner")
struct WinnerTests {
  @Test func aSeededGeneratorDecidesTheWinner() async {
    let raffle = ControlledRaffle(entrants: ["Ada", "Grace", "Hedy"])
    let drawing = await raffle.start()
    await raffle.clock.advance(by: .seconds(10))
    await drawing.value
    _ = raffle.model.lastDraw?.winner
  }
}
