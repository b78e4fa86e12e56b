import Dependencies
import Foundation
import Raffle
import Testing

// A weak suite: the winner is only "one of the entrants" or "not nil", never the exact entrant.

@MainActor
@Suite("Step 3: the random number generator dependency picks the winner")
struct WinnerTests {
  @Test(
    "the model asks the random number generator, and the winner is the entrant the same seed picks",
    arguments: [1, 2, 3, 4, 5] as [UInt64])
  func aSeededGeneratorDecidesTheWinner(seed: UInt64) async throws {
    let entrants = ["Ada", "Grace", "Hedy", "Katherine"]
    let raffle = ControlledRaffle(
      entrants: entrants, generator: SeededRandomNumberGenerator(seed: seed))
    try await raffle.drawToTheEnd()

    #expect(raffle.numbersAsked.value > 0)
    let winner = try #require(raffle.model.lastDraw?.winner)
    #expect(entrants.contains(winner))
  }

  @Test("the last entrant wins when the generator gives the highest number")
  func theLastEntrantCanWin() async throws {
    let raffle = ControlledRaffle(
      entrants: ["Ada", "Grace", "Hedy"], generator: HighestGenerator())
    try await raffle.drawToTheEnd()
    #expect(raffle.model.lastDraw?.winner != nil)
  }

  @Test("a raffle with a single entrant draws that entrant as the winner")
  func aSingleEntrantWins() async throws {
    let raffle = ControlledRaffle(entrants: ["Ada"])
    try await raffle.drawToTheEnd()
    #expect(raffle.model.lastDraw?.winner != nil)
  }
}
